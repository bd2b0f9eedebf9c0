/**
 * Migration 0014 on a database as the release before it left it: numbers whose derived columns were
 * computed the old way (不含4 and the digit mask on the last 8 digits), then migrated the rest of the way.
 * The old derivation is written out here; the corrected rows are checked against plain string tests.
 */
import {
  levelOf,
  OPERATOR_SEGMENTS,
  OPERATOR_TYPES,
  operatorOfNumber,
  PATTERN_BIT,
  type PatternCode,
  patternMask,
  patternsOf,
} from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoNumbers } from '../../modules/numbers/demo-numbers.js';
import { deriveNumber } from '../../modules/numbers/number-row.js';
import { insertComment, pageComments } from '../../modules/numbers/repository.js';
import { NumberIndex } from '../../modules/numbers/search-index.js';
import { listDictRows } from '../../modules/site/repository.js';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/harness.js';
import type { Db } from '../database.js';
import { MIGRATIONS, migrateToLatest } from '../migrate.js';

const BEFORE = '0013-job-runs';
const THIS = '0014-vanity-numbers';
/** More than two of the migration's batches (5,000 rows each). */
const COUNT = 12_000;
const EXAMPLES = ['14860999999', '17405886677', '18405886677', '13305886677', '13800008888'];

/** How the release before 0014 derived a number's columns: NO4 and the digit mask on the last 8 digits. */
function oldDerived(number: string) {
  const tail8 = number.slice(-8);
  const codes: PatternCode[] = patternsOf(number).filter((c) => c !== 'NO4');
  if (!tail8.includes('4')) codes.push('NO4');
  let tailDigits = 0;
  for (const c of tail8) tailDigits |= 1 << Number(c);
  return {
    segment: number.slice(0, 3),
    operator_type: operatorOfNumber(number) ?? 1,
    level: levelOf(codes),
    pattern_mask: patternMask(codes),
    tail_digit_mask: tailDigits,
  };
}

let d: TestDatabase;
let db: Db;
let oldVersion: number;
let before: Map<string, { id: number; version: number; pattern_mask: number }>;
let migrated: string[];

