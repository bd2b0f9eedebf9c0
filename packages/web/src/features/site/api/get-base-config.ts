/** GET /api/hk/baseConfig: the promoter's storefront configuration, cached in the `cache` store. */
import { shopApi } from '@haoka/contract';
import { useQuery } from '@tanstack/react-query';
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

export function useBaseConfig() {
  const promoCode = useLayoutStore((s) => s.promoCode);
  const cached = useCacheStore((s) => s.baseConfig);
  return useQuery({
    queryKey: baseConfigQueryKey(promoCode),
    queryFn: () => getBaseConfig(promoCode),
    staleTime: 60_000,
    placeholderData: cached && (!promoCode || cached.promoCode === promoCode) ? cached : undefined,
  });
}
