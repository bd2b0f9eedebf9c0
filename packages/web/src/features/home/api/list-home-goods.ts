/** GET /api/shop/goodsList for the home: group 2 cards a page at a time, and the suggest block's items by id. */
import { browseApi, type GoodsItem, type Page } from '@haoka/contract';
import { useQueries } from '../../../platform/query';
import { request } from '../../../platform/request';

export const HOME_GOODS_GROUP = 2;

export function listHomeGoods(page: number, pageSize: number): Promise<Page<GoodsItem>> {
  return request(browseApi.listGoods, { group: HOME_GOODS_GROUP, page, pageSize });
}

export const homeGoodsQueryKey = ['homeGoods', HOME_GOODS_GROUP] as const;

/** At most this many suggested goods are shown. */
export const MAX_SUGGEST = 6;

async function getGoods(goodsId: number): Promise<GoodsItem | null> {
  const page = await request(browseApi.listGoods, { goodsId }, { hideError: true });
  return page.list[0] ?? null;
}

/** The suggested goods in the configured order; missing or failed ones are left out. */
export function useSuggestedGoods(goodsIds: readonly number[]): GoodsItem[] {
  const results = useQueries({
    queries: goodsIds.slice(0, MAX_SUGGEST).map((goodsId) => ({
      queryKey: ['goods', goodsId],
      queryFn: () => getGoods(goodsId),
      staleTime: 60_000,
    })),
  });
  return results.map((r) => r.data).filter((g): g is GoodsItem => !!g);
}
