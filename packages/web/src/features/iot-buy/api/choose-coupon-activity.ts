/** GET /api/iot/couponChoose (API.md §4): the recharge activities (coupon packs) open to the card. */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { BUY_KEY } from '../query-keys';

export type CouponActivityChoice = EndpointData<typeof iotBuyApi.chooseCouponActivity>;

export const couponChooseKey = (simNo: string) => [BUY_KEY, 'couponChoose', simNo] as const;

export function chooseCouponActivity(): Promise<CouponActivityChoice> {
  return request(iotBuyApi.chooseCouponActivity, {});
}

export function useCouponChoose(simNo: string) {
  return useQuery({
    queryKey: couponChooseKey(simNo),
    queryFn: chooseCouponActivity,
    enabled: simNo !== '',
    staleTime: 0,
  });
}
