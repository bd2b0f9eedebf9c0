/**
 * numberList and numberDetail over the real app and database: random filter mixes checked against a
 * plain filter over every row (patterns from the contract module), stable pagination, seeded shuffle,
 * status changes, and bad input.
 */

import { gunzipSync } from 'node:zlib';
import { browseApi, operatorOfNumber, PATTERN_CODES, type PatternCode, patternsOf } from '@haoka/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, malformed } from '../../test/call.js';
import { insertNumber } from '../../test/catalogue-fixtures.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { type NumberRow, updateNumbers } from './repository.js';

let t: TestApp;
let rows: NumberRow[];

beforeAll(async () => {
  t = await createTestApp();
  rows = await t.database.handle.db.selectFrom('numbers').selectAll().execute();
});
afterAll(() => t.close());

interface Filter {
  provinceCode?: string;
  cityCode?: string;
  operatorType?: number;
  segment?: string;
  pattern?: PatternCode[];
  keyword?: string;
  position?: 'any' | 'tail';
  priceMin?: number;
  priceMax?: number;
  excludeDigits?: number[];
  sort?: 'default' | 'priceAsc' | 'priceDesc';
}

function expected(f: Filter): number[] {
  const kw = f.keyword ?? '';
  const list = rows.filter((r) => {
    if (r.status !== 1 || (r.promo_code !== '' && r.promo_code !== 'demo')) return false;
    if (f.provinceCode && r.province_code !== f.provinceCode) return false;
    if (f.cityCode && r.city_code !== f.cityCode) return false;
    if (f.operatorType && r.operator_type !== f.operatorType) return false;
    if (f.segment && !r.number.startsWith(f.segment)) return false;
    if (f.pattern?.length && !patternsOf(r.number).some((c) => f.pattern?.includes(c))) return false;
    if (kw && (f.position === 'tail' ? !r.number.endsWith(kw) : !r.number.includes(kw))) return false;
    if (f.priceMin !== undefined && r.price_fen < f.priceMin * 100) return false;
    if (f.priceMax !== undefined && r.price_fen > f.priceMax * 100) return false;
    if (f.excludeDigits?.some((d) => r.number.includes(String(d)))) return false;
    return true;
  });
  const byId = (a: NumberRow, b: NumberRow) => a.id - b.id;
  if (f.sort === 'priceAsc') list.sort((a, b) => a.price_fen - b.price_fen || byId(a, b));
  else if (f.sort === 'priceDesc') list.sort((a, b) => b.price_fen - a.price_fen || byId(b, a));
  else list.sort((a, b) => b.level - a.level || a.price_fen - b.price_fen || byId(a, b));
  return list.map((r) => r.id);
}

function query(f: Filter & { page?: number; pageSize?: number; shuffle?: number; seed?: number }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return `/api/shop/numberList?${q}`;
}

async function list(f: Parameters<typeof query>[0]) {
  // The declaration takes the lists as the web sends them: comma-separated strings.
  const { pattern, excludeDigits, ...rest } = f;
  return callEndpoint(t, browseApi.listNumbers, {
    ...rest,
    pattern: pattern?.join(','),
    excludeDigits: excludeDigits?.join(','),
  });
}

