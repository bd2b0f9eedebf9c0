/** GET /api/iot/couponExchangeList (API.md §4): coupons for sale against coupon coins, with the card's coins. */
import { type EndpointData, iotRewardsApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { REWARDS_KEY } from '../query-keys';

export type CouponExchangePage = EndpointData<typeof iotRewardsApi.listCouponExchange>;

export const couponExchangeKey = (simNo: string) => [REWARDS_KEY, 'couponExchange', simNo] as const;

export function listCouponExchange(query: { page: number; pageSize: number }): Promise<CouponExchangePage> {
  return request(iotRewardsApi.listCouponExchange, query);
}
