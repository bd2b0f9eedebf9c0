/** POST /api/shop/order/cancel: cancel an unpaid order (API.md §6; only 待支付). */
import { type EndpointData, orderApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export function cancelOrder(orderSn: string): Promise<EndpointData<typeof orderApi.cancelShopOrder>> {
  return request(orderApi.cancelShopOrder, { orderSn });
}
