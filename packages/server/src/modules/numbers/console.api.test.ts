/**
 * The console's number inventory over the real app and a real database (SQLite and PostgreSQL): a CSV and
 * an XLSX import run as jobs through the CLI's importer (progress, per-row errors by line or sheet row), the
 * table with the shop's filters plus the status and its pattern tags, bulk price / status / lock changes on
 * a selection and on a whole filter with their preview counts and one audit line each (sold numbers and
 * numbers held by an order never change), what the shop's search sees afterwards, the XLSX export, and
 * the role checks.
 */
import { type AdminImportJob, adminApi, STAFF_COOKIE } from '@haoka/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';
import { updateNumbers } from './repository.js';

let t: TestApp;
let operator: StaffSignIn;
let support: StaffSignIn;
let finance: StaffSignIn;
const db = () => t.database.handle.db;

const HEADER = 'number,provinceCode,cityCode,price,originalPrice,minConsume,contractMonths,status,promoCode';
const CSV = [
  HEADER,
  '13800008888,440000,440300,1888,2888,199,48,1,', // A4 A3 LUCKY8 NO4: level 4
  '13800001234,440000,440300,100,200,59,12,1,', // ABCD: level 4
  '13900005678,440000,440300,120,200,59,12,1,demo', // ABCD, another promoter
  '13700001122,440000,440300,300,300,99,24,0,', // AABB, off sale
  '13600000001,110000,110100,10,10,0,0,1,', // plain, Beijing
  '2380000888,440000,440300,10,10,0,0,1,', // refused: not a mobile number (line 7)
  '13500000003,440000,440300,10,10,0,0,1,', // plain: later sold
  '13500000005,440000,440300,10,10,0,0,1,', // plain: later held by an order
].join('\n');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-02T02:00:00Z'));
  // The demo shop (its promoter answers the shop's search), without demo numbers.
  t = await createTestApp({ demoNumbers: 0 });
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** Polls a job until it ends (it runs in the app's process after the upload answered). */
async function finished(job: AdminImportJob, as: StaffSignIn): Promise<AdminImportJob> {
  for (let i = 0; i < 200; i++) {
    const res = await staffCall(t, adminApi.inventoryJob, { id: job.id }, { as });
    const current = res.body.data as AdminImportJob;
    if (current.status === 'done' || current.status === 'failed') return current;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('import job did not end');
}

const list = async (query: Record<string, unknown>, as: StaffSignIn = support) => {
  const res = await staffCall(t, adminApi.listInventory, query as never, { as });
  expect(res.status).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { list: { id: number; number: string; status: number; price: string }[]; total: number };
};
const idOf = async (number: string) =>
  (await db().selectFrom('numbers').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;

describe(`inventory import on ${TEST_DB}`, () => {
  it('imports a CSV as a job with per-row errors, through the CLI importer', async () => {
    const res = await staffCall(
      t,
      adminApi.startInventoryImport,
      { fileName: 'numbers.csv', format: 'csv', content: CSV },
      { as: operator },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data).toMatchObject({ kind: 'inventory.import', total: 8, staff: 'olga' });
    const job = await finished(res.body.data as AdminImportJob, operator);
    expect(job.status).toBe('done');
    expect(job.progress).toBe(8);
    expect(job.result?.imported).toBe(7);
    expect(job.result?.rejected).toEqual([{ line: 7, message: 'number: number must be 11 digits starting with 1' }]);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'inventory.import').execute();
    expect(audit.map((a) => a.actor)).toEqual(['olga']);
    // One sold, one held by a pending order: the console never changes either.
    const sold = await idOf('13500000003');
    const held = await idOf('13500000005');
    await db()
      .transaction()
      .execute(async (tx) => {
        await updateNumbers(tx, [sold], { status: 3 });
        await updateNumbers(tx, [held], {
          status: 2,
          lock_order_sn: 'HK000000000001',
          lock_expire_at: Date.now() + 600_000,
        });
      });
    t.app.ctx.numberIndex.markStale();
  });

  it('imports an XLSX, reporting a refused row by its sheet row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('numbers');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([13300001314, 110000, 110100, 520, 999, 59, 12, 1, '']); // numeric cells, as Excel keeps them
    sheet.addRow(['13300002222', '110000', '440300', '10', '20', '0', '0', '1', '']); // city of another province
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const res = await staffCall(
      t,
      adminApi.startInventoryImport,
      { fileName: 'numbers.xlsx', format: 'xlsx', content },
      { as: operator },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const job = await finished(res.body.data as AdminImportJob, operator);
    expect(job.result?.imported).toBe(1);
    expect(job.result?.rejected.map((r) => r.line)).toEqual([3]);
    expect(job.result?.rejected[0]?.message).toContain('cityCode');
    const found = await list({ keyword: '1314', position: 'tail' });
    expect(found.list.map((n) => n.number)).toEqual(['13300001314']);
  });

  it('refuses a file of more rows than allowed, and a file that is not XLSX', async () => {
    const big = [HEADER, ...Array.from({ length: 10_001 }, (_, i) => `1380${String(i).padStart(7, '0')},1,1,1,1,1,1`)];
    const tooMany = await staffCall(
      t,
      adminApi.startInventoryImport,
      { fileName: 'big.csv', format: 'csv', content: big.join('\n') },
      { as: operator },
    );
    expect(tooMany.body).toMatchObject({ code: -1, reason: 'importTooLarge', data: { max: 10_000 } });
    const notXlsx = await staffCall(
      t,
      adminApi.startInventoryImport,
      { fileName: 'x.xlsx', format: 'xlsx', content: Buffer.from('not a workbook').toString('base64') },
      { as: operator },
    );
    expect(notXlsx.body).toMatchObject({ code: -1, reason: 'importFileInvalid' });
  });

  it('needs inventory.write to import', async () => {
    const res = await staffCall(
      t,
      adminApi.startInventoryImport,
      { fileName: 'n.csv', format: 'csv', content: CSV },
      { as: support },
    );
    expect(res.status).toBe(403);
  });
});

describe(`inventory table on ${TEST_DB}`, () => {
  it('searches every promoter and status with the shop filters, with pattern tags', async () => {
    const all = await list({});
    expect(all.total).toBe(8);
    const abcd = await list({ pattern: 'ABCD' });
    expect(abcd.list.map((n) => n.number).sort()).toEqual(['13800001234', '13900005678']);
    const first = (await list({ keyword: '8888', position: 'tail' })).list[0] as unknown as { patterns: string[] };
    expect(first.patterns).toEqual(expect.arrayContaining(['A4', 'A3', 'LUCKY8', 'NO4']));
    expect((await list({ status: 0 })).list.map((n) => n.number)).toEqual(['13700001122']);
    expect((await list({ status: 3 })).list.map((n) => n.number)).toEqual(['13500000003']);
    const beijing = await list({ provinceCode: '110000', sort: 'priceAsc' });
    expect(beijing.list.map((n) => n.number)).toEqual(['13600000001', '13300001314']);
    const cheap = await list({ priceMax: 10, excludeDigits: '6', segment: '135' });
    expect(cheap.list.map((n) => n.number).sort()).toEqual(['13500000003', '13500000005']);
    const paged = await list({ page: 2, pageSize: 3 });
    expect(paged.list).toHaveLength(3);
    expect(paged.total).toBe(8);
  });

  it('refuses a role without inventory.read', async () => {
    const res = await staffCall(t, adminApi.listInventory, {} as never, { as: finance });
    expect(res.status).toBe(403);
  });
});

describe(`inventory bulk changes on ${TEST_DB}`, () => {
  const shopSees = async (keyword: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/numberList?keyword=${keyword}&position=tail` });
    expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: 0 });
    return (res.json().data.list as { number: string }[]).map((n) => n.number);
  };

  it('previews and reprices a whole filter, skipping sold and order-held numbers, with one audit line', async () => {
    const scope = { filter: { segment: '135' } };
    const change = { kind: 'price' as const, price: '66.50' };
    const preview = await staffCall(t, adminApi.previewInventoryChange, { scope, change }, { as: support });
    expect(preview.body.data).toEqual({ matched: 2, changeable: 0 });
    const wider = { filter: { priceMax: 10 } };
    const count = await staffCall(t, adminApi.previewInventoryChange, { scope: wider, change }, { as: operator });
    expect(count.body.data).toEqual({ matched: 3, changeable: 1 });
    const applied = await staffCall(t, adminApi.applyInventoryChange, { scope: wider, change }, { as: operator });
    expect(applied.body.data).toEqual({ matched: 3, changed: 1 });
    const rows = await db()
      .selectFrom('numbers')
      .select(['number', 'price_fen', 'original_price_fen', 'status'])
      .where('number', 'in', ['13600000001', '13500000003', '13500000005'])
      .orderBy('number')
      .execute();
    expect(rows).toEqual([
      { number: '13500000003', price_fen: 1000, original_price_fen: 1000, status: 3 },
      { number: '13500000005', price_fen: 1000, original_price_fen: 1000, status: 2 },
      { number: '13600000001', price_fen: 6650, original_price_fen: 6650, status: 1 },
    ]);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'inventory.price').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor).toBe('olga');
    expect(JSON.parse(audit[0]?.after_json ?? '')).toMatchObject({
      scope: { filter: { priceMax: 10 } },
      change,
      matched: 3,
      changed: 1,
    });
    expect((await list({ keyword: '0001', position: 'tail' })).list[0]?.price).toBe('66.50');
  });

  it('locks and unlocks a selection: the shop stops and starts offering it', async () => {
    const ids = [await idOf('13800008888'), await idOf('13500000005')];
    expect(await shopSees('8888')).toEqual(['13800008888']);
    const lock = await staffCall(
      t,
      adminApi.applyInventoryChange,
      { scope: { ids }, change: { kind: 'lock' } },
      { as: operator },
    );
    expect(lock.body.data).toEqual({ matched: 2, changed: 1 });
    expect(await shopSees('8888')).toEqual([]);
    const locked = await list({ status: 2 });
    expect(locked.list.map((n) => [n.number, (n as unknown as { staffLocked: boolean }).staffLocked]).sort()).toEqual([
      ['13500000005', false],
      ['13800008888', true],
    ]);
    const unlock = await staffCall(
      t,
      adminApi.applyInventoryChange,
      { scope: { ids }, change: { kind: 'unlock' } },
      { as: operator },
    );
    // The order's hold is not staff's to lift.
    expect(unlock.body.data).toEqual({ matched: 2, changed: 1 });
    expect(await shopSees('8888')).toEqual(['13800008888']);
    const held = await db().selectFrom('numbers').selectAll().where('number', '=', '13500000005').executeTakeFirst();
    expect(held).toMatchObject({ status: 2, lock_order_sn: 'HK000000000001' });
  });

  it('takes a selection off sale and back on sale', async () => {
    const ids = [await idOf('13800001234')];
    const off = await staffCall(
      t,
      adminApi.applyInventoryChange,
      { scope: { ids }, change: { kind: 'status', status: 0 } },
      { as: operator },
    );
    expect(off.body.data).toEqual({ matched: 1, changed: 1 });
    expect(await shopSees('1234')).toEqual([]);
    await staffCall(
      t,
      adminApi.applyInventoryChange,
      { scope: { ids }, change: { kind: 'status', status: 1 } },
      { as: operator },
    );
    expect(await shopSees('1234')).toEqual(['13800001234']);
    const lines = await db().selectFrom('audit_log').select('action').where('action', 'like', 'inventory.%').execute();
    expect(lines.map((l) => l.action).filter((a) => a === 'inventory.status')).toHaveLength(2);
  });

  it('refuses a bad price, and a role without inventory.write', async () => {
    const bad = await staffCall(
      t,
      adminApi.applyInventoryChange,
      { scope: { ids: [1] }, change: { kind: 'price', price: '1.234' } },
      { as: operator },
    );
    expect(bad.body).toMatchObject({ code: -1, reason: 'inventoryPriceInvalid' });
    const refused = await staffCall(
      t,
      adminApi.applyInventoryChange,
      { scope: { ids: [1] }, change: { kind: 'lock' } },
      { as: support },
    );
    expect(refused.status).toBe(403);
  });
});

describe(`inventory export on ${TEST_DB}`, () => {
  const exportOf = (query: string, as: StaffSignIn | null) =>
    t.app.inject({
      method: 'GET',
      url: `${adminApi.INVENTORY_EXPORT_PATH}${query}`,
      headers: as ? { cookie: `${STAFF_COOKIE}=${as.cookie}` } : {},
    });

  it('exports the filtered numbers as a workbook with their tags, and audits it', async () => {
    const res = await exportOf('?pattern=ABCD&sort=priceAsc', support);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).getCell(1).value).toBe('号码');
    expect(sheet.actualRowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('13800001234');
    expect(String(sheet.getRow(2).getCell(11).value)).toContain('ABCD');
    expect(sheet.getRow(3).getCell(1).value).toBe('13900005678');
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'inventory.export').execute();
    expect(audit.map((a) => a.actor)).toEqual(['sue']);
  });

  it('needs a session and inventory.read', async () => {
    expect((await exportOf('', null)).statusCode).toBe(401);
    expect((await exportOf('', finance)).statusCode).toBe(403);
  });
});
