/**
 * The console's catalogue over the real app and a real database (SQLite and PostgreSQL): for every kind an
 * item is created, listed, read back, updated and retired, and the shop's own endpoint (as a shopper or as
 * a card of the promoter) shows it and then stops showing it; every write leaves an audit line with the
 * changed fields; support and finance cannot write; refusals carry reasons; a mall goods' stock stays
 * the sum of its options', and an option an open order holds cannot be removed.
 */
import { randomUUID } from 'node:crypto';
import {
  adminApi,
  type CatalogueEntry,
  type CatalogueItemInput,
  type CatalogueKind,
  type CatalogueRow,
  iotMallApi,
} from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Body, callApp, type TestCard, testCards } from '../../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';

let t: TestApp;
let operator: StaffSignIn;
let support: StaffSignIn;
let finance: StaffSignIn;
let card: TestCard;
const db = () => t.database.handle.db;
const newCard = testCards(() => t, { subnet: 96 });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-05T02:00:00Z'));
  t = await createTestApp({ demoNumbers: 0 });
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
  card = await newCard({ integral: 100_000 });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function save(item: CatalogueItemInput, id?: number, as: StaffSignIn = operator) {
  const res = await staffCall(t, adminApi.saveCatalogueItem, { ...(id ? { id } : {}), item } as never, { as });
  return res;
}
async function saved(item: CatalogueItemInput, id?: number): Promise<number> {
  const res = await save(item, id);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return (res.body.data as { id: number }).id;
}
async function get(kind: CatalogueKind, id: number): Promise<CatalogueEntry> {
  const res = await staffCall(t, adminApi.getCatalogueItem, { kind, id }, { as: support });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as CatalogueEntry;
}
async function list(query: Record<string, unknown>, as: StaffSignIn = support) {
  const res = await staffCall(t, adminApi.listCatalogue, query as never, { as });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { list: CatalogueRow[]; total: number };
}
async function setEnabled(kind: CatalogueKind, id: number, enabled: 0 | 1) {
  const res = await staffCall(t, adminApi.setCatalogueEnabled, { kind, id, enabled }, { as: operator });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
}
const shop = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: clientHeaders() });
  return res.json() as Body;
};
const asCard = (url: string) => callApp(t, card, 'GET', url);
const auditOf = (target: string) =>
  db().selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id', 'asc').execute();

interface Case {
  item: CatalogueItemInput;
  /** A change and the field of the stored item it shows in. */
  change: Record<string, unknown>;
  title: string;
  /** What the list's keyword finds it by (the title's start by default). */
  keyword?: string;
  preview: (id: number) => string | null;
  /** Whether the shop shows the item now. */
  shows: (id: number) => Promise<boolean>;
}

