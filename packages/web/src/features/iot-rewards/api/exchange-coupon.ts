/** POST /api/iot/exchangeCoupon (API.md §4): coins for one coupon, idempotent by the intent's uuid. */
import { type EndpointData, iotRewardsApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type ExchangeResult = EndpointData<typeof iotRewardsApi.exchangeCoupon>;

export function exchangeCoupon(input: { exchangeId: number; uuid: string }): Promise<ExchangeResult> {
  return request(iotRewardsApi.exchangeCoupon, input);
}
