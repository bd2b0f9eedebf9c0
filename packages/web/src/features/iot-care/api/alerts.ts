/**
 * Card alerts (issue 25): GET/POST /api/iot/alertSettings, GET /api/iot/alertNotices and
 * POST /api/iot/alertNoticesRead.
 */
import { type EndpointData, type EndpointInput, iotCareApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type AlertSettingsData = EndpointData<typeof iotCareApi.getAlertSettings>;
export type AlertSettingsInput = EndpointInput<typeof iotCareApi.saveAlertSettings>;
export type AlertNotices = EndpointData<typeof iotCareApi.listAlertNotices>;
export type AlertNotice = AlertNotices['list'][number];

export const alertSettingsKey = (simNo: string) => ['alertSettings', simNo] as const;
export const alertNoticesKey = (simNo: string, unreadOnly: boolean) => ['alertNotices', simNo, unreadOnly] as const;

export function useAlertSettings(simNo: string) {
  return useQuery({
    queryKey: alertSettingsKey(simNo),
    queryFn: () => request(iotCareApi.getAlertSettings, {}),
    enabled: simNo !== '',
  });
}

export function saveAlertSettings(input: AlertSettingsInput): Promise<AlertSettingsData> {
  return request(iotCareApi.saveAlertSettings, input);
}

/** A secondary block of its page: a failure leaves it out quietly (no toast). */
export function useAlertNotices(simNo: string, unreadOnly: boolean, pageSize = 10) {
  return useQuery({
    queryKey: alertNoticesKey(simNo, unreadOnly),
    queryFn: () =>
      request(iotCareApi.listAlertNotices, { unreadOnly: unreadOnly ? 1 : 0, pageSize }, { hideError: true }),
    enabled: simNo !== '',
  });
}

export function markAlertNoticesRead(ids: number[]): Promise<{ unread: number }> {
  return request(iotCareApi.markAlertNoticesRead, { ids });
}