const CASES: Record<CatalogueKind, Case> = {
  goods: {
    item: {
      kind: 'goods',
      promoCode: 'demo',
      name: 'Console goods',
      group: 2,
      category: 'flow',
      operatorType: 1,
      priceFen: 2900,
      originalPriceFen: 3900,
      image: '/shop/static/goods/a.png',
    },
    change: { priceFen: 1900 },
    title: 'Console goods',
    preview: (id) => `/pages/goods/general/index?goodsId=${id}&promoCode=demo`,
    shows: async (id) =>
      (await shop(`/api/shop/goodsList?promoCode=demo&goodsId=${id}`)).data.list.some(
        (g: { id: number }) => g.id === id,
      ),
  },
  package: {
    item: {
      kind: 'package',
      promoCode: 'demo',
      name: 'Console 20 GB',
      packageType: 1,
      flowMb: 20480,
      duration: 1,
      durationUnit: 2,
      priceFen: 1900,
    },
    change: { flowMb: 30720 },
    title: 'Console 20 GB',
    preview: (id) => `/pages/iot/index/package/details/index?packageId=${id}`,
    shows: async (id) => (await asCard('/api/iot/packageChoose')).data.list.some((p: { id: number }) => p.id === id),
  },
  recharge: {
    item: { kind: 'recharge', promoCode: 'demo', amountFen: 12_300, giftFen: 700, tag: 'console' },
    change: { giftFen: 900 },
    title: '123.00 + 7.00',
    keyword: 'console',
    preview: () => '/pages/iot/index/balance/index',
    shows: async (id) => (await asCard('/api/iot/balanceChoose')).data.list.some((o: { id: number }) => o.id === id),
  },
  vip: {
    item: { kind: 'vip', promoCode: 'demo', vipName: 'Console member', priceFen: 990, duration: 1, durationUnit: 2 },
    change: { tag: 'new' },
    title: 'Console member',
    preview: () => '/pages-sub/iot/vip/index',
    shows: async (id) => (await asCard('/api/iot/vipList')).data.list.some((v: { id: number }) => v.id === id),
  },
  accelerate: {
    item: {
      kind: 'accelerate',
      promoCode: 'demo',
      accelerateName: 'Console boost',
      speedCode: 'S300M',
      priceFen: 300,
      duration: 1,
      durationUnit: 1,
    },
    change: { speedText: '300 Mbps' },
    title: 'Console boost',
    preview: () => '/pages-sub/iot/index/accelerate/index',
    shows: async (id) => (await asCard('/api/iot/accelerateList')).data.list.some((a: { id: number }) => a.id === id),
  },
  mall: {
    item: {
      kind: 'mall',
      promoCode: 'demo',
      name: 'Console flask',
      image: '/shop/static/mall/cup.png',
      deliveryType: 3,
      skus: [
        { specText: 'White', points: 800, stock: 10 },
        { specText: 'Black', points: 900, stock: 5 },
      ],
    },
    change: { detail: '<p>Keeps tea hot</p>' },
    title: 'Console flask',
    preview: (id) => `/pages-sub/iot/integralShop/details/index?goodsId=${id}`,
    shows: async (id) =>
      (await asCard('/api/iot/integralShopIndex?pageSize=50')).data.list.some((g: { id: number }) => g.id === id),
  },
  task: {
    item: {
      kind: 'task',
      promoCode: 'demo',
      taskCode: 'console-video',
      name: 'Console video',
      taskKind: 'video',
      points: 5,
      videoUrl: 'https://cdn.example.com/ad.mp4',
      watchSeconds: 15,
    },
    change: { points: 8 },
    title: 'Console video',
    preview: () => '/pages-sub/iot/task/index',
    shows: async () =>
      (await asCard('/api/iot/taskCenter')).data.tasks.some(
        (x: { taskCode: string }) => x.taskCode === 'console-video',
      ),
  },
  coupon: {
    item: {
      kind: 'coupon',
      promoCode: 'demo',
      name: 'Console ¥5 off',
      type: 1,
      amountFen: 500,
      validDays: 30,
      coinPrice: 50,
    },
    change: { coinPrice: 40 },
    title: 'Console ¥5 off',
    preview: () => '/pages-sub/iot/couponExchange/index',
    shows: async (id) =>
      (await asCard('/api/iot/couponExchangeList?pageSize=50')).data.list.some((c: { id: number }) => c.id === id),
  },
  banner: {
    item: {
      kind: 'banner',
      promoCode: 'demo',
      image: '/shop/static/mall/console-banner.png',
      path: '/pages-sub/iot/task/index',
    },
    change: { sort: 3 },
    title: '/pages-sub/iot/task/index',
    preview: () => '/pages-sub/iot/integralShop/index',
    shows: async () =>
      (await asCard('/api/iot/integralShopIndex')).data.banners.some(
        (b: { image: string }) => b.image === '/shop/static/mall/console-banner.png',
      ),
  },
  faq: {
    item: { kind: 'faq', category: 'card', scope: 'shop', title: 'Console question?', content: 'Console answer.' },
    change: { content: 'A better answer.' },
    title: 'Console question?',
    preview: (id) => `/pages/customer/question/detail?id=${id}`,
    shows: async (id) => (await shop(`/api/shop/sysQuestion/view?id=${id}`)).code === 0,
  },
  page: {
    item: {
      kind: 'page',
      promoCode: 'demo',
      pageCode: 'console-page',
      title: 'Console page',
      blocks: [{ type: 'html', html: '<p>Hi</p>' }],
    },
    change: { theme: '#0066ff' },
    title: 'Console page',
    preview: () => '/pages-sub/single/index?pageCode=console-page&promoCode=demo',
    shows: async () => (await shop('/api/shop/singlePageInfo?pageCode=console-page&promoCode=demo')).code === 0,
  },
  agreement: {
    item: { kind: 'agreement', code: 'console-terms', title: 'Console terms', content: '<p>Terms</p>' },
    change: { title: 'Console terms v2' },
    title: 'Console terms',
    preview: () => '/pages/about/textTemplate?code=console-terms',
    shows: async () => (await shop('/api/shop/sysQuestion/view?code=console-terms')).code === 0,
  },
};

