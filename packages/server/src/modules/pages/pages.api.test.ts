import { codesOfMask, goodsItem, numberItem, singlePage } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGoods, insertNumber, insertSinglePage } from '../../test/catalogue-fixtures.js';
import { insertPromoter } from '../../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  await insertPromoter(db, { code: 'shop2', domain: 'shop2.example.com' });
  ids.goodsA = await insertGoods(db, { name: '落地页商品A', price_fen: 990, detail: '<p>A详情</p>' });
  ids.goodsB = await insertGoods(db, { name: '落地页商品B', detail: '<p>B详情</p>' });
  ids.goodsOff = await insertGoods(db, { name: '下架商品', status: 0 });
  ids.goodsShop2 = await insertGoods(db, { name: '二号店商品', promo_code: 'shop2' });
  ids.numA = await insertNumber(db, {
    number: '13800008888',
    operator_type: 1,
    province_code: '110000',
    city_code: '110100',
    price_fen: 288800,
  });
  ids.numB = await insertNumber(db, { number: '18612345678', operator_type: 2 });
  ids.numLocked = await insertNumber(db, { number: '13900006666', operator_type: 1, status: 2 });
  ids.numShop2 = await insertNumber(db, { number: '13300001111', operator_type: 3, promo_code: 'shop2' });
  await insertSinglePage(db, {
    page_code: 'mixed',
    title: '混合页',
    banner: '/b.png',
    theme: '#ABCDEF',
    cta_text: '去看看',
    cta_path: '/pages/goods/index',
    blocks_json: JSON.stringify([
      { type: 'html', html: '<p>开头</p>' },
      { type: 'goods', goodsIds: [ids.goodsB, ids.goodsOff, ids.goodsShop2, 999_999, ids.goodsA] },
      { type: 'numbers', numberIds: [ids.numB, ids.numLocked, ids.numShop2, ids.numA] },
      { type: 'video', src: 'x.mp4' },
      { type: 'goods', goodsIds: 'not a list' },
      { type: 'html', html: '<p>结尾</p>' },
    ]),
    goods_ids_json: JSON.stringify([ids.goodsA, ids.goodsOff, ids.goodsB]),
    popup_json: JSON.stringify({ switch: 1, title: '弹窗', content: '内容' }),
  });
  await insertSinglePage(db, { page_code: 'offline', enabled: 0 });
  await insertSinglePage(db, { page_code: 'only2', promo_code: 'shop2', title: '二号店页' });
  await insertSinglePage(db, {
    page_code: 'broken',
    blocks_json: 'not json',
    goods_ids_json: '{',
    popup_json: '[]',
    theme: 'red',
  });
});
afterAll(() => t.close());

