/** GET /api/simLoginConfig: the card login page's logo, title, placeholder, notice and agreement switch. */
import { iotCoreApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { throttlePromise } from '../../../platform/throttle-promise';
import { useLayoutStore } from '../../../stores/layout';

/** spec §9: config fetches at most once per 1000 ms, leading edge. */
export const getSimLoginConfig = throttlePromise((promoCode: string) =>
  request(iotCoreApi.getSimLoginConfig, { promoCode: promoCode || undefined }),
);

export function useSimLoginConfig() {
  const promoCode = useLayoutStore((s) => s.promoCode);
  return useQuery({
    queryKey: ['simLoginConfig', promoCode],
    queryFn: () => getSimLoginConfig(promoCode),
    staleTime: 60_000,
  });
}