describe(`console catalogue on ${TEST_DB}`, () => {
  it.each(Object.keys(CASES) as CatalogueKind[])(
    '%s: create → list → get → update → retire, and the shop follows',
    async (kind) => {
      const c = CASES[kind];
      const id = await saved(c.item);
      expect(await c.shows(id)).toBe(true);

      const rows = await list({ kind, keyword: c.keyword ?? c.title.slice(0, 10) });
      const row = rows.list.find((r) => r.id === id);
      expect(row).toMatchObject({ kind, title: c.title, enabled: 1 });
      expect(row?.promoCode).toBe('promoCode' in c.item ? c.item.promoCode : '');

      const entry = await get(kind, id);
      expect(entry.item).toMatchObject(c.item);
      expect(entry.preview).toEqual(c.preview(id) === null ? null : { path: c.preview(id) });

      await saved({ ...entry.item, ...c.change } as CatalogueItemInput, id);
      expect((await get(kind, id)).item).toMatchObject(c.change);
      expect(await c.shows(id)).toBe(true);

      await setEnabled(kind, id, 0);
      expect(await c.shows(id)).toBe(false);
      expect((await list({ kind, enabled: 0 })).list.map((r) => r.id)).toContain(id);
      expect((await list({ kind, enabled: 1 })).list.map((r) => r.id)).not.toContain(id);

      const lines = await auditOf(`${kind}:${id}`);
      expect(lines.map((l) => [l.action, l.actor])).toEqual([
        ['catalogue.create', 'olga'],
        ['catalogue.update', 'olga'],
        ['catalogue.disable', 'olga'],
      ]);
      const [field, value] = Object.entries(c.change)[0] as [string, unknown];
      expect(JSON.parse(String(lines[1]?.after_json))).toEqual({ [field]: value });
      expect(Object.keys(JSON.parse(String(lines[1]?.before_json)))).toEqual([field]);
      expect(JSON.parse(String(lines[2]?.after_json))).toEqual({ enabled: 0 });

      await setEnabled(kind, id, 1);
      expect(await c.shows(id)).toBe(true);
    },
  );

  it.each(Object.keys(CASES) as CatalogueKind[])(
    '%s: every seeded item opens in the form and saves back unchanged',
    async (kind) => {
      const rows = await list({ kind, pageSize: 100 });
      expect(rows.total).toBeGreaterThan(0);
      for (const row of rows.list) {
        const entry = await get(kind, row.id);
        await saved(entry.item as CatalogueItemInput, row.id);
        expect(await get(kind, row.id), `${kind} ${row.id}`).toEqual(entry);
      }
    },
  );

  it('lists the mall categories for the goods form, and a goods saved in one shows under it', async () => {
    const res = await staffCall(t, adminApi.listMallCategories, {}, { as: support });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const categories = res.body.data as { id: number; name: string; enabled: number }[];
    const category = categories.find((c) => c.enabled === 1);
    expect(category).toBeDefined();
    const id = await saved({
      kind: 'mall',
      promoCode: 'demo',
      name: 'Categorised goods',
      categoryId: category?.id ?? null,
      deliveryType: 3,
      points: 10,
      stock: 3,
    });
    const shown = await asCard(`/api/iot/integralShopIndex?categoryId=${category?.id}&pageSize=50`);
    expect(shown.data.list.map((g: { id: number }) => g.id)).toContain(id);
  });

  it('lists by promoter and keyword, in shelf order', async () => {
    const a = await saved({ kind: 'recharge', promoCode: '', amountFen: 100_100, sort: 2, tag: 'shelf' });
    const b = await saved({ kind: 'recharge', promoCode: '', amountFen: 100_200, sort: 1, tag: 'shelf' });
    const shared = await list({ kind: 'recharge', promoCode: '', keyword: 'shelf' });
    expect(shared.list.map((r) => r.id)).toEqual([b, a]);
    expect(shared.list[0]).toMatchObject({ priceFen: 100_200, updatedAt: null, promoCode: '' });
    expect((await list({ kind: 'recharge', promoCode: 'demo', keyword: 'shelf' })).total).toBe(0);
  });
});