describe(`numberList on ${TEST_DB}`, () => {
  it('answers exactly what a plain filter over every row gives, for random filter mixes', async () => {
    const sample = rows.slice(0, 200);
    const filterArb = fc.record(
      {
        provinceCode: fc.constantFrom(...sample.map((r) => r.province_code)),
        operatorType: fc.integer({ min: 1, max: 4 }),
        segment: fc.constantFrom(...sample.map((r) => r.segment)),
        pattern: fc.subarray([...PATTERN_CODES], { minLength: 1, maxLength: 3 }),
        keyword: fc.oneof(
          fc.stringMatching(/^\d{1,4}$/),
          fc.constantFrom(...sample.map((r) => r.number.slice(-3))),
          // Longer tails and digits from the middle of a number: found only by the full test.
          fc.constantFrom(...sample.map((r) => r.number.slice(-6))),
          fc.constantFrom(...sample.map((r) => r.number.slice(3, 8))),
        ),
        position: fc.constantFrom('any' as const, 'tail' as const),
        priceMin: fc.integer({ min: 0, max: 2000 }),
        priceMax: fc.integer({ min: 2000, max: 40000 }),
        excludeDigits: fc.subarray([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], { minLength: 1, maxLength: 2 }),
        sort: fc.constantFrom('default' as const, 'priceAsc' as const, 'priceDesc' as const),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(filterArb, async (f) => {
        const want = expected(f);
        const body = await list({ ...f, pageSize: 20 });
        expect(body.code).toBe(0);
        expect(body.data.total).toBe(want.length);
        expect(body.data.list.map((i) => i.id)).toEqual(want.slice(0, 20));
      }),
      { numRuns: 150 },
    );
  });

  it('returns items with patterns, level and the keyword highlight', async () => {
    const body = await list({ keyword: '88', pageSize: 5 });
    expect(body.data.list.length).toBeGreaterThan(0);
    for (const item of body.data.list) {
      expect(item.patterns).toEqual(patternsOf(item.number));
      expect(item.number.includes('88')).toBe(true);
      for (const [start, end] of item.highlight) expect(item.number.slice(start, end)).toMatch(/^(88)+8?$/);
      expect(item.price).toMatch(/^\d+\.\d{2}$/);
      expect(item.provinceName).not.toBe('');
    }
  });

  it('pages never overlap and together give the whole result', async () => {
    const f: Filter = { operatorType: 1, sort: 'priceAsc' };
    const want = expected(f);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 50); page++) {
      const body = await list({ ...f, page, pageSize: 50 });
      seen.push(...body.data.list.map((i) => i.id));
    }
    expect(seen).toEqual(want);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('shuffles with a seed that keeps its pages stable', async () => {
    const first = await list({ shuffle: 1, pageSize: 10 });
    const seed = first.data.seed;
    expect(typeof seed).toBe('number');
    const again = await list({ shuffle: 1, seed, pageSize: 10 });
    expect(again.data.list.map((i) => i.id)).toEqual(first.data.list.map((i) => i.id));
    const page2 = await list({ shuffle: 1, seed, page: 2, pageSize: 10 });
    const ids1 = new Set(first.data.list.map((i) => i.id));
    expect(page2.data.list.some((i) => ids1.has(i.id))).toBe(false);
    expect(first.data.total).toBe(expected({}).length);
  });

  it('a repeated search is answered from the cache with the same bytes, typed and compressed like any answer', async () => {
    const url = query({ provinceCode: rows[0]?.province_code, sort: 'priceAsc', pageSize: 20 });
    const first = await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const res of [first, again]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    const body = again.json();
    expect(body).toMatchObject({ code: 0, message: 'ok' });
    expect(body.data.list.map((n: { provinceName: string }) => n.provinceName)).toContain(
      first.json().data.list[0].provinceName,
    );
    const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).equals(first.rawPayload)).toBe(true);
  });

  it('stops offering a number once it is locked, and offers it again when released', async () => {
    const [top] = expected({ sort: 'default' });
    const db = t.database.handle.db;
    await db.transaction().execute((tx) => updateNumbers(tx, [top as number], { status: 2 }));
    t.app.ctx.numberIndex.markStale();
    const locked = await list({ pageSize: 5 });
    expect(locked.data.list.map((i) => i.id)).not.toContain(top);
    await db.transaction().execute((tx) => updateNumbers(tx, [top as number], { status: 1 }));
    t.app.ctx.numberIndex.markStale();
    const back = await list({ pageSize: 5 });
    expect(back.data.list[0]?.id).toBe(top);
  });

  it('shows a promoter-only number to that promoter alone', async () => {
    const db = t.database.handle.db;
    const [row] = rows.filter((r) => r.status === 1);
    await db.transaction().execute((tx) => updateNumbers(tx, [(row as NumberRow).id], { promo_code: 'other' }));
    t.app.ctx.numberIndex.markStale();
    const body = await list({ keyword: (row as NumberRow).number, pageSize: 5 });
    expect(body.data.total).toBe(0);
    await db.transaction().execute((tx) => updateNumbers(tx, [(row as NumberRow).id], { promo_code: '' }));
    t.app.ctx.numberIndex.markStale();
    expect((await list({ keyword: (row as NumberRow).number })).data.total).toBe(1);
  });

  it.each([
    [{ priceMin: 500, priceMax: 100 }, 'priceMin'],
    [{ pattern: 'XYZ' }, 'pattern'],
    [{ keyword: '12a' }, 'keyword'],
    [{ keyword: '123456789012' }, 'keyword'],
    [{ pageSize: 51 }, 'pageSize'],
    [{ operatorType: 5 }, 'operatorType'],
    [{ excludeDigits: '4;7' }, 'excludeDigits'],
    [{ sort: 'random' }, 'sort'],
    [{ provinceCode: '44' }, 'provinceCode'],
  ])('rejects %j with code -1 naming the field', async (params, field) => {
    const res = await callEndpoint(t, browseApi.listNumbers, malformed(params));
    expect(res).toMatchObject({ code: -1, data: { field } });
  });
});

