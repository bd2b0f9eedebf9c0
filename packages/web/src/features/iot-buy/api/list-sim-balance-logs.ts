/** GET /api/iot/simBalanceLogList (API.md §4): the card's balance ledger, newest first, by type. */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { BUY_KEY } from '../query-keys';

export type BalanceLogPage = EndpointData<typeof iotBuyApi.listSimBalanceLogs>;

export const simBalanceLogsKey = (simNo: string, type: number | null) =>
  [BUY_KEY, 'balanceLogs', simNo, type ?? 0] as const;

export function listSimBalanceLogs(query: { page: number; pageSize: number; type?: number }): Promise<BalanceLogPage> {
  return request(iotBuyApi.listSimBalanceLogs, query);
}
