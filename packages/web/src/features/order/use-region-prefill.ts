/**
 * autoFilterDelivery=1 (SCREENS §1 goods forms): while the form's region is empty, pre-fill the caller's
 * province and city from GET /api/shop/base/ipLocation, once per form. The county is left for the shopper
 * to pick; an unknown location or a failure leaves the picker empty.
 */

import { useEffect, useRef } from 'react';
import { keptQuery } from '../../platform/navigation';
import { useQueryClient } from '../../platform/query';
import { usePageQuery } from '../../platform/use-page-query';
import { getIpLocation } from '../numbers/api/get-ip-location';
import type { RegionValue } from '../regions/region-value';

/** `isEmpty` is read when the location arrives: a region the shopper picked meanwhile wins. */
export function useRegionPrefill(isEmpty: () => boolean, apply: (region: RegionValue) => void): void {
  const query = usePageQuery();
  const enabled = (query.autoFilterDelivery ?? keptQuery().autoFilterDelivery) === '1';
  const client = useQueryClient();
  const tried = useRef(false);
  const latest = useRef({ isEmpty, apply });
  latest.current = { isEmpty, apply };
  useEffect(() => {
    if (!enabled || tried.current || !latest.current.isEmpty()) return;
    tried.current = true;
    client
      .fetchQuery({ queryKey: ['ipLocation'], queryFn: getIpLocation, staleTime: 10 * 60_000 })
      .then((loc) => {
        if (!loc.provinceCode || !loc.cityCode || !latest.current.isEmpty()) return;
        latest.current.apply({
          provinceCode: loc.provinceCode,
          provinceName: loc.provinceName,
          cityCode: loc.cityCode,
          cityName: loc.cityName,
          countyCode: '',
          countyName: '',
        });
      })
      .catch(() => {
        // unknown location: the shopper picks the region
      });
  }, [enabled, client]);
}
