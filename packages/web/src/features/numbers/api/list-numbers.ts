/**
 * GET /api/shop/numberList (API.md §2): one page of numbers on sale for a filter. A shuffled listing
 * (换一批) sends `shuffle=1` without a seed for its first page; the server answers the seed it chose,
 * which the following pages send back so the order stays stable across pages.
 */
import { browseApi, type NumberListItem, type Page } from '@haoka/contract';
import { request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';
import { filterKey, filterToParams, type NumberFilter } from '../filter/number-filter';

export interface ShuffleState {
  /** Bumped on every 换一批, so a new seed is asked for. */
  round: number;
  seed?: number;
}

export type NumberPage = Page<NumberListItem> & { seed?: number };

export function listNumbers(
  filter: NumberFilter,
  page: number,
  pageSize: number,
  shuffle?: ShuffleState,
): Promise<NumberPage> {
  const params = {
    // The storefront's own numbers (API.md: "for the promoter"); without it the server lists the
    // numbers of the site the hostname is bound to.
    promoCode: useLayoutStore.getState().promoCode,
    ...filterToParams(filter),
    page,
    pageSize,
    ...(shuffle ? { shuffle: 1, seed: page > 1 ? shuffle.seed : undefined } : {}),
  };
  return request(browseApi.listNumbers, params);
}

export const numberListQueryKey = (filter: NumberFilter) =>
  ['numberList', useLayoutStore.getState().promoCode, filterKey(filter)] as const;

/**
 * A page fetcher for InfiniteList that keeps one shuffle state per filter: `reshuffle` starts a new
 * round (the next page 1 asks for a new seed), later pages reuse the seed page 1 answered.
 */
export function createNumberPager() {
  const shuffles = new Map<string, ShuffleState>();
  return {
    reshuffle(filter: NumberFilter) {
      const key = filterKey(filter);
      shuffles.set(key, { round: (shuffles.get(key)?.round ?? 0) + 1 });
    },
    async fetchPage(filter: NumberFilter, page: number, pageSize: number): Promise<NumberPage> {
      const key = filterKey(filter);
      const shuffle = shuffles.get(key);
      const data = await listNumbers(filter, page, pageSize, shuffle);
      if (shuffle && page === 1 && data.seed !== undefined) shuffles.set(key, { ...shuffle, seed: data.seed });
      return data;
    },
  };
}