describe(`numberDetail on ${TEST_DB}`, () => {
  it('shows an on-sale number with its packages and reviews', async () => {
    const db = t.database.handle.db;
    const row = rows.find((r) => r.status === 1) as NumberRow;
    await db
      .insertInto('number_packages')
      .values([
        {
          operator_type: row.operator_type,
          name: '畅享套餐',
          monthly_fee_fen: 5900,
          flow_text: '30GB',
          voice_text: '300分钟',
          contract_months: 12,
          description: '',
          min_level: 1,
          is_default: 0,
          sort: 1,
          enabled: 1,
        },
        {
          operator_type: row.operator_type,
          name: '尊享套餐',
          monthly_fee_fen: 19900,
          flow_text: '100GB',
          voice_text: '1000分钟',
          contract_months: 24,
          description: '',
          min_level: 5,
          is_default: 0,
          sort: 2,
          enabled: 1,
        },
      ])
      .execute();
    await db
      .insertInto('number_comments')
      .values({
        promo_code: '',
        mobile: '13812345678',
        star: 5,
        content: '号码很好记',
        images_json: '[]',
        tags_json: '["号码好记"]',
        enabled: 1,
        created_at: Date.now(),
        // A buyer of a number of the same level: reviews are shown by the kind of number bought.
        number: row.number,
        level: row.level,
      })
      .execute();
    const body = await callEndpoint(t, browseApi.getNumberDetail, { numberId: row.id });
    expect(body.code).toBe(0);
    expect(body.data.number).toMatchObject({ id: row.id, number: row.number, patterns: patternsOf(row.number) });
    const names = body.data.packages.map((p: { name: string }) => p.name);
    expect(names).toContain('畅享套餐');
    if (row.level < 5) expect(names).not.toContain('尊享套餐');
    expect(body.data.packages.filter((p: { isDefault: number }) => p.isDefault === 1)).toHaveLength(1);
    expect(body.data.comments.list[0]).toMatchObject({ maskedMobile: '138****5678', star: 5 });
  });

  it('answers 32001 for a locked or sold number and -1 for an unknown one', async () => {
    const db = t.database.handle.db;
    const row = rows.find((r) => r.status === 1) as NumberRow;
    await db.updateTable('numbers').set({ status: 3 }).where('id', '=', row.id).execute();
    const taken = await callEndpoint(t, browseApi.getNumberDetail, { numberId: row.id });
    expect(taken.code).toBe(32001);
    await db.updateTable('numbers').set({ status: 1 }).where('id', '=', row.id).execute();
    const unknown = await callEndpoint(t, browseApi.getNumberDetail, { numberId: 99999999 });
    expect(unknown).toMatchObject({ code: -1, message: '号码不存在' });
    const bad = await callEndpoint(t, browseApi.getNumberDetail, malformed({ numberId: 'abc' }));
    expect(bad).toMatchObject({ code: -1, data: { field: 'numberId' } });
  });

  // Last: it adds numbers the snapshot `rows` above does not hold.
  it('a tail or a keyword longer than four digits matches in full, not by its last four', async () => {
    const db = t.database.handle.db;
    for (const number of ['13970018888', '13970028888', '13970031888'])
      await insertNumber(db, { number, operator_type: 1 });
    t.app.ctx.numberIndex.markStale();
    const tail = await list({ keyword: '18888', position: 'tail', pageSize: 50 });
    const tails: string[] = tail.data.list.map((i) => i.number);
    expect(tails).toContain('13970018888');
    expect(tails.every((n) => n.endsWith('18888'))).toBe(true);
    expect(tail.data.total).toBe(tails.length);
    const any = await list({ keyword: '700318', pageSize: 50 });
    expect(any.data.list.map((i) => i.number)).toEqual(['13970031888']);
  });
});

