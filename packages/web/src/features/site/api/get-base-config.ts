/** GET /api/hk/baseConfig: the promoter's storefront configuration, cached in the `cache` store. */
import { shopApi } from '@haoka/contract';
import { queryOptions, useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { throttlePromise } from '../../../platform/throttle-promise';
import { useCacheStore } from '../../../stores/cache';
import { useLayoutStore } from '../../../stores/layout';

export const getBaseConfig = throttlePromise(async (promoCode: string) => {
  const data = await request(shopApi.getBaseConfig, { promoCode });
  useCacheStore.getState().patchCache({ baseConfig: data });
  return data;
});

export const baseConfigQueryKey = (promoCode: string) => ['baseConfig', promoCode] as const;

/** The query of a promoter's configuration; the app prefetches it before its first render (main.tsx). */
export function baseConfigQuery(promoCode: string) {
  return queryOptions({
    queryKey: baseConfigQueryKey(promoCode),
    queryFn: () => getBaseConfig(promoCode),
    staleTime: 60_000,
  });
}

export function useBaseConfig() {
  const promoCode = useLayoutStore((s) => s.promoCode);
  const cached = useCacheStore((s) => s.baseConfig);
  return useQuery({
    ...baseConfigQuery(promoCode),
    placeholderData: cached && (!promoCode || cached.promoCode === promoCode) ? cached : undefined,
  });
}
