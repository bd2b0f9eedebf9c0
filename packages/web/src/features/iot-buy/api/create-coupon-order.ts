/**
 * POST /api/iot/createCouponOrder (API.md §4): join a recharge activity, paid online only. 30001 (sold
 * out) is the catalogue's sold-out dialog and -1 (已达参与上限) its toast, both from the request wrapper.
 */
import { type EndpointInput, iotBuyApi, type PayLaunch } from '@haoka/contract';
import { request } from '../../../platform/request';

export type CreateCouponOrderBody = EndpointInput<typeof iotBuyApi.createCouponOrder>;

export function createCouponOrder(body: CreateCouponOrderBody): Promise<PayLaunch> {
  return request(iotBuyApi.createCouponOrder, body);
}
