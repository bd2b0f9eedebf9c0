/**
 * GET /api/shop/singlePageInfo: a landing page by code (API.md §2). Code -1 (页面不存在或已下线) is silent:
 * the screen sends the shopper home without the page code instead.
 */
import { browseApi, ErrorCode, type SinglePage } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { ApiError, request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';

export function getSinglePage(pageCode: string): Promise<SinglePage> {
  const { promoCode } = useLayoutStore.getState();
  return request(browseApi.getSinglePage, { pageCode, promoCode }, { silentCodes: [ErrorCode.FAIL] });
}

export const singlePageQueryKey = (pageCode: string) => ['singlePage', pageCode] as const;

export function useSinglePage(pageCode: string) {
  return useQuery({
    queryKey: singlePageQueryKey(pageCode),
    queryFn: () => getSinglePage(pageCode),
    enabled: !!pageCode,
  });
}

/** The page does not exist or is offline (code -1 in the envelope). */
export function isPageMissing(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.FAIL && error.status === 200;
}
