/** GET /api/shop/goodsList?goodsId=: one goods with its images and detail, or null when not found. */
import { browseApi, type GoodsItem } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';

export async function getGoods(goodsId: number): Promise<GoodsItem | null> {
  const { promoCode } = useLayoutStore.getState();
  const page = await request(browseApi.listGoods, { goodsId, promoCode });
  return page.list[0] ?? null;
}

export const goodsQueryKey = (goodsId: number) => ['goods', goodsId] as const;

export function useGoods(goodsId: number) {
  return useQuery({
    queryKey: goodsQueryKey(goodsId),
    queryFn: () => getGoods(goodsId),
    enabled: Number.isInteger(goodsId) && goodsId > 0,
  });
}
