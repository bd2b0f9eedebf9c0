/** GET /api/iot/goodsShopStore (API.md §4): the pickup stores of a goods (empty: no pickup). */
import { iotMallApi, type PickupStore } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { MALL_KEY } from '../query-keys';

export const goodsStoresKey = (simNo: string, goodsId: number) => [MALL_KEY, 'stores', simNo, goodsId] as const;

export function listGoodsStores(goodsId: number): Promise<PickupStore[]> {
  return request(iotMallApi.listGoodsStores, { goodsId });
}

export function useGoodsStores(simNo: string, goodsId: number | null, enabled = true) {
  return useQuery({
    queryKey: goodsStoresKey(simNo, goodsId ?? 0),
    queryFn: () => listGoodsStores(goodsId as number),
    enabled: enabled && simNo !== '' && goodsId !== null,
  });
}
