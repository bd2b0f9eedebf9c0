import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { levelOf, patternsOf, REVIEW_TAGS } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../app.js';
import { REPO_ROOT } from '../config.js';
import { createTestDatabase, TEST_DB, TEST_DEMO_NUMBERS, type TestDatabase } from '../test/harness.js';
import { DEMO_SIM_LAYOUT } from './demo-iot-cards.js';
import { DICTIONARY } from './dictionary.js';

let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase({ demo: true });
});
afterAll(() => d.drop());

const db = () => d.handle.db;

/** /shop/static/x.png is served from the web app's public/static/x.png. */
const publicFile = (url: string) => join(REPO_ROOT, 'packages/web/public', url.replace(/^\/shop\//, ''));

describe(`demo catalogue seeders on ${TEST_DB}`, () => {
  it('seeds at least 12 goods over both groups, mostly free cards in group 2, one sold out', async () => {
    const goods = await db().selectFrom('goods').selectAll().execute();
    expect(goods.length).toBeGreaterThanOrEqual(12);
    const group1 = goods.filter((g) => g.group_no === 1);
    const group2 = goods.filter((g) => g.group_no === 2);
    expect(group1.length).toBeGreaterThanOrEqual(2);
    expect(group2.filter((g) => g.price_fen === 0).length).toBeGreaterThan(group2.length / 2);
    expect(goods.filter((g) => g.stock === 0)).toHaveLength(1);
    expect(new Set(goods.map((g) => g.operator_type))).toEqual(new Set([1, 2, 3, 4]));
    const categories = new Set(DICTIONARY.goods_category?.map(([value]) => String(value)));
    for (const g of goods) {
      expect(categories.has(g.category), g.category).toBe(true);
      expect(g.detail).toContain('<h3>');
      expect(JSON.parse(g.tags_json).length).toBeGreaterThan(0);
      expect(g.status).toBe(1);
    }
  });

  it('every seeded picture and banner exists in the web app', async () => {
    const goods = await db().selectFrom('goods').select(['image', 'images_json']).execute();
    const pages = await db().selectFrom('single_pages').select('banner').execute();
    const urls = new Set([
      ...goods.flatMap((g) => [g.image, ...JSON.parse(g.images_json)]),
      ...pages.map((p) => p.banner),
    ]);
    for (const url of urls) {
      expect(url).toMatch(/^\/shop\/static\/goods\//);
      expect(existsSync(publicFile(url)), url).toBe(true);
    }
  });

  it('every /shop/static file any seeded row names exists in the web app', async () => {
    const urls = new Set<string>();
    for (const table of await db().introspection.getTables()) {
      // biome-ignore lint/suspicious/noExplicitAny: every table, read as plain rows
      const rows = await (db() as any).selectFrom(table.name).selectAll().execute();
      for (const row of rows)
        for (const url of JSON.stringify(row).match(/\/shop\/static\/[^"'\\\s)]+/g) ?? []) urls.add(url);
    }
    expect(urls.size).toBeGreaterThan(30);
    const missing = [...urls].filter((url) => !existsSync(publicFile(url)));
    expect(missing).toEqual([]);
  });

  it('gives every card menu and 我的 entry its own icon file, and every goods its own picture', async () => {
    const digest = (url: string) =>
      createHash('sha256')
        .update(readFileSync(publicFile(url)))
        .digest('hex');
    const distinctFiles = (urls: string[], what: string) => {
      const byDigest = new Map<string, string>();
      for (const url of new Set(urls)) {
        const seen = byDigest.get(digest(url));
        expect(seen, `${what}: ${url} is the same picture as ${seen}`).toBeUndefined();
        byDigest.set(digest(url), url);
      }
    };
    const layouts = await db().selectFrom('sim_layouts').select('layout_json').execute();
    const icons = new Map<string, string>();
    for (const layout of [
      DEMO_SIM_LAYOUT,
      ...layouts.map((l) => JSON.parse(l.layout_json) as typeof DEMO_SIM_LAYOUT),
    ]) {
      for (const menu of [...layout.menus, ...layout.user.elements]) {
        // The same module keeps one icon wherever it is listed; different modules never share one.
        const before = icons.get(menu.key);
        if (before) expect(menu.icon, menu.key).toBe(before);
        icons.set(menu.key, menu.icon);
      }
    }
    expect(icons.size).toBeGreaterThanOrEqual(20);
    distinctFiles([...icons.values()], 'menu icons');

    const goods = await db().selectFrom('goods').select(['name', 'image']).execute();
    expect(new Set(goods.map((g) => g.image)).size).toBe(goods.length);
    distinctFiles(
      goods.map((g) => g.image),
      'goods pictures',
    );
    const mall = await db().selectFrom('iot_mall_goods').select(['name', 'image']).execute();
    expect(new Set(mall.map((g) => g.image)).size).toBe(mall.length);
    distinctFiles(
      [...goods, ...mall].map((g) => g.image),
      'goods and mall pictures',
    );
  });

  it('seeds 2–3 packages per operator, exactly one default that any number may take', async () => {
    const packages = await db().selectFrom('number_packages').selectAll().execute();
    for (const operator of [1, 2, 3, 4]) {
      const own = packages.filter((p) => p.operator_type === operator);
      expect(own.length, `operator ${operator}`).toBeGreaterThanOrEqual(2);
      expect(own.length, `operator ${operator}`).toBeLessThanOrEqual(3);
      const defaults = own.filter((p) => p.is_default === 1);
      expect(defaults).toHaveLength(1);
      expect(defaults[0]?.min_level).toBe(1);
    }
  });

  it('seeds reviews for every level, each by a buyer of a number of that level, all dated in the past', async () => {
    const comments = await db().selectFrom('number_comments').selectAll().execute();
    expect(comments.length).toBeGreaterThanOrEqual(10);
    for (const c of comments) {
      expect(c.mobile).toMatch(/^1\d{10}$/);
      expect(c.star).toBeGreaterThanOrEqual(1);
      expect(c.star).toBeLessThanOrEqual(5);
      expect(c.created_at).toBeLessThan(Date.now());
      expect(c.level, c.number).toBe(levelOf(patternsOf(c.number)));
      for (const tag of JSON.parse(c.tags_json)) expect(REVIEW_TAGS).toContain(tag);
    }
    expect(new Set(comments.map((c) => c.level))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('seeds the pages summer and card1', async () => {
    const pages = await db()
      .selectFrom('single_pages')
      .select(['page_code', 'goods_ids_json'])
      .orderBy('page_code')
      .execute();
    expect(pages.map((p) => p.page_code)).toEqual(['card1', 'summer']);
    expect(JSON.parse(pages[0]?.goods_ids_json ?? '[]')).toHaveLength(1);
  });

  it('seeds the four system articles (and the reference login agreements) and at least 15 FAQ entries over every question category', async () => {
    const rows = await db().selectFrom('questions').selectAll().execute();
    expect(
      rows
        .map((r) => r.code)
        .filter((c) => c !== null)
        .sort(),
    ).toEqual([
      'about',
      'iot_login_protocol',
      // The card's agreements (demo-iot-rewards.ts, reference data).
      'iot_protocol_accelerate',
      'iot_protocol_coupon',
      'iot_protocol_privacy',
      'iot_protocol_recharge',
      'iot_protocol_taskRule',
      'iot_protocol_vip',
      'login_protocol',
      'payment',
      'privacy',
      'promise',
    ]);
    const faq = rows.filter((r) => r.code === null);
    expect(faq.length).toBeGreaterThanOrEqual(15);
    const categories = (DICTIONARY.question_category ?? []).map(([value]) => String(value)).sort();
    expect([...new Set(faq.map((r) => r.category))].sort()).toEqual(categories);
    expect(new Set(faq.map((r) => r.scope))).toEqual(new Set(['shop', 'iot', 'all']));
    expect(faq.filter((r) => r.hot > 0).length).toBeGreaterThanOrEqual(5);
    expect(faq.filter((r) => r.hot === 0).length).toBeGreaterThanOrEqual(1);
  });

  it('gives every demo card with flow the package it opened with, so its orders add up to its pool', async () => {
    const cards = await db()
      .selectFrom('sims')
      .select(['id', 'sim_no', 'total_flow', 'use_flow', 'balance_fen'])
      .where('total_flow', '>', 0)
      .execute();
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) {
      const active = await db()
        .selectFrom('iot_package_orders')
        .select(['flow_mb', 'use_flow', 'status', 'source', 'pay_amount_fen'])
        .where('sim_id', '=', card.id)
        .where('status', '=', 2)
        .execute();
      expect(active, card.sim_no).toEqual([
        {
          flow_mb: card.total_flow,
          use_flow: Math.min(card.use_flow, card.total_flow),
          status: 2,
          source: 'opening',
          pay_amount_fen: 0,
        },
      ]);
      // The ledger still opens with the balance alone: the opening package cost nothing.
      const ledger = await db()
        .selectFrom('iot_balance_logs')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.val(0)).as('sum'))
        .where('sim_id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(Number(ledger.sum), card.sim_no).toBe(card.balance_fen);
    }
  });

  it('preparing again adds no second copy', async () => {
    const count = async (table: 'goods' | 'number_packages' | 'number_comments' | 'single_pages' | 'questions') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = ['goods', 'number_packages', 'number_comments', 'single_pages', 'questions'] as const;
    const before = await Promise.all(tables.map(count));
    expect((await prepareDatabase(d.handle, { demo: true, demoNumbers: TEST_DEMO_NUMBERS })).seeded).toEqual([]);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
