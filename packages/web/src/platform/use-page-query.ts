/** The current route's query parameters as a plain object (SPEC §2: query params are passed to each page). */
import { useMemo } from 'react';
import { useSearchParams } from './router';

export function usePageQuery(): Record<string, string> {
  const [params] = useSearchParams();
  return useMemo(() => Object.fromEntries(params.entries()), [params]);
}
