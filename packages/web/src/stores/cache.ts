/** Cached configs, the number filter state and recent searches (SPEC §3, SCREENS §0). */
import { type BaseConfig, type GenericConfig, normalizeArrange, type RegionNode } from '@haoka/contract';
import * as z from 'zod/mini';
import { createPersistedStore, storedAnswer } from './persist';

export const filterStateSchema = z.object({
  indexFirstGroup: z.catch(z.int(), 0),
  /** spec §4: outside 1..2 falls back to 1. */
  indexArrange: z.catch(z.pipe(z.unknown(), z.transform(normalizeArrange)), 1),
  /** Region lists by parent code: answers of `/provinces/<code>.json`. */
  provinceCache: z.catch(z.record(z.string(), z.array(storedAnswer<RegionNode>())), {}),
});

export const cacheSchema = z.object({
  baseConfig: z.catch(z.nullable(storedAnswer<BaseConfig>()), null),
  genericConfig: z.catch(z.nullable(storedAnswer<GenericConfig>()), null),
  filter: z.catch(filterStateSchema, { indexFirstGroup: 0, indexArrange: 1, provinceCache: {} }),
  recentSearches: z.catch(z.array(z.string()).check(z.maxLength(10)), []),
  wifiCodes: z.catch(z.array(z.string()).check(z.maxLength(10)), []),
});
type Cache = z.infer<typeof cacheSchema>;

export const useCacheStore = createPersistedStore(
  'cache',
  cacheSchema,
  (): Cache => ({
    baseConfig: null,
    genericConfig: null,
    filter: { indexFirstGroup: 0, indexArrange: 1, provinceCache: {} },
    recentSearches: [],
    wifiCodes: [],
  }),
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
