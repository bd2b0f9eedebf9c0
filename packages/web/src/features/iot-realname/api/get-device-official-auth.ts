/**
 * GET /api/iot/deviceOfficialAuth?viceSimNo= (API.md §4): the operator real-name entry of one vice SIM
 * of a device; same presentation as the card's own entry. -1 (not a vice SIM of this device) and 40001
 * are told by the request wrapper.
 */
import { type EndpointData, iotRealnameApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type DeviceOfficialAuthAnswer = EndpointData<typeof iotRealnameApi.getDeviceOfficialAuth>;

export function getDeviceOfficialAuth(viceSimNo: string): Promise<DeviceOfficialAuthAnswer> {
  return request(iotRealnameApi.getDeviceOfficialAuth, { viceSimNo });
}

export const deviceOfficialAuthQueryKey = (simNo: string, viceSimNo: string) =>
  ['deviceOfficialAuth', simNo, viceSimNo] as const;

export function useDeviceOfficialAuth(simNo: string, viceSimNo: string) {
  return useQuery({
    queryKey: deviceOfficialAuthQueryKey(simNo, viceSimNo),
    queryFn: () => getDeviceOfficialAuth(viceSimNo),
    enabled: simNo !== '' && viceSimNo !== '',
    staleTime: 0,
  });
}
