import { describe, expect, it } from 'vitest';
import { silenceWarnings, writeStored } from '../../../test/persisted';
import { getArrange, setArrange, useFilterStore } from './filter-store';
import {
  EMPTY_FILTER,
  emptyFilter,
  filterFromQuery,
  filterKey,
  filterToParams,
  filterToQuery,
  moreFilterCount,
  type NumberFilter,
  sanitizeKeyword,
} from './number-filter';
import { parsePriceRange } from './price-range';

const FULL: NumberFilter = {
  provinceCode: '440000',
  cityCode: '440300',
  operatorType: 1,
  segment: '138',
  pattern: ['AABB', 'A4'],
  keyword: '888',
  position: 'tail',
  priceMin: 100,
  priceMax: 500,
  excludeDigits: [4, 7],
  sort: 'priceAsc',
};

describe('filter ↔ query', () => {
  it('round-trips a full filter', () => {
    const query = filterToQuery(FULL);
    expect(query).toEqual({
      provinceCode: '440000',
      cityCode: '440300',
      operatorType: '1',
      segment: '138',
      pattern: 'AABB,A4',
      keyword: '888',
      position: 'tail',
      priceMin: '100',
      priceMax: '500',
      excludeDigits: '4,7',
      sort: 'priceAsc',
    });
    expect(filterFromQuery(query)).toEqual(FULL);
  });

  it('the empty filter has an empty query and back', () => {
    expect(filterToQuery(EMPTY_FILTER)).toEqual({});
    expect(filterFromQuery({})).toEqual(EMPTY_FILTER);
    expect(filterKey(emptyFilter())).toBe('');
  });

  it('keeps a zero minimum price (0–100 preset)', () => {
    const f = { ...emptyFilter(), priceMin: 0, priceMax: 100 };
    expect(filterToQuery(f)).toEqual({ priceMin: '0', priceMax: '100' });
    expect(filterFromQuery(filterToQuery(f))).toEqual(f);
    expect(filterToParams(f)).toMatchObject({ priceMin: 0, priceMax: 100 });
  });

  it('drops what the API would refuse', () => {
    const f = filterFromQuery({
      provinceCode: '44',
      cityCode: '440300',
      operatorType: '9',
      segment: '2a3',
      pattern: 'AABB,NOPE,AABB',
      keyword: '8a8-8',
      position: 'tail',
      priceMin: '-5',
      priceMax: '1.5',
      excludeDigits: '4,x,4,10,2',
      sort: 'random',
    });
    expect(f).toEqual({ ...EMPTY_FILTER, pattern: ['AABB'], keyword: '888', position: 'tail', excludeDigits: [2, 4] });
  });

  it('a city of another province and a segment of another operator are dropped', () => {
    expect(filterFromQuery({ provinceCode: '440000', cityCode: '110100' }).cityCode).toBe('');
    expect(filterFromQuery({ operatorType: '2', segment: '138' }).segment).toBe('');
    expect(filterFromQuery({ operatorType: '1', segment: '138' }).segment).toBe('138');
  });

  it('min above max drops the price range', () => {
    const f = filterFromQuery({ priceMin: '500', priceMax: '100' });
    expect([f.priceMin, f.priceMax]).toEqual([null, null]);
  });

  it('tail without a keyword is not kept', () => {
    expect(filterToQuery({ ...emptyFilter(), position: 'tail' })).toEqual({});
  });

  it('numberList parameters leave defaults out', () => {
    expect(filterToParams(emptyFilter())).toEqual({
      provinceCode: undefined,
      cityCode: undefined,
      operatorType: undefined,
      segment: undefined,
      pattern: undefined,
      keyword: undefined,
      position: undefined,
      priceMin: undefined,
      priceMax: undefined,
      excludeDigits: undefined,
      sort: undefined,
    });
    expect(filterToParams(FULL)).toMatchObject({ operatorType: 1, pattern: 'AABB,A4', excludeDigits: '4,7' });
  });

  it('counts the 更多 filters', () => {
    expect(moreFilterCount(emptyFilter())).toBe(0);
    expect(moreFilterCount(FULL)).toBe(4);
  });
});

