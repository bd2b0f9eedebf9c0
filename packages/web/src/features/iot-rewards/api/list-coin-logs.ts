/** GET /api/iot/couponCoinLogList (API.md §4): the card's coupon-coin ledger, newest first, by type. */
import { type EndpointData, iotRewardsApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { REWARDS_KEY } from '../query-keys';

export type CoinLogPage = EndpointData<typeof iotRewardsApi.listCouponCoinLogs>;

export const coinLogsKey = (simNo: string, type: number | null) => [REWARDS_KEY, 'coinLogs', simNo, type ?? 0] as const;

export function listCoinLogs(query: { page: number; pageSize: number; type?: number }): Promise<CoinLogPage> {
  return request(iotRewardsApi.listCouponCoinLogs, query);
}
