/** Vanity-number search and detail (API.md §2 numberList, §6 numberDetail; NUMBERS.md). */
import {
  type browseApi,
  codesOfMask,
  type EndpointData,
  type EndpointParsedInput,
  ErrorCode,
  fenToYuan,
  keywordHighlight,
  maskMobile,
  type NumberItem,
} from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { SerializedData } from '../../http/contract.js';
import { cityDisplayName, regionName } from '../../lib/regions.js';
import { formatDateTime } from '../../lib/time.js';
import { getSetting } from '../site/repository.js';
import { deriveNumber } from './number-row.js';
import * as repo from './repository.js';
import type { NumberIndex } from './search-index.js';

/** For the orders module: a number order derives its row as the inventory does. */
export { deriveNumber };

type ListInput = EndpointParsedInput<typeof browseApi.listNumbers>;
type ListData = EndpointData<typeof browseApi.listNumbers>;
type DetailData = EndpointData<typeof browseApi.getNumberDetail>;

/** The columns a NumberItem is made of. */
export type NumberItemRow = Pick<
  repo.NumberRow,
  | 'id'
  | 'number'
  | 'operator_type'
  | 'province_code'
  | 'city_code'
  | 'price_fen'
  | 'original_price_fen'
  | 'min_consume_fen'
  | 'contract_months'
  | 'status'
  | 'level'
  | 'pattern_mask'
>;

export function toNumberItem(row: NumberItemRow): NumberItem {
  return {
    id: row.id,
    number: row.number,
    operatorType: row.operator_type,
    provinceCode: row.province_code,
    provinceName: regionName(row.province_code),
    cityCode: row.city_code,
    cityName: cityDisplayName(row.city_code),
    price: fenToYuan(row.price_fen),
    originalPrice: fenToYuan(row.original_price_fen),
    minConsume: fenToYuan(row.min_consume_fen),
    contractMonths: row.contract_months,
    patterns: codesOfMask(row.pattern_mask),
    level: row.level,
    status: row.status,
  };
}

/**
 * Answers by query, valid while the index generation is unchanged: the same search (the home page's
 * default list, a popular filter) is served without searching or reading the database again.
 */
/** Answers of recent searches, serialised once, for as long as the inventory's generation holds. */
export class SearchCache {
  readonly #entries = new Map<string, { generation: number; answer: SerializedData<ListData> }>();
  constructor(private readonly maxEntries = 2000) {}

  get(key: string, generation: number): SerializedData<ListData> | undefined {
    const hit = this.#entries.get(key);
    if (!hit || hit.generation !== generation) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, hit); // most recently used last
    return hit.answer;
  }

  set(key: string, generation: number, answer: SerializedData<ListData>): void {
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { generation, answer });
  }
}

export async function searchNumbers(
  db: DbOrTx,
  index: NumberIndex,
  promoCode: string,
  q: ListInput,
  cache?: SearchCache,
): Promise<SerializedData<ListData>> {
  await index.ready();
  // A shuffle without a seed is new every time; everything else is cacheable.
  const key = q.shuffle === 1 && q.seed === undefined ? null : `${promoCode}|${JSON.stringify(q)}`;
  const generation = index.generation;
  const cached = key ? cache?.get(key, generation) : undefined;
  if (cached) return cached;
  const answer = new SerializedData<ListData>(JSON.stringify(await runSearch(db, index, promoCode, q)));
  if (key && cache && index.generation === generation) cache.set(key, generation, answer);
  return answer;
}

async function runSearch(db: DbOrTx, index: NumberIndex, promoCode: string, q: ListInput): Promise<ListData> {
  const seed = q.shuffle === 1 ? (q.seed ?? Math.floor(Math.random() * 2_147_483_647)) : undefined;
  const { ids, total } = index.search({
    promoCode,
    provinceCode: q.provinceCode,
    cityCode: q.cityCode,
    operatorType: q.operatorType,
    segment: q.segment,
    patterns: q.pattern as NumberItem['patterns'] | undefined,
    keyword: q.keyword,
    position: q.position,
    priceMinFen: q.priceMin === undefined ? undefined : q.priceMin * 100,
    priceMaxFen: q.priceMax === undefined ? undefined : q.priceMax * 100,
    excludeDigits: q.excludeDigits,
    sort: q.sort,
    shuffleSeed: seed,
    page: q.page,
    pageSize: q.pageSize,
  });
  // The page is read back from the database, so a number taken a moment ago is never offered.
  const rows = new Map((await repo.findNumbersByIds(db, ids)).map((r) => [r.id, r]));
  const list = ids
    .map((id) => rows.get(id))
    .filter((row): row is repo.NumberRow => row !== undefined && row.status === 1)
    .map((row) => ({ ...toNumberItem(row), highlight: keywordHighlight(row.number, q.keyword ?? '', q.position) }));
  return { list, total, page: q.page, pageSize: q.pageSize, ...(seed === undefined ? {} : { seed }) };
}

export async function getNumberDetail(
  db: DbOrTx,
  promoCode: string,
  input: { numberId: number; commentPage: number; commentPageSize: number },
): Promise<DetailData> {
  const row = await repo.findNumberById(db, input.numberId);
  if (!row || row.status === 0) throw fail('numberGone');
  if (row.status !== 1) throw new AppError(ErrorCode.NUMBER_TAKEN, 'numberTaken', { numberId: row.id });
  const [packages, comments, orderSettings] = await Promise.all([
    repo.listPackagesFor(db, row.operator_type, row.level),
    repo.pageComments(db, promoCode, row.level, input.commentPage, input.commentPageSize),
    getSetting(db, 'number_order'),
  ]);
  const hasDefault = packages.some((p) => p.is_default === 1);
  return {
    number: toNumberItem(row),
    packages: packages.map((p, i) => ({
      id: p.id,
      name: p.name,
      monthlyFee: fenToYuan(p.monthly_fee_fen),
      flowText: p.flow_text,
      voiceText: p.voice_text,
      contractMonths: p.contract_months,
      desc: p.description,
      isDefault: p.is_default === 1 || (!hasDefault && i === 0) ? 1 : 0,
    })),
    comments: {
      list: comments.rows.map((c) => ({
        id: c.id,
        maskedMobile: maskMobile(c.mobile),
        star: c.star,
        content: c.content,
        images: parseList(c.images_json),
        tags: parseList(c.tags_json),
        patterns: patternsBought(c.number),
        createdAt: formatDateTime(c.created_at),
      })),
      total: comments.total,
      page: input.commentPage,
      pageSize: input.commentPageSize,
    },
    needSmsCode: (orderSettings as { needSmsCode?: number } | undefined)?.needSmsCode === 0 ? 0 : 1,
  };
}

/** The kind of number a reviewer bought, by today's rules; none when the number is not known. */
function patternsBought(number: string): NumberItem['patterns'] {
  const derived = deriveNumber(number);
  return 'error' in derived ? [] : codesOfMask(derived.pattern_mask);
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