describe(`console catalogue refusals on ${TEST_DB}`, () => {
  it('lets support and finance read or nothing, but never write (403)', async () => {
    const item: CatalogueItemInput = { kind: 'faq', category: 'order', title: 'Role check', content: 'x' };
    for (const as of [support, finance]) {
      const res = await save(item, undefined, as);
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('staffForbidden');
      const off = await staffCall(t, adminApi.setCatalogueEnabled, { kind: 'faq', id: 1, enabled: 0 }, { as });
      expect(off.status).toBe(403);
    }
    expect((await staffCall(t, adminApi.listCatalogue, { kind: 'faq' } as never, { as: finance })).status).toBe(403);
    expect(await db().selectFrom('questions').select('id').where('title', '=', 'Role check').execute()).toEqual([]);
  });

  it('answers validation refusals with reasons and the field', async () => {
    const pkg = {
      kind: 'package',
      name: 'Refused',
      packageType: 1,
      flowMb: 1,
      duration: 1,
      durationUnit: 2,
      priceFen: 1000,
    } as const;
    const cases: [CatalogueItemInput, string, string][] = [
      [{ ...pkg, originalPriceFen: 500 }, 'catalogueOriginalBelowPrice', 'item.originalPriceFen'],
      [{ ...pkg, promoCode: 'no such!' }, 'cataloguePromoCodeInvalid', 'item.promoCode'],
      [{ kind: 'banner', image: 'javascript:alert(1)' }, 'catalogueImageInvalid', 'item.image'],
      [{ kind: 'page', pageCode: 'x', title: 'x', theme: 'red' }, 'catalogueThemeInvalid', 'item.theme'],
      [{ ...pkg, priceFen: -1 }, 'paramRange', 'item.priceFen'],
    ];
    for (const [item, reason, field] of cases) {
      const res = await save(item);
      expect(res.body, JSON.stringify(item)).toMatchObject({ code: -1, reason, data: { field } });
    }
    expect(await db().selectFrom('iot_packages').select('id').where('name', '=', 'Refused').execute()).toEqual([]);
  });

  it('refuses a natural key in use, an unknown promoter, an unknown id and an id of another kind', async () => {
    const task = { kind: 'task', taskCode: 'clash', name: 'Clash', taskKind: 'sign', points: 1 } as const;
    const first = await saved(task);
    expect((await save({ ...task, name: 'Other' })).body).toMatchObject({
      reason: 'catalogueKeyTaken',
      data: { field: 'taskCode' },
    });
    // The same code for another promoter is another task.
    const other = await saved({ ...task, promoCode: 'demo' });
    expect(other).not.toBe(first);
    // Renaming onto a taken key is refused too.
    const second = await saved({ ...task, taskCode: 'clash-2' });
    expect((await save({ ...task }, second)).body.reason).toBe('catalogueKeyTaken');

    expect((await save({ ...task, taskCode: 'nobody', promoCode: 'nobody' })).body).toMatchObject({
      reason: 'cataloguePromoterUnknown',
      data: { promoCode: 'nobody' },
    });
    expect((await save(task, 999_999)).body.reason).toBe('catalogueItemGone');
    expect(
      (await staffCall(t, adminApi.getCatalogueItem, { kind: 'vip', id: 999_999 }, { as: support })).body.reason,
    ).toBe('catalogueItemGone');
    const faq = await saved({ kind: 'faq', category: 'pay', title: 'Kind check', content: 'x' });
    expect(
      (await staffCall(t, adminApi.getCatalogueItem, { kind: 'agreement', id: faq }, { as: support })).body.reason,
    ).toBe('catalogueKindMismatch');
    expect((await save({ kind: 'agreement', code: 'kind-check', title: 'x', content: 'x' }, faq)).body.reason).toBe(
      'catalogueKindMismatch',
    );
    const setOff = await staffCall(
      t,
      adminApi.setCatalogueEnabled,
      { kind: 'coupon', id: 999_999, enabled: 0 },
      { as: operator },
    );
    expect(setOff.body.reason).toBe('catalogueItemGone');
  });
});

