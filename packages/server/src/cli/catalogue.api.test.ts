/** `layout set` and `package|vip|accelerate|mall|task add|update` from JSON, good and bad files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, fixture, inputFiles } from '../test/cli.js';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

const file = inputFiles('catalogue');

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ demoNumbers: 0 });
});
afterAll(() => t.close());

describe(`catalogue commands on ${TEST_DB}`, () => {
  it('layout set stores a layout the card page merges over the defaults; a rerun changes nothing', async () => {
    const run = await cli(t, 'layout', 'set', fixture('layout.json'));
    expect(run).toMatchObject({ code: 0, out: 'layout: 1 set, 0 rejected\n' });
    const row = await db().selectFrom('sim_layouts').selectAll().where('code', '=', 'acme').executeTakeFirstOrThrow();
    expect(JSON.parse(row.layout_json)).toMatchObject({ name: 'Acme 物联', maxMenuTimes: 8 });
    expect((await cli(t, 'layout', 'set', fixture('layout.json'))).code).toBe(0);
    const again = await db()
      .selectFrom('sim_layouts')
      .select('layout_json')
      .where('code', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(again.layout_json).toBe(row.layout_json);
  });

  it('layout set refuses bad items by line', async () => {
    const bad = file(
      'layouts.json',
      '[\n  { "code": "ok", "layout": { "name": "好" } },\n  { "code": "x y", "layout": {} },\n  { "code": "b", "layout": { "maxMenuTimes": -1 } }\n]',
    );
    const run = await cli(t, 'layout', 'set', bad);
    expect(run).toMatchObject({ code: 3, lines: [3, 4] });
    expect(run.out).toContain('line 4: layout.maxMenuTimes: ');
  });

  it.each([
    ['package', 'iot_packages', 2, [15]],
    ['vip', 'iot_vip_products', 1, []],
    ['accelerate', 'iot_accelerate_products', 1, []],
    ['mall', 'iot_mall_goods', 1, []],
    ['task', 'iot_tasks', 1, []],
  ] as const)(
    '%s add writes the good items, reports the bad ones, and can be rerun',
    async (kind, table, created, bad) => {
      const count = async () =>
        Number(
          (
            await db()
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const run = await cli(t, kind, 'add', fixture(`catalogue-${kind}.json`));
      expect(run.lines).toEqual(bad);
      expect(run.code).toBe(bad.length > 0 ? 3 : 0);
      expect(run.out).toContain(`${kind}: ${created} created, 0 updated`);
      expect(await count()).toBe(before + created);
      const again = await cli(t, kind, 'add', fixture(`catalogue-${kind}.json`));
      expect(again.out).toContain(`${kind}: 0 created, ${created} updated`);
      expect(await count()).toBe(before + created);
    },
  );

  it('stores money in fen and the mall SKUs by spec', async () => {
    const pkg = await db()
      .selectFrom('iot_packages')
      .selectAll()
      .where('name', '=', '加油包10G')
      .executeTakeFirstOrThrow();
    expect(pkg).toMatchObject({
      price_fen: 990,
      original_price_fen: 990,
      package_type: 2,
      duration_unit: 1,
      promo_code: '',
    });
    const goods = await db()
      .selectFrom('iot_mall_goods')
      .selectAll()
      .where('name', '=', '品牌保温杯')
      .executeTakeFirstOrThrow();
    expect(goods).toMatchObject({ points: 800, stock: 70, delivery_type: 1 });
    const skus = await db()
      .selectFrom('iot_mall_skus')
      .selectAll()
      .where('goods_id', '=', goods.id)
      .orderBy('spec_text')
      .execute();
    expect(skus.map((s) => [s.spec_text, s.points, s.stock])).toEqual([
      ['白色', 800, 50],
      ['黑色', 900, 20],
    ]);
  });

  it('update changes known items and refuses unknown ones; bad shapes are refused by line', async () => {
    const update = file(
      'update.json',
      '[\n  { "name": "月享50G", "packageType": 1, "flowMb": 51200, "duration": 1, "durationUnit": 2, "price": 35 },\n  { "name": "没有这个", "packageType": 1, "flowMb": 1, "duration": 1, "durationUnit": 2, "price": 1 }\n]',
    );
    const run = await cli(t, 'package', 'update', update);
    expect(run).toMatchObject({ code: 3, lines: [3] });
    const pkg = await db()
      .selectFrom('iot_packages')
      .select('price_fen')
      .where('name', '=', '月享50G')
      .executeTakeFirstOrThrow();
    expect(pkg.price_fen).toBe(3500);
    expect(await db().selectFrom('iot_packages').select('id').where('name', '=', '没有这个').execute()).toEqual([]);
    const shapes = file(
      'shapes.json',
      '[\n{ "vipName": "x", "price": 1.234, "duration": 1, "durationUnit": 2 },\n{ "vipName": "y", "price": 1, "duration": 1, "durationUnit": 2, "colour": "red" },\n{ "vipName": "z", "price": 1, "duration": 1, "durationUnit": 2, "promoCode": "nobody" }\n]',
    );
    const bad = await cli(t, 'vip', 'add', shapes);
    expect(bad).toMatchObject({ code: 3, lines: [2, 3, 4] });
    expect(bad.out).toContain('line 2: price: ');
    expect(bad.out).toContain('line 4: promoCode: ');
  });

  it("writes through the console catalogue: fen fields are not the file's, SKUs are replaced, each write is audited as cli", async () => {
    const fen = file('fen.json', '[\n{ "vipName": "Fen", "priceFen": 100, "duration": 1, "durationUnit": 2 }\n]');
    const refused = await cli(t, 'vip', 'add', fen);
    expect(refused).toMatchObject({ code: 3, lines: [2] });
    expect(refused.out).toContain('line 2: row: unknown field priceFen');

    const cup = (skus: object[]) =>
      file('cup.json', JSON.stringify({ name: 'Swap cup', deliveryType: 1, skus }, null, 2));
    expect(
      (
        await cli(
          t,
          'mall',
          'add',
          cup([
            { specText: 'Red', points: 10, stock: 3, cash: 1.5 },
            { specText: 'Blue', points: 20, stock: 4 },
          ]),
        )
      ).code,
    ).toBe(0);
    expect((await cli(t, 'mall', 'add', cup([{ specText: 'Blue', points: 20, stock: 6 }]))).code).toBe(0);
    const goods = await db()
      .selectFrom('iot_mall_goods')
      .selectAll()
      .where('name', '=', 'Swap cup')
      .executeTakeFirstOrThrow();
    const skus = await db().selectFrom('iot_mall_skus').selectAll().where('goods_id', '=', goods.id).execute();
    expect(skus.map((s) => [s.spec_text, s.stock])).toEqual([['Blue', 6]]);
    expect(goods).toMatchObject({ stock: 6, points: 20, cash_fen: 0 });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target', '=', `mall:${goods.id}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'catalogue.create', actor: 'cli' },
      { action: 'catalogue.update', actor: 'cli' },
    ]);
    const badSku = await cli(t, 'mall', 'add', cup([{ specText: 'Blue', points: 20, stock: 6, cash: 0.001 }]));
    expect(badSku.out).toContain('skus.0.cash: must be an amount');
  });

  it('refuses an item whose promoter does not exist, by its line', async () => {
    const items = [
      { name: '别家套餐', packageType: 1, flowMb: 1024, duration: 1, durationUnit: 2, price: 5, promoCode: 'nobody' },
    ];
    const run = await cli(t, 'package', 'add', file('package-promoter.json', JSON.stringify(items, null, 2)));
    expect(run.code).toBe(3);
    expect(run.out).toContain('line 2: promoCode: no promoter nobody');
    expect(await db().selectFrom('iot_packages').select('id').where('name', '=', '别家套餐').execute()).toEqual([]);
  });

  it('answers usage errors with exit 2', async () => {
    expect((await cli(t, 'package', 'remove', fixture('catalogue-package.json'))).code).toBe(2);
    expect((await cli(t, 'task', 'add')).code).toBe(2);
    expect((await cli(t, 'layout', 'set', fixture('no-such-file.json'))).code).toBe(2);
    const help = await cli(t, 'mall', '--help');
    expect(help).toMatchObject({ code: 0 });
    expect(help.out).toContain('Usage: haoka mall add|update <file.json>');
  });
});
