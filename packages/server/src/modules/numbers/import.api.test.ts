/** CSV import of the number inventory, on both databases. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { patternsOf } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { scratchDir } from '../../test/scratch.js';
import { importNumbersCsv } from './import.js';

let t: TestApp;
const dir = scratchDir('import');
const csv = (name: string, lines: string[]) => {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
};
const HEADER = 'number,provinceCode,cityCode,price,originalPrice,minConsume,contractMonths,status,promoCode';

beforeAll(async () => {
  t = await createTestApp({ demoNumbers: 0 });
});
afterAll(() => t.close());

describe(`import numbers on ${TEST_DB}`, () => {
  it('keeps good rows, reports bad ones with their line numbers', async () => {
    const file = csv('mixed.csv', [
      HEADER,
      '13800008888,440000,440300,1888,2888,199,48,1,',
      '2380000888,440000,440300,10,10,0,0,1,', // not a mobile number
      '13900001234,440000,110100,10,20,0,0,1,', // city of another province
      '14500001234,440000,440300,10,20,0,0,1,', // 145 is Unicom; fine
      '10000001234,440000,440300,10,20,0,0,1,', // unknown segment
      '13900005678,440000,440300,12.345,20,0,0,1,', // three decimals
      '13700005678,440000,440300,50,20,0,0,1,', // original below price
      '"13300001314",110000,110100,"520.00",999,59,12,0,demo',
    ]);
    const report = await importNumbersCsv(t.database.handle.db, file);
    expect(report.imported).toBe(3);
    expect(report.rejected.map((r) => r.line)).toEqual([3, 4, 6, 7, 8]);
    expect(report.rejected[0]?.message).toBe('number: number must be 11 digits starting with 1');
    const rows = await t.database.handle.db.selectFrom('numbers').selectAll().orderBy('number').execute();
    expect(rows.map((r) => r.number)).toEqual(['13300001314', '13800008888', '14500001234']);
    const vanity = rows.find((r) => r.number === '13800008888');
    expect(vanity).toMatchObject({ operator_type: 1, level: 4, price_fen: 188800, status: 1, segment: '138' });
    expect(rows.find((r) => r.number === '14500001234')?.operator_type).toBe(2);
    expect(rows.find((r) => r.number === '13300001314')).toMatchObject({
      status: 0,
      promo_code: 'demo',
      operator_type: 3,
    });
    expect(patternsOf('13800008888')).toContain('A4');
  });

  it('is idempotent on the number and never reopens a locked or sold number', async () => {
    const db = t.database.handle.db;
    await db.updateTable('numbers').set({ status: 3 }).where('number', '=', '13800008888').execute();
    const file = csv('again.csv', [
      HEADER,
      '13800008888,440000,440300,999,2888,199,48,1,',
      '14500001234,440000,440300,15,20,0,0,1,',
    ]);
    const report = await importNumbersCsv(db, file);
    expect(report).toMatchObject({ imported: 2, rejected: [] });
    const rows = await db.selectFrom('numbers').selectAll().orderBy('number').execute();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.number === '13800008888')).toMatchObject({ status: 3, price_fen: 99900 });
    expect(rows.find((r) => r.number === '14500001234')?.price_fen).toBe(1500);
  });

  it('rejects a file without the required columns', async () => {
    const report = await importNumbersCsv(
      t.database.handle.db,
      csv('bad-header.csv', ['number,price', '13800001111,1']),
    );
    expect(report.imported).toBe(0);
    expect(report.rejected[0]).toMatchObject({ line: 1 });
    expect(report.rejected[0]?.message).toContain('provinceCode');
  });

  it('makes imported numbers searchable', async () => {
    t.app.ctx.numberIndex.markStale();
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/numberList?keyword=1234&position=tail' });
    expect(res.json().data.list.map((i: { number: string }) => i.number)).toEqual(['14500001234']);
  });
});
