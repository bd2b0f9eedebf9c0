/**
 * GET /api/iot/integralShopIndex (API.md §4): the card's points, and a page of the shelf of one category
 * (page 1 also brings the banners and categories). 40001 (the mall is switched off) is the page's own.
 */
import { type EndpointData, ErrorCode, iotMallApi } from '@haoka/contract';
import { keepPreviousData, useInfiniteQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { MALL_KEY } from '../query-keys';

export type MallIndexPage = EndpointData<typeof iotMallApi.getMallIndex>;

export const MALL_PAGE_SIZE = 10;

export const mallIndexKey = (simNo: string, categoryId: number | null) =>
  [MALL_KEY, 'index', simNo, categoryId ?? 'all'] as const;

export function getMallIndex(query: { categoryId?: number; page: number; pageSize: number }): Promise<MallIndexPage> {
  return request(iotMallApi.getMallIndex, query, { silentCodes: [ErrorCode.MODULE_CLOSED] });
}

export function useMallIndex(simNo: string, categoryId: number | null) {
  return useInfiniteQuery({
    queryKey: mallIndexKey(simNo, categoryId),
    queryFn: ({ pageParam }) =>
      getMallIndex({ ...(categoryId ? { categoryId } : {}), page: pageParam, pageSize: MALL_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
    // Switching category keeps the header (points, banners, tabs) while the new shelf loads.
    placeholderData: keepPreviousData,
    enabled: simNo !== '',
  });
}