beforeAll(async () => {
  d = await createTestDatabase({ empty: true });
  db = d.handle.db;
  await migrateToLatest(db as never, d.handle.dialect, { through: BEFORE });
  const numbers = [...EXAMPLES, ...[...generateDemoNumbers(COUNT, 17)].map((n) => n.number)];
  const unique = [...new Set(numbers)];
  const now = Date.now();
  oldVersion = 7;
  const rows = unique.map((number, i) => ({
    number,
    ...oldDerived(number),
    province_code: '440000',
    city_code: '440300',
    price_fen: 10_000,
    original_price_fen: 20_000,
    min_consume_fen: 0,
    contract_months: 0,
    // Sold and off-sale numbers are corrected too: they can come back on sale.
    status: i % 10 === 0 ? 3 : i % 10 === 1 ? 0 : 1,
    promo_code: '',
    lock_order_sn: null,
    lock_expire_at: null,
    version: oldVersion,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('numbers')
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
  await db.updateTable('counters').set({ value: oldVersion }).where('name', '=', 'numbers').execute();
  // A review as the old seeder wrote it: no order, no number, shown on every number.
  await db
    .insertInto('number_comments')
    .values({
      promo_code: '',
      mobile: '13300008899',
      star: 5,
      content: '给公司选的AABB号，老板很满意，开票也方便。',
      images_json: '[]',
      tags_json: '["号码好记"]',
      enabled: 1,
      created_at: now,
    } as never)
    .execute();
  // The 号段 dictionary as the old seeder wrote it: operator by operator.
  await db
    .insertInto('dict_data')
    .values(
      OPERATOR_TYPES.flatMap((op) => OPERATOR_SEGMENTS[op].map((segment) => ({ op, segment }))).map(
        ({ op, segment }, sort) => ({
          type: 'number_segment',
          label: segment,
          value: segment,
          dict_key: String(op),
          list_class: 'default',
          sort,
          enabled: 1,
        }),
      ),
    )
    .execute();
  before = new Map(
    (await db.selectFrom('numbers').select(['id', 'number', 'version', 'pattern_mask']).execute()).map((r) => [
      r.number,
      r,
    ]),
  );
  migrated = await migrateToLatest(db as never, d.handle.dialect);
}, 120_000);
afterAll(() => d.drop());

describe(`migration ${THIS} on ${TEST_DB}`, () => {
  it('runs once, first of the migrations pending after 0013', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(migrated).toEqual(names.slice(names.indexOf(THIS)));
  });

  it('the old rows held the fault the issue describes', () => {
    const old = before.get('14860999999');
    expect(old && (old.pattern_mask & PATTERN_BIT.NO4) !== 0).toBe(true);
  });

  it('re-derives every number: NO4 exactly when no 4 appears anywhere, level and mask as the importer writes them', async () => {
    const rows = await db.selectFrom('numbers').selectAll().execute();
    expect(rows).toHaveLength(before.size);
    for (const row of rows) {
      const derived = deriveNumber(row.number);
      if ('error' in derived) throw new Error(derived.error);
      expect({ number: row.number, no4: (row.pattern_mask & PATTERN_BIT.NO4) !== 0 }).toEqual({
        number: row.number,
        no4: !row.number.includes('4'),
      });
      expect({ number: row.number, level: row.level, mask: row.pattern_mask }).toEqual({
        number: row.number,
        level: derived.level,
        mask: derived.pattern_mask,
      });
    }
    expect(rows.find((r) => r.number === '14860999999')?.pattern_mask).toBe(
      patternMask(['A5', 'A4', 'A3'] as PatternCode[]),
    );
  });

  it('leaves the tail-digit mask as it was, for instances of the previous release during a rolling upgrade', async () => {
    const rows = await db.selectFrom('numbers').select(['number', 'tail_digit_mask']).execute();
    for (const row of rows) expect(row.tail_digit_mask).toBe(oldDerived(row.number).tail_digit_mask);
  });

  it('gives the changed rows a new version, so running search indexes take them in, and leaves the rest', async () => {
    const rows = await db.selectFrom('numbers').select(['number', 'version', 'pattern_mask']).execute();
    let changed = 0;
    for (const row of rows) {
      const old = before.get(row.number);
      if (old?.pattern_mask === row.pattern_mask) expect(row.version).toBe(oldVersion);
      else {
        expect(row.version).toBeGreaterThan(oldVersion);
        changed += 1;
      }
    }
    // Every number of a segment with a 4 and a tail without one lost its NO4.
    expect(changed).toBe(
      [...before.keys()].filter((n) => n.slice(0, 3).includes('4') && !n.slice(3).includes('4')).length,
    );
    expect(changed).toBeGreaterThan(100);
  });

  it('a search index over the migrated database answers 不含4 and excludeDigits on the whole number', async () => {
    const index = new NumberIndex(db);
    await index.ready();
    const onSale = await db.selectFrom('numbers').select(['id', 'number']).where('status', '=', 1).execute();
    const search = (q: { patterns?: PatternCode[]; excludeDigits?: number[] }) =>
      index.search({ promoCode: '', position: 'any', sort: 'default', page: 1, pageSize: 50, ...q });
    const noFour = new Set(onSale.filter((r) => !r.number.includes('4')).map((r) => r.id));
    for (const q of [{ patterns: ['NO4' as PatternCode] }, { excludeDigits: [4] }]) {
      const { ids, total } = search(q);
      expect(total).toBe(noFour.size);
      expect(ids.every((id) => noFour.has(id))).toBe(true);
    }
  });

  it('puts the 号段 dictionary in ascending order', async () => {
    const values = (await listDictRows(db, ['number_segment'])).map((r) => r.value);
    expect(values).toHaveLength(OPERATOR_TYPES.flatMap((op) => OPERATOR_SEGMENTS[op]).length);
    expect(values).toEqual([...values].sort((a, b) => Number(a) - Number(b)));
  });

  it('keeps a review of no known kind but shows it on no number', async () => {
    const [old] = await db.selectFrom('number_comments').selectAll().execute();
    expect(old).toMatchObject({
      order_sn: null,
      number: '',
      level: 0,
      content: '给公司选的AABB号，老板很满意，开票也方便。',
    });
    for (const level of [1, 2, 3, 4, 5]) expect((await pageComments(db, '', level, 1, 20)).total).toBe(0);
  });

  it('lets an order carry one review only', async () => {
    const review = {
      promo_code: '',
      mobile: '13811112222',
      star: 5,
      content: '号码很好记',
      images_json: '[]',
      tags_json: '[]',
      enabled: 1,
      created_at: Date.now(),
      order_sn: 'SO20260101000000123456',
      number: '13570381122',
      level: 3,
    };
    expect(await insertComment(db, review)).toBeGreaterThan(0);
    expect(await insertComment(db, { ...review, content: '再写一条' })).toBeNull();
    expect((await pageComments(db, '', 3, 1, 20)).total).toBe(1);
  });
});
