import { goodsItem } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGoods } from '../../test/catalogue-fixtures.js';
import { insertPromoter } from '../../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

let t: TestApp;
let shop2GoodsId: number;
let hiddenGoodsId: number;

interface Item {
  id: number;
  name: string;
  group: number;
  category: string;
  operatorType: number;
  price: string;
  sales: number;
  stock: number | null;
  detail?: string;
  images?: string[];
}
interface Body {
  code: number;
  message: string;
  data: { list: Item[]; total: number; page: number; pageSize: number } | null;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  await insertPromoter(db, { code: 'shop2', domain: 'shop2.example.com' });
  shop2GoodsId = await insertGoods(db, { name: '二号店专属卡', promo_code: 'shop2', sort: -1 });
  hiddenGoodsId = await insertGoods(db, { name: '已下架的卡', status: 0, sort: -1 });
  // Equal sort, sales and price: only the id can keep these apart across pages.
  await insertGoods(db, { name: '并列甲', sort: 50, sales: 7, price_fen: 700 });
  await insertGoods(db, { name: '并列乙', sort: 50, sales: 7, price_fen: 700 });
  await insertGoods(db, { name: '并列丙', sort: 50, sales: 7, price_fen: 700 });
});
afterAll(() => t.close());

async function list(query: string, headers: Record<string, string> = clientHeaders()): Promise<Body> {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/goodsList${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Body;
}

/** The rows the demo shop may list, straight from the table. */
async function visibleRows() {
  return t.database.handle.db
    .selectFrom('goods')
    .selectAll()
    .where('status', '=', 1)
    .where('promo_code', 'in', ['', 'demo'])
    .execute();
}

type Row = Awaited<ReturnType<typeof visibleRows>>[number];
const byIdDesc = (a: Row, b: Row) => b.id - a.id;
const ORDERS: Record<string, (a: Row, b: Row) => number> = {
  default: (a, b) => a.sort - b.sort || byIdDesc(a, b),
  sales: (a, b) => b.sales - a.sales || byIdDesc(a, b),
  priceAsc: (a, b) => a.price_fen - b.price_fen || byIdDesc(a, b),
  priceDesc: (a, b) => b.price_fen - a.price_fen || byIdDesc(a, b),
};

describe(`GET /api/shop/goodsList on ${TEST_DB}`, () => {
  it('lists every on-sale goods of the shop in the documented shape, without detail', async () => {
    const body = await list('?pageSize=50');
    expect(body.code).toBe(0);
    const rows = await visibleRows();
    expect(body.data?.total).toBe(rows.length);
    expect(body.data?.list).toHaveLength(rows.length);
    expect(body.data).toMatchObject({ page: 1, pageSize: 50 });
    for (const item of body.data?.list ?? []) {
      const parsed = goodsItem.strict().safeParse(item);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(item).not.toHaveProperty('detail');
      expect(Array.isArray(item.images)).toBe(true);
    }
  });

  it('the demo catalogue has goods in both groups', async () => {
    const body = await list('?pageSize=50');
    const groups = new Set(body.data?.list.map((i) => i.group));
    expect(groups).toEqual(new Set([1, 2]));
    expect(body.data?.total).toBeGreaterThanOrEqual(12);
  });

  it.each(Object.keys(ORDERS))('sort=%s orders as documented, ties broken by newest id', async (sort) => {
    const query = sort === 'default' ? '?pageSize=50' : `?pageSize=50&sort=${sort}`;
    const body = await list(query);
    const expected = (await visibleRows()).sort(ORDERS[sort]).map((r) => r.id);
    expect(body.data?.list.map((i) => i.id)).toEqual(expected);
  });

  it.each(['default', 'sales', 'priceAsc'])(
    'sort=%s: pages do not overlap and add up to the whole list',
    async (sort) => {
      const whole = (await list(`?pageSize=50&sort=${sort}`)).data?.list.map((i) => i.id) ?? [];
      const seen: number[] = [];
      for (let page = 1; page <= 10; page++) {
        const body = await list(`?sort=${sort}&pageSize=4&page=${page}`);
        expect(body.data).toMatchObject({ total: whole.length, page, pageSize: 4 });
        if (body.data?.list.length === 0) break;
        expect(body.data?.list.length).toBe(Math.min(4, whole.length - seen.length));
        seen.push(...(body.data?.list.map((i) => i.id) ?? []));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(whole);
    },
  );

  it('a page past the end is empty but still tells the total', async () => {
    const total = (await visibleRows()).length;
    expect((await list('?page=99&pageSize=10')).data).toEqual({ list: [], total, page: 99, pageSize: 10 });
  });

  it('pageSize defaults to 10 and page to 1', async () => {
    const body = await list('');
    expect(body.data).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.data?.list).toHaveLength(10);
  });

  it.each([
    ['group=1', (r: Row) => r.group_no === 1],
    ['group=2', (r: Row) => r.group_no === 2],
    ['category=flow', (r: Row) => r.category === 'flow'],
    ['operatorType=3', (r: Row) => r.operator_type === 3],
    [
      'group=2&category=card&operatorType=2',
      (r: Row) => r.group_no === 2 && r.category === 'card' && r.operator_type === 2,
    ],
  ])('filter %s keeps exactly the matching goods', async (query, match) => {
    const body = await list(`?${query}&pageSize=50`);
    const expected = (await visibleRows())
      .filter(match)
      .sort(ORDERS.default)
      .map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.data?.list.map((i) => i.id)).toEqual(expected);
    expect(body.data?.total).toBe(expected.length);
  });

  it('keyword matches part of the name', async () => {
    const body = await list(`?keyword=${encodeURIComponent('流量卡')}&pageSize=50`);
    const expected = (await visibleRows()).filter((r) => r.name.includes('流量卡')).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(body.data?.list.map((i) => i.id).sort()).toEqual(expected.sort());
  });

  it('keyword ignores ASCII letter case on both databases', async () => {
    const body = await list('?keyword=wifi');
    expect(body.data?.list.map((i) => i.name)).toEqual(['随身WiFi 流量套装']);
  });

  it.each(['%', '_', '\\'])('keyword %s is matched literally, not as a wildcard', async (keyword) => {
    const body = await list(`?keyword=${encodeURIComponent(keyword)}`);
    expect(body.data).toMatchObject({ list: [], total: 0 });
  });

  it('a sold-out goods stays in the list with stock 0', async () => {
    const body = await list('?group=2&pageSize=50');
    const soldOut = body.data?.list.find((i) => i.name === '电信长期流量卡 19元');
    expect(soldOut).toMatchObject({ stock: 0 });
  });

  it('shows money as yuan strings with two decimals', async () => {
    const body = await list(`?keyword=${encodeURIComponent('尾号888')}`);
    expect(body.data?.list[0]).toMatchObject({ price: '188.00', originalPrice: '388.00', monthlyFee: '59.00' });
    const free = await list(`?keyword=${encodeURIComponent('移动花卡')}`);
    expect(free.data?.list[0]).toMatchObject({ price: '0.00', monthlyFee: '29.00', needSmsCode: 1, needAddress: 1 });
  });

  it('leaves out goods that are off sale', async () => {
    const body = await list('?pageSize=50');
    expect(body.data?.list.map((i) => i.id)).not.toContain(hiddenGoodsId);
  });

  describe('goodsId (single-item form)', () => {
    it('answers a list of that one item with its detail and images', async () => {
      const rows = await visibleRows();
      const row = rows.find((r) => r.name === '移动花卡·宝藏版 29元套餐') as Row;
      const body = await list(`?goodsId=${row.id}`);
      expect(body.code).toBe(0);
      expect(body.data?.total).toBe(1);
      expect(body.data?.list).toHaveLength(1);
      const item = body.data?.list[0];
      expect(goodsItem.strict().safeParse(item).success).toBe(true);
      expect(item).toMatchObject({
        id: row.id,
        name: row.name,
        detail: row.detail,
        images: JSON.parse(row.images_json),
      });
      expect(item?.detail).toContain('<h3>');
    });

    it('ignores the list filters', async () => {
      const row = (await visibleRows()).find((r) => r.group_no === 1) as Row;
      const body = await list(`?goodsId=${row.id}&group=2&keyword=nothing-like-it`);
      expect(body.data?.list.map((i) => i.id)).toEqual([row.id]);
    });

    it('a sold-out item still opens, with stock 0', async () => {
      const row = (await visibleRows()).find((r) => r.stock === 0) as Row;
      expect((await list(`?goodsId=${row.id}`)).data?.list[0]).toMatchObject({ id: row.id, stock: 0 });
    });

    it.each([
      ['an unknown id', () => 999_999],
      ['an off-sale item', () => hiddenGoodsId],
      ["another shop's item", () => shop2GoodsId],
    ])('%s → an empty list', async (_label, id) => {
      const body = await list(`?goodsId=${id()}`);
      expect(body).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    });
  });

  describe('promoter scope', () => {
    it("another shop's goods are not listed for the default shop", async () => {
      const body = await list(`?keyword=${encodeURIComponent('二号店')}`);
      expect(body.data).toMatchObject({ list: [], total: 0 });
    });

    it('its own shop lists them beside the goods of every shop', async () => {
      const body = await list('?promoCode=shop2&pageSize=50');
      const ids = body.data?.list.map((i) => i.id) ?? [];
      expect(ids[0]).toBe(shop2GoodsId);
      expect(body.data?.total).toBe((await visibleRows()).length + 1);
    });

    it('the shop bound to the hostname sees them without a promoCode', async () => {
      const body = await list('?pageSize=1', clientHeaders({ hostname: 'shop2.example.com' }));
      expect(body.data?.list[0]?.id).toBe(shop2GoodsId);
      const single = await list(`?goodsId=${shop2GoodsId}`, clientHeaders({ hostname: 'shop2.example.com' }));
      expect(single.data?.list[0]).toMatchObject({ id: shop2GoodsId, name: '二号店专属卡' });
    });

    it('an unknown promoCode → -1 店铺不存在或已关闭', async () => {
      expect(await list('?promoCode=nosuchshop')).toEqual({
        code: -1,
        message: '店铺不存在或已关闭',
        reason: 'shopClosed',
        data: null,
      });
    });
  });

  it.each([
    ['group=3', 'group'],
    ['group=x', 'group'],
    ['pageSize=51', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=0', 'page'],
    ['sort=cheapest', 'sort'],
    ['operatorType=5', 'operatorType'],
    ['goodsId=abc', 'goodsId'],
    ['goodsId=0', 'goodsId'],
    [`keyword=${'a'.repeat(31)}`, 'keyword'],
    ['promoCode=a%20b', 'promoCode'],
  ])('%s → -1 naming the field', async (query, field) => {
    const body = await list(`?${query}`);
    expect(body.code).toBe(-1);
    expect(body.message).not.toBe('');
    expect(body.data).toEqual({ field });
  });
});
