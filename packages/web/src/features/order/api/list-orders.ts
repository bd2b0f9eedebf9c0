/**
 * GET /api/shop/order/list: the shopper's orders by status (API.md §6). Needs the shopper session: without
 * it the API answers 61 and the request wrapper takes the shopper to the login page and back.
 */
import { type EndpointData, type EndpointInput, orderApi } from '@haoka/contract';
import { type RequestOptions, request } from '../../../platform/request';

export type OrderPage = EndpointData<typeof orderApi.listShopOrders>;

export function listOrders(
  query: EndpointInput<typeof orderApi.listShopOrders>,
  options?: RequestOptions,
): Promise<OrderPage> {
  return request(orderApi.listShopOrders, query, options);
}

/** Every query of the shopper's orders (lists and counts) starts with this key. */
export const ORDERS_KEY = 'shopOrders';
export const orderListQueryKey = (status: number | null) => [ORDERS_KEY, 'list', status] as const;
export const orderCountQueryKey = (status: number) => [ORDERS_KEY, 'count', status] as const;
