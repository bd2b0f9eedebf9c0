/**
 * The static region files (SPEC §7 "Other"): `provinces/0.json` lists the provinces, `{code}.json` the
 * children of a province or city. Not API calls: plain GETs of files shipped with the app.
 */
import type { RegionNode } from '@haoka/contract';
import { useQuery } from '@tanstack/react-query';

export const ROOT_REGION = '0';

export async function getRegions(code: string): Promise<RegionNode[]> {
  const response = await fetch(`${import.meta.env.BASE_URL}provinces/${code}.json`);
  if (!response.ok) throw new Error(`regions ${code}: HTTP ${response.status}`);
  return (await response.json()) as RegionNode[];
}

export const regionsQueryKey = (code: string) => ['regions', code] as const;

/** Children of a region (or the provinces for ROOT_REGION); idle while `code` is empty. */
export function useRegions(code: string) {
  return useQuery({
    queryKey: regionsQueryKey(code),
    queryFn: () => getRegions(code),
    enabled: code !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}
