/** GET /api/shop/goodsList: one page of the catalogue (API.md §2 goodsList). */
import { browseApi, type EndpointInput, type GoodsItem, type Page } from '@haoka/contract';
import { request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';

export type GoodsSort = 'default' | 'sales' | 'priceAsc' | 'priceDesc';

export type GoodsListFilter = Omit<
  EndpointInput<typeof browseApi.listGoods>,
  'page' | 'pageSize' | 'goodsId' | 'promoCode'
>;

export function listGoods(filter: GoodsListFilter, page: number, pageSize: number): Promise<Page<GoodsItem>> {
  const { promoCode } = useLayoutStore.getState();
  return request(browseApi.listGoods, { ...filter, promoCode, page, pageSize });
}

/** One key per filter and shop; the pages of a key are the InfiniteList's. */
export function goodsListQueryKey(filter: GoodsListFilter) {
  return ['goodsList', useLayoutStore.getState().promoCode, filter] as const;
}
