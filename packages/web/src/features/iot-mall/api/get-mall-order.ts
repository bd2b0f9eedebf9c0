/** GET /api/iot/shopOrderDetails (API.md §4): one order with its traces and how its cash part can be paid. */
import { type IntegralShopOrderDetails, iotMallApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { MALL_KEY } from '../query-keys';

export const mallOrderKey = (simNo: string, orderSn: string) => [MALL_KEY, 'order', simNo, orderSn] as const;

export function getMallOrder(orderSn: string): Promise<IntegralShopOrderDetails> {
  return request(iotMallApi.getMallOrder, { orderSn });
}

export function useMallOrder(simNo: string, orderSn: string) {
  return useQuery({
    queryKey: mallOrderKey(simNo, orderSn),
    queryFn: () => getMallOrder(orderSn),
    enabled: simNo !== '' && orderSn !== '',
    staleTime: 0,
  });
}
