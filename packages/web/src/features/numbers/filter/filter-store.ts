/**
 * The shared state of the VanityNumber parts (SCREENS §2): the current filter lives in memory here; the
 * list arrangement is persisted as `cache.filter.indexArrange` (spec §4: anything but 1 or 2 reads as 1).
 * Every change produces a new filter object, so the list's query key changes and it restarts at page 1.
 */
import { type IndexArrange, normalizeArrange } from '@haoka/contract';
import { create } from 'zustand';
import { useCacheStore } from '../../../stores/cache';
import { emptyFilter, type NumberFilter, normalizeFilter } from './number-filter';

interface FilterState {
  filter: NumberFilter;
  /** The region was preset from the caller's IP (autoFilterDelivery=1): the chip 已按您所在地筛选 shows. */
  autoLocated: boolean;
  /** The automatic region was tried during this visit (applied or not): it is never applied twice. */
  autoTried: boolean;
  setFilter: (patch: Partial<NumberFilter>) => void;
  replaceFilter: (filter: NumberFilter) => void;
  resetFilter: () => void;
  markAutoTried: () => void;
  applyAutoLocation: (provinceCode: string, cityCode: string) => void;
  clearAutoLocation: () => void;
}

export const useFilterStore = create<FilterState>()((set, get) => ({
  filter: emptyFilter(),
  autoLocated: false,
  autoTried: false,
  setFilter: (patch) => {
    const touchesRegion = 'provinceCode' in patch || 'cityCode' in patch;
    set({
      filter: normalizeFilter({ ...get().filter, ...patch }),
      ...(touchesRegion && get().autoLocated ? { autoLocated: false } : {}),
    });
  },
  replaceFilter: (filter) => set({ filter: normalizeFilter(filter), autoLocated: false }),
  resetFilter: () => set({ filter: emptyFilter(), autoLocated: false }),
  markAutoTried: () => set({ autoTried: true }),
  applyAutoLocation: (provinceCode, cityCode) =>
    set({ filter: normalizeFilter({ ...get().filter, provinceCode, cityCode }), autoLocated: true }),
  clearAutoLocation: () =>
    set({ filter: normalizeFilter({ ...get().filter, provinceCode: '', cityCode: '' }), autoLocated: false }),
}));

/** List (1) or two-column grid (2), as stored. */
export function useArrange(): IndexArrange {
  return useCacheStore((s) => normalizeArrange(s.filter.indexArrange));
}

export function setArrange(value: unknown): void {
  useCacheStore.getState().patchFilter({ indexArrange: normalizeArrange(value) });
}

export function getArrange(): IndexArrange {
  return normalizeArrange(useCacheStore.getState().filter.indexArrange);
}
