/** GET /api/iot/integralShopGoodsDetails (API.md §4): one goods with its SKUs, limits and the card's points. */
import { type EndpointData, iotMallApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { MALL_KEY } from '../query-keys';

export type MallGoodsDetails = EndpointData<typeof iotMallApi.getMallGoods>;

export const mallGoodsKey = (simNo: string, goodsId: number) => [MALL_KEY, 'goods', simNo, goodsId] as const;

export function getMallGoods(goodsId: number): Promise<MallGoodsDetails> {
  return request(iotMallApi.getMallGoods, { goodsId });
}

export function useMallGoods(simNo: string, goodsId: number | null) {
  return useQuery({
    queryKey: mallGoodsKey(simNo, goodsId ?? 0),
    queryFn: () => getMallGoods(goodsId as number),
    enabled: simNo !== '' && goodsId !== null,
    staleTime: 0,
  });
}
