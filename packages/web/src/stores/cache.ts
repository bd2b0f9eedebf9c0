/** Cached configs, the number filter state and recent searches (SPEC §3, SCREENS §0). */
import { type BaseConfig, type GenericConfig, normalizeArrange, type RegionNode } from '@haoka/contract';
import { createPersistedStore } from './persist';
import { field, group, isAnswer, isText, isWhole, listOf, orNull, recordOf, type Value } from './stored';

const cacheShape = group({
  baseConfig: field(orNull(isAnswer<BaseConfig>()), null),
  genericConfig: field(orNull(isAnswer<GenericConfig>()), null),
  filter: group({
    indexFirstGroup: field(isWhole, 0),
    /** spec §4: outside 1..2 falls back to 1. */
    indexArrange: normalizeArrange,
    /** Region lists by parent code: answers of `/provinces/<code>.json`. */
    provinceCache: field(recordOf(listOf(isAnswer<RegionNode>())), {}),
  }),
  recentSearches: field(listOf(isText, 10), []),
  wifiCodes: field(listOf(isText, 10), []),
});
type Cache = Value<typeof cacheShape>;

export const useCacheStore = createPersistedStore(
  'cache',
  cacheShape,
  (set, get) => ({
    patchCache: (patch: Partial<Cache>) => set(patch),
    patchFilter: (patch: Partial<Cache['filter']>) => set({ filter: { ...get().filter, ...patch } }),
  }),
  (stored) => ({
    ...stored,
    baseConfig: null,
    genericConfig: null,
    filter: { ...(stored.filter as object | undefined), provinceCache: {} },
  }),
);
