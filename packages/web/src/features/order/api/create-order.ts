/** POST /api/shop/order/create (API.md §6): a vanity-number or goods order, idempotent by `uuid`. */
import { type EndpointData, type EndpointInput, orderApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type CreateOrderBody = EndpointInput<typeof orderApi.createShopOrder>;
export type CreatedOrder = EndpointData<typeof orderApi.createShopOrder>;

/** 32001 / 30001 / 30003 are the wrapper's dialogs: they are not silenced here. */
export function createOrder(body: CreateOrderBody): Promise<CreatedOrder> {
  return request(orderApi.createShopOrder, body);
}