describe('HeadSearch input rules', () => {
  it('strips non-digits and keeps at most 11', () => {
    expect(sanitizeKeyword('8 8-8')).toBe('888');
    expect(sanitizeKeyword('abc')).toBe('');
    expect(sanitizeKeyword('１２3')).toBe('3');
    expect(sanitizeKeyword('138001380001234')).toBe('13800138000');
  });
});

describe('price range', () => {
  it('accepts whole numbers ≥ 0 with min ≤ max, and open ends', () => {
    expect(parsePriceRange('100', '500')).toEqual({ ok: true, priceMin: 100, priceMax: 500 });
    expect(parsePriceRange('0', '0')).toEqual({ ok: true, priceMin: 0, priceMax: 0 });
    expect(parsePriceRange('', '300')).toEqual({ ok: true, priceMin: null, priceMax: 300 });
    expect(parsePriceRange(' 2000 ', '')).toEqual({ ok: true, priceMin: 2000, priceMax: null });
    expect(parsePriceRange('', '')).toEqual({ ok: true, priceMin: null, priceMax: null });
  });

  it('refuses negatives, decimals, text and min above max', () => {
    expect(parsePriceRange('-1', '')).toEqual({ ok: false, error: 'priceInvalid' });
    expect(parsePriceRange('1.5', '')).toEqual({ ok: false, error: 'priceInvalid' });
    expect(parsePriceRange('', 'abc')).toEqual({ ok: false, error: 'priceInvalid' });
    expect(parsePriceRange('500', '100')).toEqual({ ok: false, error: 'priceOrder' });
  });
});

describe('filter store', () => {
  it('a change makes a new normalised filter; reset empties it', () => {
    const store = useFilterStore.getState();
    store.resetFilter();
    const before = useFilterStore.getState().filter;
    store.setFilter({ operatorType: 2, segment: '138' });
    const after = useFilterStore.getState().filter;
    expect(after).not.toBe(before);
    expect(after.operatorType).toBe(2);
    expect(after.segment).toBe('');
    store.setFilter({ pattern: ['AABB'], keyword: '66' });
    store.resetFilter();
    expect(useFilterStore.getState().filter).toEqual(EMPTY_FILTER);
  });

  it('an automatic region shows until the shopper changes or clears it', () => {
    const store = useFilterStore.getState();
    store.resetFilter();
    store.applyAutoLocation('440000', '440300');
    expect(useFilterStore.getState()).toMatchObject({ autoLocated: true, filter: { cityCode: '440300' } });
    store.setFilter({ pattern: ['A4'] });
    expect(useFilterStore.getState().autoLocated).toBe(true);
    store.setFilter({ cityCode: '' });
    expect(useFilterStore.getState().autoLocated).toBe(false);
    store.applyAutoLocation('440000', '440300');
    store.clearAutoLocation();
    expect(useFilterStore.getState()).toMatchObject({ autoLocated: false, filter: { provinceCode: '', cityCode: '' } });
  });
});

describe('arrangement', () => {
  it('stores 1 or 2, anything else as 1', () => {
    setArrange(2);
    expect(getArrange()).toBe(2);
    setArrange('2');
    expect(getArrange()).toBe(2);
    setArrange(7);
    expect(getArrange()).toBe(1);
    setArrange('grid');
    expect(getArrange()).toBe(1);
  });

  it('an invalid stored value reads as 1', async () => {
    silenceWarnings();
    writeStored('cache', { filter: { indexFirstGroup: 0, indexArrange: 5, provinceCache: {} } });
    const { useCacheStore } = await import('../../../stores/cache');
    await useCacheStore.persist.rehydrate();
    expect(getArrange()).toBe(1);
  });
});
