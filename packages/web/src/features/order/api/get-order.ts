/** GET /api/shop/order/detail: one order with the pay methods on offer (API.md §6). */
import { type EndpointData, orderApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type OrderDetail = EndpointData<typeof orderApi.getShopOrder>;

export function getOrder(orderSn: string): Promise<OrderDetail> {
  return request(orderApi.getShopOrder, { orderSn });
}

export const orderQueryKey = (orderSn: string) => ['shopOrder', orderSn] as const;

export function useOrder(orderSn: string) {
  return useQuery({
    queryKey: orderQueryKey(orderSn),
    queryFn: () => getOrder(orderSn),
    enabled: orderSn !== '',
    staleTime: 0,
  });
}