async function getPage(query: string, headers: Record<string, string> = clientHeaders()) {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/singlePageInfo${query}`, headers });
  expect(res.statusCode).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: the body is checked field by field below
  return res.json() as { code: number; message: string; data: any };
}

describe(`GET /api/shop/singlePageInfo on ${TEST_DB}`, () => {
  it('answers a page in the documented shape', async () => {
    const body = await getPage('?pageCode=mixed');
    expect(body.code).toBe(0);
    const parsed = singlePage.strict().safeParse(body.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body.data).toMatchObject({
      pageCode: 'mixed',
      title: '混合页',
      banner: '/b.png',
      theme: '#ABCDEF',
      ctaText: '去看看',
      ctaPath: '/pages/goods/index',
      popup: { switch: 1, title: '弹窗', content: '内容' },
    });
  });

  it('expands goods blocks into on-sale items of this shop, in the stored order, without detail', async () => {
    const { data } = await getPage('?pageCode=mixed');
    const block = data.blocks[1];
    expect(block.type).toBe('goods');
    expect(block.goods.map((g: { id: number }) => g.id)).toEqual([ids.goodsB, ids.goodsA]);
    for (const g of block.goods) {
      expect(goodsItem.strict().safeParse(g).success).toBe(true);
      expect(g).not.toHaveProperty('detail');
    }
    expect(block.goods[1]).toMatchObject({ name: '落地页商品A', price: '9.90' });
  });

  it('expands numbers blocks into on-sale numbers of this shop, in the stored order', async () => {
    const { data } = await getPage('?pageCode=mixed');
    const block = data.blocks[2];
    expect(block.type).toBe('numbers');
    expect(block.numbers.map((n: { id: number }) => n.id)).toEqual([ids.numB, ids.numA]);
    for (const n of block.numbers) expect(numberItem.strict().safeParse(n).success, JSON.stringify(n)).toBe(true);
    const row = await t.database.handle.db
      .selectFrom('numbers')
      .selectAll()
      .where('id', '=', Number(ids.numA))
      .executeTakeFirstOrThrow();
    expect(block.numbers[1]).toEqual({
      id: ids.numA,
      number: '13800008888',
      operatorType: 1,
      provinceCode: '110000',
      provinceName: '北京市',
      cityCode: '110100',
      cityName: '北京市',
      price: '2888.00',
      originalPrice: '200.00',
      minConsume: '59.00',
      contractMonths: 12,
      patterns: codesOfMask(row.pattern_mask),
      level: row.level,
      status: 1,
    });
    expect(block.numbers[1].patterns).toEqual(expect.arrayContaining(['A4', 'LUCKY8']));
    expect(block.numbers[0]).toMatchObject({ provinceName: '广东省', cityName: '深圳市' });
  });

  it('keeps html blocks and leaves out blocks it cannot read', async () => {
    const { data } = await getPage('?pageCode=mixed');
    expect(data.blocks.map((b: { type: string }) => b.type)).toEqual(['html', 'goods', 'numbers', 'html']);
    expect(data.blocks[0]).toEqual({ type: 'html', html: '<p>开头</p>' });
    expect(data.blocks[3]).toEqual({ type: 'html', html: '<p>结尾</p>' });
  });

  it("lists the page's goods with their detail, leaving out the off-sale ones", async () => {
    const { data } = await getPage('?pageCode=mixed');
    expect(data.goods.map((g: { id: number }) => g.id)).toEqual([ids.goodsA, ids.goodsB]);
    expect(data.goods[0].detail).toBe('<p>A详情</p>');
    for (const g of data.goods) expect(goodsItem.strict().safeParse(g).success).toBe(true);
  });

  it('another shop sees its own goods and numbers in the blocks', async () => {
    const { data } = await getPage('?pageCode=mixed&promoCode=shop2');
    expect(data.blocks[1].goods.map((g: { id: number }) => g.id)).toEqual([ids.goodsB, ids.goodsShop2, ids.goodsA]);
    expect(data.blocks[2].numbers.map((n: { id: number }) => n.id)).toEqual([ids.numB, ids.numShop2, ids.numA]);
  });

  it('unreadable stored JSON gives empty blocks and goods, a closed popup and the default theme', async () => {
    const body = await getPage('?pageCode=broken');
    expect(body.code).toBe(0);
    expect(singlePage.safeParse(body.data).success).toBe(true);
    expect(body.data).toMatchObject({
      blocks: [],
      goods: [],
      popup: { switch: 0, title: '', content: '' },
      theme: '#07c160',
    });
  });

  it.each([
    ['an unknown page', '?pageCode=nosuch'],
    ['a disabled page', '?pageCode=offline'],
    ["another shop's page", '?pageCode=only2'],
  ])('%s → -1 页面不存在或已下线', async (_label, query) => {
    expect(await getPage(query)).toEqual({ code: -1, message: '页面不存在或已下线', reason: 'pageGone', data: null });
  });

  it("a shop's own page opens by promoCode or by its hostname", async () => {
    expect((await getPage('?pageCode=only2&promoCode=shop2')).data.title).toBe('二号店页');
    expect((await getPage('?pageCode=only2', clientHeaders({ hostname: 'shop2.example.com' }))).data.title).toBe(
      '二号店页',
    );
  });

  it('an unknown promoCode → -1 店铺不存在或已关闭', async () => {
    expect(await getPage('?pageCode=mixed&promoCode=nosuchshop')).toEqual({
      code: -1,
      message: '店铺不存在或已关闭',
      reason: 'shopClosed',
      data: null,
    });
  });

  it.each([
    ['no pageCode', '', 'pageCode'],
    ['an empty pageCode', '?pageCode=', 'pageCode'],
    ['a pageCode over 32 characters', `?pageCode=${'p'.repeat(33)}`, 'pageCode'],
    ['a malformed promoCode', '?pageCode=mixed&promoCode=a%2Fb', 'promoCode'],
  ])('%s → -1 naming the field', async (_label, query, field) => {
    const body = await getPage(query);
    expect(body.code).toBe(-1);
    expect(body.data).toEqual({ field });
  });

  describe('demo pages', () => {
    it('summer: html and goods blocks, its goods, and an open popup', async () => {
      const body = await getPage('?pageCode=summer');
      expect(body.code).toBe(0);
      expect(singlePage.strict().safeParse(body.data).success).toBe(true);
      const types = body.data.blocks.map((b: { type: string }) => b.type);
      expect(types).toContain('html');
      expect(types).toContain('goods');
      const blockGoods = body.data.blocks.find((b: { type: string }) => b.type === 'goods').goods;
      expect(blockGoods.length).toBeGreaterThanOrEqual(3);
      expect(body.data.goods.map((g: { id: number }) => g.id)).toEqual(blockGoods.map((g: { id: number }) => g.id));
      expect(body.data.popup).toMatchObject({ switch: 1 });
      expect(body.data.banner).toMatch(/^\/shop\/static\/goods\/.+\.png$/);
    });

    it('card1: a single-product page with one goods and its detail', async () => {
      const body = await getPage('?pageCode=card1');
      expect(body.code).toBe(0);
      expect(body.data.goods).toHaveLength(1);
      expect(body.data.goods[0]).toMatchObject({ name: '移动花卡·宝藏版 29元套餐', price: '0.00' });
      expect(body.data.goods[0].detail).toContain('<h3>');
    });
  });
});
