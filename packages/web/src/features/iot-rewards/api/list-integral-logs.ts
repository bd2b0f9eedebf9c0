/** GET /api/iot/simIntegralLogList (API.md §4): the card's points ledger, newest first, by type. */
import { type EndpointData, iotRewardsApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { REWARDS_KEY } from '../query-keys';

export type IntegralLogPage = EndpointData<typeof iotRewardsApi.listSimIntegralLogs>;

export const integralLogsKey = (simNo: string, type: number | null) =>
  [REWARDS_KEY, 'integralLogs', simNo, type ?? 0] as const;

export function listIntegralLogs(query: { page: number; pageSize: number; type?: number }): Promise<IntegralLogPage> {
  return request(iotRewardsApi.listSimIntegralLogs, query);
}
