/**
 * autoFilterDelivery=1 (SCREENS §2): when no region is chosen, preset the caller's province and city
 * from ipLocation, once per visit; the chip 已按您所在地筛选 ✕ removes it. Location failures stay quiet
 * and leave 全国.
 */

import { useEffect } from 'react';
import { keptQuery } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { usePageQuery } from '../../../platform/use-page-query';
import { getIpLocation } from '../api/get-ip-location';
import { useFilterStore } from './filter-store';

/** `regionChosen`: the filter on screen already has a province (the store may still be catching up with the URL). */
export function useAutoLocation(regionChosen: boolean): void {
  const query = usePageQuery();
  const enabled = (query.autoFilterDelivery ?? keptQuery().autoFilterDelivery) === '1';
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || regionChosen) return;
    const state = useFilterStore.getState();
    if (state.autoTried) return;
    state.markAutoTried();
    client
      .fetchQuery({ queryKey: ['ipLocation'], queryFn: getIpLocation, staleTime: 10 * 60_000 })
      .then((loc) => {
        // The shopper may have picked a region meanwhile: theirs wins.
        const now = useFilterStore.getState();
        if (loc.provinceCode && !now.filter.provinceCode) now.applyAutoLocation(loc.provinceCode, loc.cityCode);
      })
      .catch(() => {
        // spec: unknown location keeps 全国
      });
  }, [enabled, regionChosen, client]);
}
