/**
 * Keeps the filter store and the page query in step on the VanityNumber route pages (SCREENS §2: the page
 * reads its filter from the query). A new URL (first visit, back, a link) replaces the filter; a filter
 * change made on the page is written back to the URL (replace), other query parameters untouched.
 * Returns the filter to show: the URL's until the store has taken it over, so the first render already
 * lists the right numbers (no request for a stale filter).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from '../../../platform/router';
import { useFilterStore } from './filter-store';
import { FILTER_QUERY_KEYS, filterFromQuery, filterKey, filterToQuery, type NumberFilter } from './number-filter';

export function useQueryFilterSync(): NumberFilter {
  const [params, setParams] = useSearchParams();
  const storeFilter = useFilterStore((s) => s.filter);
  const queryFilter = useMemo(() => filterFromQuery(Object.fromEntries(params.entries())), [params]);
  const queryKey = filterKey(queryFilter);
  /** The last URL filter handled. */
  const seen = useRef<string | null>(null);
  /**
   * Filters written to the URL that have not shown up in it yet, oldest first: the URL updates a render
   * later, and a quick second change must not read the first write's arrival as a navigation.
   */
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const storeKey = filterKey(storeFilter);
    if (queryKey !== seen.current) {
      seen.current = queryKey;
      const own = pending.current.indexOf(queryKey);
      if (own >= 0) pending.current = pending.current.slice(own + 1);
      else {
        pending.current = [];
        if (queryKey !== storeKey) {
          useFilterStore.getState().replaceFilter(queryFilter);
          return;
        }
      }
    }
    const target = pending.current.at(-1) ?? queryKey;
    if (storeKey === target) return;
    pending.current.push(storeKey);
    const next = new URLSearchParams(params);
    for (const key of FILTER_QUERY_KEYS) next.delete(key);
    for (const [key, value] of Object.entries(filterToQuery(storeFilter))) next.set(key, value);
    setParams(next, { replace: true });
  }, [queryKey, queryFilter, storeFilter, params, setParams]);

  const handled = seen.current === queryKey || pending.current.includes(queryKey);
  return handled ? storeFilter : queryFilter;
}