describe(`points-mall options on ${TEST_DB}`, () => {
  const goodsRow = (id: number) =>
    db().selectFrom('iot_mall_goods').select(['stock', 'points']).where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps the goods stock the sum of its options, replaces them on save, and keeps an option an open order holds', async () => {
    const item: Extract<CatalogueItemInput, { kind: 'mall' }> = {
      kind: 'mall',
      promoCode: 'demo',
      name: 'Option goods',
      deliveryType: 1,
      stock: 999,
      skus: [
        { specText: 'Red', points: 300, stock: 4 },
        { specText: 'Blue', points: 200, stock: 6 },
      ],
    };
    const id = await saved(item);
    expect(await goodsRow(id)).toEqual({ stock: 10, points: 200 });
    const entry = await get('mall', id);
    const skus = (entry.item as { skus: { id?: number; specText: string; stock: number }[] }).skus;
    const red = skus.find((s) => s.specText === 'Red');
    const blue = skus.find((s) => s.specText === 'Blue');

    // Rename Red (kept by its id), drop Blue, add Green.
    await saved(
      {
        ...item,
        skus: [
          { id: red?.id, specText: 'Crimson', points: 300, stock: 7 },
          { specText: 'Green', points: 250, stock: 1 },
        ],
      },
      id,
    );
    const after = await db().selectFrom('iot_mall_skus').selectAll().where('goods_id', '=', id).orderBy('id').execute();
    expect(after.map((s) => [s.spec_text, s.stock])).toEqual([
      ['Crimson', 7],
      ['Green', 1],
    ]);
    expect(after[0]?.id).toBe(red?.id);
    expect(after.some((s) => s.id === blue?.id)).toBe(false);
    expect(await goodsRow(id)).toEqual({ stock: 8, points: 250 });

    // A card exchanges one Green by courier: an open order (points only, to ship) holds that option.
    const green = after[1];
    const address = await callApp(t, card, 'POST', iotMallApi.saveSimAddress.path, {
      name: '张三',
      mobile: '13800138000',
      provinceCode: '440000',
      cityCode: '440100',
      countyCode: '440106',
      detail: '天河路 385 号 1201 室',
    });
    expect(address.code, address.message).toBe(0);
    const buy = await callApp(t, card, 'POST', iotMallApi.buyMallGoods.path, {
      goodsId: id,
      skuId: green?.id,
      addressId: address.data.id,
      quantity: 1,
      uuid: randomUUID(),
    });
    expect(buy.code, buy.message).toBe(0);
    expect(buy.data.status).toBe(1);
    expect(await goodsRow(id)).toMatchObject({ stock: 7 });

    const removeGreen = await save(
      { ...item, skus: [{ id: red?.id, specText: 'Crimson', points: 300, stock: 7 }] },
      id,
    );
    expect(removeGreen.body).toMatchObject({ reason: 'catalogueSkuInUse', data: { specText: 'Green' } });
    const kept = await db().selectFrom('iot_mall_skus').select('spec_text').where('goods_id', '=', id).execute();
    expect(kept.map((s) => s.spec_text).sort()).toEqual(['Crimson', 'Green']);

    // Setting the stock of the options sets the goods' stock to their sum.
    await saved(
      {
        ...item,
        skus: [
          { id: red?.id, specText: 'Crimson', points: 300, stock: 2 },
          { id: green?.id, specText: 'Green', points: 250, stock: 3 },
        ],
      },
      id,
    );
    expect(await goodsRow(id)).toEqual({ stock: 5, points: 250 });
    // Open orders without an option keep a goods without options until they are done.
    const plain = await saved({ ...item, name: 'Plain goods', stock: 5, skus: [] });
    const plainBuy = await callApp(t, card, 'POST', iotMallApi.buyMallGoods.path, {
      goodsId: plain,
      quantity: 1,
      addressId: address.data.id,
      uuid: randomUUID(),
    });
    expect(plainBuy.code, plainBuy.message).toBe(0);
    const addOptions = await save(
      { ...item, name: 'Plain goods', skus: [{ specText: 'One', points: 1, stock: 1 }] },
      plain,
    );
    expect(addOptions.body).toMatchObject({ reason: 'catalogueOptionsInUse', data: { field: 'skus' } });
    expect(await goodsRow(plain)).toMatchObject({ stock: 4 });
    // An option id of another goods is refused.
    expect(
      (await save({ ...item, name: 'Other goods', skus: [{ id: green?.id, specText: 'G', points: 1, stock: 1 }] })).body
        .reason,
    ).toBe('catalogueItemGone');
  });
});
