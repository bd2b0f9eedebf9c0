/** Cached configs, the number filter state and recent searches (SPEC §3, SCREENS §0). */
import { baseConfig, genericConfig, normalizeArrange, regionNode } from '@haoka/contract';
import { z } from 'zod';
import { createPersistedStore } from './persist';

export const filterStateSchema = z.object({
  indexFirstGroup: z.number().int().catch(0),
  /** spec §4: outside 1..2 falls back to 1. */
  indexArrange: z.unknown().transform(normalizeArrange).catch(1),
  provinceCache: z.record(z.string(), z.array(regionNode)).catch({}),
});

export const cacheSchema = z.object({
  baseConfig: baseConfig.nullable().catch(null),
  genericConfig: genericConfig.nullable().catch(null),
  filter: filterStateSchema.catch({ indexFirstGroup: 0, indexArrange: 1, provinceCache: {} }),
  recentSearches: z.array(z.string()).max(10).catch([]),
  wifiCodes: z.array(z.string()).max(10).catch([]),
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
);
