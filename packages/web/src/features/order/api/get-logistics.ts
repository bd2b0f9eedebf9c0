/**
 * GET /api/shop/order/logistics: carrier, tracking number and traces. -1 (订单尚未发货, 订单不存在) is
 * shown by the page in place of the content, so it is silenced here.
 */
import { ErrorCode, type Logistics, orderApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export function getLogistics(orderSn: string): Promise<Logistics> {
  return request(orderApi.getShopOrderLogistics, { orderSn }, { silentCodes: [ErrorCode.FAIL] });
}

export function useLogistics(orderSn: string) {
  return useQuery({
    queryKey: ['shopOrderLogistics', orderSn],
    queryFn: () => getLogistics(orderSn),
    enabled: orderSn !== '',
    staleTime: 0,
  });
}
