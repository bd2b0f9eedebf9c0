/**
 * The vanity-number filter (SCREENS §2) as plain data, and its two outside forms: the page query
 * (`/pages/index/VanityNumber/index?provinceCode=…`) and the numberList parameters. Query values are
 * read defensively: anything the API would refuse is dropped rather than sent.
 */
import {
  type browseApi,
  type EndpointInput,
  isPatternCode,
  OPERATOR_SEGMENTS,
  type PatternCode,
} from '@haoka/contract';

export type NumberSort = 'default' | 'priceAsc' | 'priceDesc';
export type KeywordPosition = 'any' | 'tail';

export interface NumberFilter {
  /** '' = 全国. */
  provinceCode: string;
  /** '' = the whole province. */
  cityCode: string;
  /** 0 = any operator. */
  operatorType: number;
  /** First three digits, '' = any. */
  segment: string;
  /** Any of these codes (API: comma list). */
  pattern: PatternCode[];
  keyword: string;
  position: KeywordPosition;
  /** Whole yuan; null = open. */
  priceMin: number | null;
  priceMax: number | null;
  excludeDigits: number[];
  sort: NumberSort;
}

export const EMPTY_FILTER: NumberFilter = Object.freeze({
  provinceCode: '',
  cityCode: '',
  operatorType: 0,
  segment: '',
  pattern: [],
  keyword: '',
  position: 'any',
  priceMin: null,
  priceMax: null,
  excludeDigits: [],
  sort: 'default',
}) as NumberFilter;

export const emptyFilter = (): NumberFilter => ({ ...EMPTY_FILTER, pattern: [], excludeDigits: [] });

/** The query names the filter uses; other parameters of a URL are left alone. */
export const FILTER_QUERY_KEYS = [
  'provinceCode',
  'cityCode',
  'operatorType',
  'segment',
  'pattern',
  'keyword',
  'position',
  'priceMin',
  'priceMax',
  'excludeDigits',
  'sort',
] as const;

export const KEYWORD_MAX_LENGTH = 11;

/** HeadSearch input rule (SCREENS §2): non-digits stripped, at most 11 digits. */
export function sanitizeKeyword(input: string): string {
  return input.replace(/\D+/g, '').slice(0, KEYWORD_MAX_LENGTH);
}

const REGION_RE = /^\d{6}$/;
const SEGMENT_RE = /^1\d{2}$/;

/** Operator whose segment list holds `segment`, or 0. */
export function operatorOfSegment(segment: string): number {
  for (const [op, segments] of Object.entries(OPERATOR_SEGMENTS)) if (segments.includes(segment)) return Number(op);
  return 0;
}

function nonNegativeInt(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,8}$/.test(value.trim())) return null;
  return Number(value.trim());
}

function digitList(value: string | undefined): number[] {
  if (!value) return [];
  const digits = value
    .split(',')
    .map((d) => d.trim())
    .filter((d) => /^\d$/.test(d))
    .map(Number);
  return [...new Set(digits)].sort((a, b) => a - b);
}

function patternList(value: string | undefined): PatternCode[] {
  if (!value) return [];
  const codes = value
    .split(',')
    .map((c) => c.trim())
    .filter(isPatternCode);
  return [...new Set(codes)];
}

/** Normalises a filter: a city needs its province, a segment must fit the operator, min ≤ max. */
export function normalizeFilter(f: NumberFilter): NumberFilter {
  const provinceCode = REGION_RE.test(f.provinceCode) ? f.provinceCode : '';
  const cityCode =
    provinceCode && REGION_RE.test(f.cityCode) && f.cityCode.slice(0, 2) === provinceCode.slice(0, 2) ? f.cityCode : '';
  const operatorType = [1, 2, 3, 4].includes(f.operatorType) ? f.operatorType : 0;
  let segment = SEGMENT_RE.test(f.segment) ? f.segment : '';
  if (segment && operatorType && operatorOfSegment(segment) !== operatorType) segment = '';
  const keyword = sanitizeKeyword(f.keyword);
  let { priceMin, priceMax } = f;
  if (priceMin !== null && (!Number.isInteger(priceMin) || priceMin < 0)) priceMin = null;
  if (priceMax !== null && (!Number.isInteger(priceMax) || priceMax < 0)) priceMax = null;
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) {
    priceMin = null;
    priceMax = null;
  }
  return {
    provinceCode,
    cityCode,
    operatorType,
    segment,
    pattern: [...new Set(f.pattern.filter(isPatternCode))],
    keyword,
    position: keyword && f.position === 'tail' ? 'tail' : 'any',
    priceMin,
    priceMax,
    excludeDigits: [...new Set(f.excludeDigits.filter((d) => Number.isInteger(d) && d >= 0 && d <= 9))].sort(
      (a, b) => a - b,
    ),
    sort: f.sort === 'priceAsc' || f.sort === 'priceDesc' ? f.sort : 'default',
  };
}

