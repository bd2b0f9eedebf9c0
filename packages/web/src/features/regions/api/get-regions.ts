/**
 * Region lists from the static files /provinces/{code}.json (SPEC §7 "Other"): `0` lists provinces,
 * a province code its cities, a city code its counties. Each list is kept in `cache.filter.provinceCache`,
 * so the pickers open instantly on the next visit.
 */
import type { RegionNode } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { useCacheStore } from '../../../stores/cache';

export const PROVINCES = '0';

export async function getRegions(code: string): Promise<RegionNode[]> {
  const cached = useCacheStore.getState().filter.provinceCache[code];
  if (cached) return cached;
  const res = await fetch(`${import.meta.env.BASE_URL}provinces/${code}.json`);
  if (!res.ok) throw new Error(`regions ${code}: HTTP ${res.status}`);
  const nodes = (await res.json()) as RegionNode[];
  const { filter, patchFilter } = useCacheStore.getState();
  patchFilter({ provinceCache: { ...filter.provinceCache, [code]: nodes } });
  return nodes;
}

/** Children of a region code ('0' for provinces); disabled for ''. */
export function useRegions(code: string) {
  const cached = useCacheStore((s) => (code ? s.filter.provinceCache[code] : undefined));
  return useQuery({
    queryKey: ['regions', code],
    queryFn: () => getRegions(code),
    enabled: code !== '',
    initialData: cached,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Name of a code within a list, or ''. */
export function regionNameIn(nodes: readonly RegionNode[] | undefined, code: string): string {
  return nodes?.find((n) => n.code === code)?.name ?? '';
}