/** Every page of a search, with the total each page answered. */
async function all(f: Filter): Promise<{ numbers: string[]; patterns: string[][]; totals: number[] }> {
  const out = { numbers: [] as string[], patterns: [] as string[][], totals: [] as number[] };
  for (let page = 1; ; page++) {
    const body = await list({ ...f, page, pageSize: 50 });
    expect(body.code).toBe(0);
    out.totals.push(body.data.total);
    for (const item of body.data.list) {
      out.numbers.push(item.number);
      out.patterns.push(item.patterns);
    }
    if (body.data.list.length < 50) return out;
  }
}

describe(`不含4 and excludeDigits mean the whole number, on ${TEST_DB}`, () => {
  // Independent of the pattern module: plain string tests over every row of the database.
  const noFour = (n: string) => !n.includes('4');
  const aabb = (n: string) => n[7] === n[8] && n[9] === n[10] && n[7] !== n[9];
  let onSale: NumberRow[];

  beforeAll(async () => {
    const db = t.database.handle.db;
    // The examples: a 不含4 number of the 148 segment, and an AABB on page 1 of AABB + 不含4.
    for (const number of ['14860999999', '17405886677', '18405886677', '13305886677']) {
      await insertNumber(db, { number, operator_type: operatorOfNumber(number) ?? 1 });
    }
    t.app.ctx.numberIndex.markStale();
    onSale = (await db.selectFrom('numbers').selectAll().where('status', '=', 1).execute()).filter(
      (r) => r.promo_code === '' || r.promo_code === 'demo',
    );
    // The inventory holds the trap: numbers whose only 4 is in the segment.
    expect(onSale.some((r) => r.segment.includes('4') && noFour(r.number.slice(3)))).toBe(true);
  });

  it('pattern=NO4 returns exactly the numbers without a 4 anywhere, each tagged NO4', async () => {
    const got = await all({ pattern: ['NO4'] });
    const want = onSale.filter((r) => noFour(r.number));
    expect(got.totals.every((total) => total === want.length)).toBe(true);
    expect(got.numbers.filter((n) => !noFour(n))).toEqual([]);
    expect([...got.numbers].sort()).toEqual(want.map((r) => r.number).sort());
    expect(got.numbers).not.toContain('14860999999');
    expect(got.patterns.every((codes) => codes.includes('NO4'))).toBe(true);
  });

  it('a number with a 4 in its segment carries no NO4 tag, in the list and the detail', async () => {
    const body = await list({ keyword: '14860999999' });
    expect(body.data.list).toHaveLength(1);
    expect(body.data.list[0]!.patterns).not.toContain('NO4');
    const detail = await callEndpoint(t, browseApi.getNumberDetail, { numberId: body.data.list[0]!.id });
    expect(detail.data.number.patterns).not.toContain('NO4');
  });

  it.each<[Filter, (n: string) => boolean]>([
    [{ pattern: ['AABB' as PatternCode], excludeDigits: [4] }, (n: string) => aabb(n) && noFour(n)],
    [{ excludeDigits: [4] }, noFour],
    [{ excludeDigits: [1] }, (n: string) => !n.includes('1')],
    [{ excludeDigits: [4, 7], segment: '174' }, () => false],
    [{ excludeDigits: [4, 7], operatorType: 3 }, (n: string) => noFour(n) && !n.includes('7')],
    [{ pattern: ['NO4' as PatternCode], segment: '148' }, () => false],
    [{ pattern: ['AABB' as PatternCode, 'NO4' as PatternCode], excludeDigits: [4] }, noFour],
  ])('%j: every number lacks the digits anywhere, and total is exact', async (f, keep) => {
    const got = await all(f);
    const want = onSale.filter(
      (r) =>
        keep(r.number) &&
        (!f.segment || r.number.startsWith(f.segment)) &&
        (!('operatorType' in f) || r.operator_type === f.operatorType),
    );
    for (const d of f.excludeDigits ?? []) expect(got.numbers.filter((n) => n.includes(String(d)))).toEqual([]);
    expect(got.numbers.filter((n) => !keep(n))).toEqual([]);
    expect(got.totals.every((total) => total === want.length)).toBe(true);
    expect([...got.numbers].sort()).toEqual(want.map((r) => r.number).sort());
  });

  it('AABB + 不含4 leaves out 17405886677 and 18405886677 but keeps 13305886677', async () => {
    const got = await all({ pattern: ['AABB'], excludeDigits: [4] });
    expect(got.numbers).toContain('13305886677');
    expect(got.numbers).not.toContain('17405886677');
    expect(got.numbers).not.toContain('18405886677');
  });
});
