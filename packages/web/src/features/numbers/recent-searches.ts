/** Recent HeadSearch keywords (SCREENS §2): at most 10, newest first, kept in `cache.recentSearches`. */
import { useCacheStore } from '../../stores/cache';

export const MAX_RECENT_SEARCHES = 10;

export function addRecentSearch(keyword: string): void {
  if (!keyword) return;
  const { recentSearches, patchCache } = useCacheStore.getState();
  patchCache({
    recentSearches: [keyword, ...recentSearches.filter((k) => k !== keyword)].slice(0, MAX_RECENT_SEARCHES),
  });
}

export function clearRecentSearches(): void {
  useCacheStore.getState().patchCache({ recentSearches: [] });
}

export function useRecentSearches(): string[] {
  return useCacheStore((s) => s.recentSearches);
}
