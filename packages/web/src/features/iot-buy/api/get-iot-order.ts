/** GET /api/iot/orderInfo (ADDED): what the IoT cashier shows of one order of the card. */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { BUY_KEY } from '../query-keys';

export type IotOrder = EndpointData<typeof iotBuyApi.getIotOrder>;

export const iotOrderKey = (orderSn: string) => [BUY_KEY, 'order', orderSn] as const;

export function getIotOrder(orderSn: string): Promise<IotOrder> {
  return request(iotBuyApi.getIotOrder, { orderSn });
}

export function useIotOrder(orderSn: string) {
  return useQuery({
    queryKey: iotOrderKey(orderSn),
    queryFn: () => getIotOrder(orderSn),
    enabled: orderSn !== '',
    staleTime: 0,
  });
}
