/** GET /api/hk/genericConfig: global settings, cached in the `cache` store. */
import { shopApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { throttlePromise } from '../../../platform/throttle-promise';
import { useCacheStore } from '../../../stores/cache';

export const getGenericConfig = throttlePromise(async () => {
  const data = await request(shopApi.getGenericConfig, {});
  useCacheStore.getState().patchCache({ genericConfig: data });
  return data;
});

export function useGenericConfig() {
  const cached = useCacheStore((s) => s.genericConfig);
  return useQuery({
    queryKey: ['genericConfig'],
    queryFn: () => getGenericConfig(),
    staleTime: 5 * 60_000,
    placeholderData: cached ?? undefined,
  });
}
