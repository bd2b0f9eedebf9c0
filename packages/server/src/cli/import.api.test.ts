/** `import numbers|goods|cards|faq`: good and bad files, line-numbered refusals, idempotent reruns. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli, fixture, inputFiles } from '../test/cli.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

const file = inputFiles('import');

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ demoNumbers: 0 });
});
afterAll(() => t.close());

/** Rows of a table without their timestamps: what a rerun must leave unchanged. */
async function snapshot(
  table: 'numbers' | 'goods' | 'sims' | 'questions' | 'iot_balance_logs' | 'iot_integral_logs' | 'iot_package_orders',
) {
  const rows = (await db().selectFrom(table).selectAll().orderBy('id').execute()) as Record<string, unknown>[];
  return rows.map(({ updated_at, version, created_at, ...rest }) => rest);
}

describe(`import numbers on ${TEST_DB}`, () => {
  it('imports a good CSV and a rerun changes nothing', async () => {
    const first = await cli(t, 'import', 'numbers', fixture('numbers.csv'));
    expect(first).toMatchObject({ code: 0, lines: [] });
    expect(first.out).toMatch(/numbers: 4 imported, 0 rejected .*rows\/s/);
    const before = await snapshot('numbers');
    expect(before.map((r) => r.number)).toEqual(['13800138888', '13912345678', '18600001111', '17700005200']);
    const whole = await db().selectFrom('numbers').selectAll().orderBy('id').execute();
    const again = await cli(t, 'import', 'numbers', fixture('numbers.csv'));
    expect(again.code).toBe(0);
    // Untouched to the row: not even a new version, so running instances' search indexes have nothing to do.
    expect(await db().selectFrom('numbers').selectAll().orderBy('id').execute()).toEqual(whole);
  });

  it('reports every bad row with its line number, keeps the good ones, exits 3', async () => {
    const run = await cli(t, 'import', 'numbers', fixture('numbers-bad.csv'));
    expect(run.code).toBe(3);
    expect(run.lines).toEqual([3, 4, 5, 6, 7]);
    expect(run.out).toContain('line 3: number: ');
    expect(run.out).toContain('line 4: cityCode: ');
    expect(run.out).toContain('line 6: price: ');
    expect(run.out).toContain('line 7: row: ');
    expect(run.out).toContain('2 imported, 5 rejected');
    const kept = await db().selectFrom('numbers').select('number').where('number', '=', '15800008888').execute();
    expect(kept).toHaveLength(1);
  });

  it('takes JSON arrays, with the line each element starts on', async () => {
    const run = await cli(t, 'import', 'numbers', fixture('numbers.json'));
    expect(run).toMatchObject({ code: 3, lines: [11] });
    expect(run.out).toContain('line 11: price: ');
  });

  it('refuses a file without the required columns or that is not a JSON array', async () => {
    const noColumns = await cli(t, 'import', 'numbers', file('cols.csv', 'number,price\n13800001111,1\n'));
    expect(noColumns).toMatchObject({ code: 3, lines: [1] });
    expect(noColumns.out).toContain('provinceCode');
    const notArray = await cli(t, 'import', 'numbers', file('obj.json', '{"number": "13800001111"}'));
    expect(notArray).toMatchObject({ code: 3, lines: [1] });
  });

  it('answers usage errors with exit 2 and changes nothing', async () => {
    const count = (await snapshot('numbers')).length;
    expect((await cli(t, 'import', 'numbers')).code).toBe(2);
    expect((await cli(t, 'import', 'numbers', fixture('no-such-file.csv'))).code).toBe(2);
    const kind = await cli(t, 'import', 'planets', fixture('numbers.csv'));
    expect(kind.code).toBe(2);
    expect(kind.err).toContain('Usage: haoka import');
    expect((await snapshot('numbers')).length).toBe(count);
  });

  it('makes imported numbers searchable in the running app (its index polls numbers.version)', async () => {
    const search = async (keyword: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/shop/numberList?keyword=${keyword}&position=tail` });
      return res.json().data.list.map((i: { number: string }) => i.number);
    };
    // No markStale: the app learns of the CLI's writes the way a separately running server does.
    await vi.waitFor(async () => expect(await search('1111')).toEqual(['18600001111']), { timeout: 10_000 });
    // 17700005200 was imported off sale (status 0): not listed.
    expect(await search('5200')).toEqual([]);
  });
});

describe(`import goods on ${TEST_DB}`, () => {
  it('imports JSON goods, upserted by promoter and name', async () => {
    const run = await cli(t, 'import', 'goods', fixture('goods.json'));
    expect(run).toMatchObject({ code: 0, lines: [] });
    const rows = await db().selectFrom('goods').selectAll().where('name', 'like', '%流量卡%').execute();
    const flow = rows.find((r) => r.name === '移动流量卡 39元 200G');
    expect(flow).toMatchObject({ promo_code: '', monthly_fee_fen: 3900, original_price_fen: 5000, stock: null });
    expect(JSON.parse(flow?.tags_json ?? '')).toEqual(['长期套餐', '包邮']);
    const before = await snapshot('goods');
    expect((await cli(t, 'import', 'goods', fixture('goods.json'))).code).toBe(0);
    expect(await snapshot('goods')).toEqual(before);
  });

  it('reports bad goods rows by line, including an unknown promoter', async () => {
    const run = await cli(t, 'import', 'goods', fixture('goods-bad.csv'));
    expect(run.code).toBe(3);
    expect(run.lines).toEqual([3, 4, 5, 6, 7]);
    expect(run.out).toContain('line 7: promoCode: no promoter nobody');
    const kept = await db().selectFrom('goods').select('name').where('name', '=', '电信星卡 19元').execute();
    expect(kept).toHaveLength(1);
  });
});

describe(`import cards on ${TEST_DB}`, () => {
  it('imports cards with their opening balance on the ledger, and a rerun changes nothing', async () => {
    const run = await cli(t, 'import', 'cards', fixture('cards.csv'));
    expect(run).toMatchObject({ code: 0, lines: [] });
    const card = await db()
      .selectFrom('sims')
      .selectAll()
      .where('sim_no', '=', '1440999900001')
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({ balance_fen: 2050, integral: 100, total_flow: 30720, apn: 'CMIOT', operator_type: 1 });
    const ledger = await db().selectFrom('iot_balance_logs').selectAll().where('sim_id', '=', card.id).execute();
    expect(ledger).toEqual([expect.objectContaining({ amount_fen: 2050, balance_after_fen: 2050, remark: '期初' })]);
    const points = await db().selectFrom('iot_integral_logs').selectAll().where('sim_id', '=', card.id).execute();
    expect(points).toEqual([expect.objectContaining({ points: 100, integral_after: 100, remark: '期初' })]);
    const before = [await snapshot('sims'), await snapshot('iot_balance_logs'), await snapshot('iot_integral_logs')];
    expect((await cli(t, 'import', 'cards', fixture('cards.csv'))).code).toBe(0);
    expect([await snapshot('sims'), await snapshot('iot_balance_logs'), await snapshot('iot_integral_logs')]).toEqual(
      before,
    );
  });

  it('a card imported with flow in its pool holds it as its opening package, shown in its package list', async () => {
    expect((await cli(t, 'import', 'cards', fixture('cards.csv'))).code).toBe(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/simLogin',
      headers: clientHeaders(),
      payload: { simNo: '1440999900001', agreeProtocol: 1 },
    });
    const headers = clientHeaders({ 'session-id': login.json().data.sessionId, 'sim-no': '1440999900001' });
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json();
    expect((await get('/api/iot/simInfo')).data).toMatchObject({ totalFlow: 30720, endAt: '2027-12-31 23:59:59' });
    const packages = (await get('/api/iot/simPackageList?page=1&pageSize=10')).data;
    expect(packages).toMatchObject({ total: 1, list: [{ packageName: '开卡套餐' }] });
    const opening = await db()
      .selectFrom('iot_package_orders as o')
      .innerJoin('sims as s', 's.id', 'o.sim_id')
      .select(['s.sim_no', 'o.flow_mb', 'o.price_fen', 'o.status', 'o.end_at', 'o.source'])
      .where('s.sim_no', 'in', ['1440999900001', '1440999900002'])
      .orderBy('s.sim_no')
      .execute();
    expect(opening).toEqual([
      {
        sim_no: '1440999900001',
        flow_mb: 30720,
        price_fen: 0,
        status: 2,
        end_at: Date.parse('2027-12-31T23:59:59+08:00'),
        source: 'opening',
      },
      { sim_no: '1440999900002', flow_mb: 10240, price_fen: 0, status: 2, end_at: null, source: 'opening' },
    ]);
    const before = await snapshot('iot_package_orders');
    expect((await cli(t, 'import', 'cards', fixture('cards.csv'))).code).toBe(0);
    expect(await snapshot('iot_package_orders')).toEqual(before);
  });

  it('refuses bad cards by line: ICCID shape, operator, an ICCID of another card, a negative balance', async () => {
    const run = await cli(t, 'import', 'cards', fixture('cards-bad.csv'));
    expect(run.code).toBe(3);
    expect(run.lines).toEqual([3, 4, 5, 6]);
    expect(run.out).toContain('line 5: iccid: ');
    const kept = await db().selectFrom('sims').select('sim_no').where('sim_no', 'like', '14409999000%').execute();
    expect(kept.map((r) => r.sim_no).sort()).toEqual(['1440999900001', '1440999900002', '1440999900003']);
  });

  it('refuses a card whose promoter does not exist, by its line', async () => {
    const csv =
      'simNo,iccid,operatorType,promoCode\n1440999900011,89860420199999000111,1,nobody\n1440999900012,89860420199999000121,1,\n';
    const run = await cli(t, 'import', 'cards', file('cards-promoter.csv', csv));
    expect(run.code).toBe(3);
    expect(run.lines).toEqual([2]);
    expect(run.out).toContain('line 2: promoCode: no promoter nobody');
    const kept = await db()
      .selectFrom('sims')
      .select('sim_no')
      .where('sim_no', 'in', ['1440999900011', '1440999900012'])
      .execute();
    expect(kept.map((r) => r.sim_no)).toEqual(['1440999900012']);
  });

  it('keeps every imported card ledger equal to its balance', async () => {
    const cards = await db()
      .selectFrom('sims')
      .select(['id', 'balance_fen'])
      .where('sim_no', 'like', '14409999000%')
      .execute();
    for (const c of cards) {
      const sum = await db()
        .selectFrom('iot_balance_logs')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('s'))
        .where('sim_id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(Number(sum.s)).toBe(Number(c.balance_fen));
    }
  });
});

describe(`import faq on ${TEST_DB}`, () => {
  it('imports FAQ entries that the app lists, and a rerun changes nothing', async () => {
    const run = await cli(t, 'import', 'faq', fixture('faq.csv'));
    expect(run).toMatchObject({ code: 0, lines: [] });
    const before = await snapshot('questions');
    expect((await cli(t, 'import', 'faq', fixture('faq.csv'))).code).toBe(0);
    expect(await snapshot('questions')).toEqual(before);
    const row = await db()
      .selectFrom('questions')
      .selectAll()
      .where('title', '=', '下单后多久发货？')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ category: 'order', scope: 'shop', hot: 10, enabled: 1, code: null });
  });

  it('reports bad FAQ items by line', async () => {
    const run = await cli(t, 'import', 'faq', fixture('faq-bad.json'));
    expect(run).toMatchObject({ code: 3, lines: [3, 4, 5] });
    expect(run.out).toContain('line 3: category: ');
    expect(run.out).toContain('line 4: title: ');
  });
});