/** The filter a page query describes (SCREENS §2: VanityNumber/index reads its filter from the query). */
export function filterFromQuery(query: Record<string, string | undefined>): NumberFilter {
  return normalizeFilter({
    provinceCode: query.provinceCode ?? '',
    cityCode: query.cityCode ?? '',
    operatorType: Number(query.operatorType ?? 0) || 0,
    segment: query.segment ?? '',
    pattern: patternList(query.pattern),
    keyword: query.keyword ?? '',
    position: query.position === 'tail' ? 'tail' : 'any',
    priceMin: nonNegativeInt(query.priceMin),
    priceMax: nonNegativeInt(query.priceMax),
    excludeDigits: digitList(query.excludeDigits),
    sort: (query.sort as NumberSort | undefined) ?? 'default',
  });
}

/** The query of a filter: only what differs from the empty filter, so links stay short. */
export function filterToQuery(filter: NumberFilter): Record<string, string> {
  const f = normalizeFilter(filter);
  const q: Record<string, string> = {};
  if (f.provinceCode) q.provinceCode = f.provinceCode;
  if (f.cityCode) q.cityCode = f.cityCode;
  if (f.operatorType) q.operatorType = String(f.operatorType);
  if (f.segment) q.segment = f.segment;
  if (f.pattern.length) q.pattern = f.pattern.join(',');
  if (f.keyword) q.keyword = f.keyword;
  if (f.keyword && f.position === 'tail') q.position = 'tail';
  if (f.priceMin !== null) q.priceMin = String(f.priceMin);
  if (f.priceMax !== null) q.priceMax = String(f.priceMax);
  if (f.excludeDigits.length) q.excludeDigits = f.excludeDigits.join(',');
  if (f.sort !== 'default') q.sort = f.sort;
  return q;
}

/** A stable text of the filter, for query keys and comparisons. */
export function filterKey(filter: NumberFilter): string {
  return new URLSearchParams(filterToQuery(filter)).toString();
}

export type NumberListParams = EndpointInput<typeof browseApi.listNumbers>;

/** numberList parameters of a filter (page and shuffle are added by the list). */
export function filterToParams(filter: NumberFilter): NumberListParams {
  const q = filterToQuery(filter);
  return {
    provinceCode: q.provinceCode,
    cityCode: q.cityCode,
    operatorType: q.operatorType ? Number(q.operatorType) : undefined,
    segment: q.segment,
    pattern: q.pattern,
    keyword: q.keyword,
    position: q.position === 'tail' ? 'tail' : undefined,
    priceMin: q.priceMin === undefined ? undefined : Number(q.priceMin),
    priceMax: q.priceMax === undefined ? undefined : Number(q.priceMax),
    excludeDigits: q.excludeDigits,
    sort: sortParam(q.sort),
  };
}

function sortParam(sort: string | undefined): NumberSort | undefined {
  return sort === 'priceAsc' || sort === 'priceDesc' ? sort : undefined;
}

/** How many of the 更多 filters are set (badge on the bar). */
export function moreFilterCount(f: NumberFilter): number {
  return (
    (f.pattern.length > 0 ? 1 : 0) +
    (f.priceMin !== null || f.priceMax !== null ? 1 : 0) +
    (f.excludeDigits.length > 0 ? 1 : 0) +
    (f.sort !== 'default' ? 1 : 0)
  );
}

/** True when nothing is filtered (keyword included). */
export function isEmptyFilter(f: NumberFilter): boolean {
  return filterKey(f) === '';
}
