/**
 * The points mall over the real app and a real database (SQLite and PostgreSQL): the shelf, addresses,
 * ordering with points (stock races, the points debit, limits, idempotency), paying the cash part from
 * the balance or online through the sandbox provider, cancel and timeout, shipping, logistics and
 * auto-confirm, and the points-ledger invariant under random sequences.
 */
import { randomUUID } from 'node:crypto';
import { type EndpointInput, iotMallApi, orderApi } from '@haoka/contract';
import fc from 'fast-check';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IotMallGoodsTable } from '../../db/schema-iot-mall.js';
import { type SandboxGateway, signSandboxNotify } from '../../gateways/payment/sandbox.js';
import { CLI_ACTOR } from '../../http/audit.js';
import { runJobOnce } from '../../jobs/runner.js';
import { endpointCaller } from '../../test/call.js';
import { callApp, type TestCard, testCards } from '../../test/cards.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { hashPayPassword } from '../iot-buy/pay-password.js';
import { runMallBackOffice } from './back-office.js';

const SHIP = { action: 'ship', company: '顺丰速运', trackingNo: 'SF1234567890' } as const;

let t: TestApp;
let base: string;
const db = () => t.database.handle.db;
const PAY_PASSWORD = '258036';
let passwordHash: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.ctx.config.publicUrl = base;
  passwordHash = await hashPayPassword(PAY_PASSWORD);
});
afterAll(() => t.close());

const newCard = testCards(() => t, { subnet: 7, payPasswordHash: () => passwordHash });
type Card = TestCard;
const call = (card: Card | Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
  callApp(t, card, method, url, payload);
const api = endpointCaller(() => t);

const sim = (id: number) => db().selectFrom('sims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pointLines = (id: number) =>
  db().selectFrom('iot_integral_logs').selectAll().where('sim_id', '=', id).orderBy('id').execute();
const balanceLines = (id: number) =>
  db().selectFrom('iot_balance_logs').selectAll().where('sim_id', '=', id).orderBy('id').execute();
const order = (orderSn: string) =>
  db().selectFrom('iot_mall_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirstOrThrow();
const goodsRow = (id: number) =>
  db().selectFrom('iot_mall_goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The points invariant: the lines sum to the card's points, which are never negative. */
async function expectPointsLedgerHolds(id: number) {
  const [card, lines] = await Promise.all([sim(id), pointLines(id)]);
  expect(card.integral).toBeGreaterThanOrEqual(0);
  expect(lines.reduce((sum, l) => sum + l.points, 0)).toBe(card.integral);
  if (lines.length > 0) expect(lines.at(-1)?.integral_after).toBe(card.integral);
}

let goodsSeq = 0;
/** A goods of its own (express, points only unless told), so tests do not share stock. */
async function newGoods(
  values: Partial<Insertable<IotMallGoodsTable>> & {
    skus?: { spec: string; points: number; cashFen?: number; stock: number }[];
    stores?: string[];
  } = {},
) {
  const { skus = [], stores = [], ...goods } = values;
  const now = Date.now();
  const { id } = await db()
    .insertInto('iot_mall_goods')
    .values({
      promo_code: '',
      category_id: null,
      name: `测试商品${++goodsSeq}`,
      image: '/shop/static/goods/sim-1.png',
      images_json: '[]',
      points: 100,
      cash_fen: 0,
      stock: 10,
      sales: 0,
      delivery_type: 1,
      limit_per_order: 5,
      limit_per_card: null,
      freight_fen: 0,
      detail: '<p>测试</p>',
      sort: 100,
      enabled: 1,
      created_at: now,
      updated_at: now,
      ...goods,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const skuIds: number[] = [];
  for (const [i, s] of skus.entries()) {
    const row = await db()
      .insertInto('iot_mall_skus')
      .values({ goods_id: id, spec_text: s.spec, points: s.points, cash_fen: s.cashFen ?? 0, stock: s.stock, sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    skuIds.push(Number(row.id));
  }
  const storeIds: number[] = [];
  for (const [i, name] of stores.entries()) {
    const row = await db()
      .insertInto('iot_mall_stores')
      .values({
        goods_id: id,
        name,
        address: '广州市天河区测试路 1 号',
        phone: '020-1',
        hours: '09:00-21:00',
        lng: null,
        lat: null,
        sort: i,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    storeIds.push(Number(row.id));
  }
  return { id: Number(id), skuIds, storeIds };
}

const ADDRESS = {
  name: '张三',
  mobile: '13800138000',
  provinceCode: '440000',
  cityCode: '440100',
  countyCode: '440106',
  detail: '天河路 385 号 1201 室',
};

async function addAddress(card: Card, values: Partial<typeof ADDRESS> & { isDefault?: 0 | 1; id?: number } = {}) {
  const body = await api(iotMallApi.saveSimAddress, { ...ADDRESS, ...values }, card);
  expect(body.code, body.message).toBe(0);
  return body.data as { id: number; isDefault: 0 | 1 };
}

const buy = (card: Card, payload: Partial<EndpointInput<typeof iotMallApi.buyMallGoods>>) =>
  api(
    iotMallApi.buyMallGoods,
    { quantity: 1, uuid: randomUUID(), ...payload } as EndpointInput<typeof iotMallApi.buyMallGoods>,
    card,
  );

const prepayIdOf = (payUrl: string) => new URL(payUrl).searchParams.get('prepayId') ?? '';
async function confirmInSandbox(payUrl: string | undefined) {
  expect(payUrl, 'payUrl').toEqual(expect.any(String));
  const res = await fetch(`${base}/api/pay/sandbox/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `prepayId=${prepayIdOf(String(payUrl))}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

describe(`the shelf on ${TEST_DB}`, () => {
  it('shows points, banners and categories on page 1, filters by category and pages the goods', async () => {
    const card = await newCard({ integral: 1200 });
    const first = await api(iotMallApi.getMallIndex, { pageSize: '50' }, card);
    expect(first.code, first.message).toBe(0);
    expect(first.data.integral).toBe(1200);
    expect(first.data.banners.length).toBeGreaterThan(0);
    expect(first.data.categories.map((c: { name: string }) => c.name)).toEqual(['数码周边', '生活好物', '虚拟权益']);
    const names = first.data.list.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['定制快充数据线', '车载手机支架', '视频会员月卡']));
    expect(first.data.list.find((g: { name: string }) => g.name === '车载手机支架')).toMatchObject({
      points: 500,
      cashPrice: '9.90',
      deliveryType: 1,
    });

    const virtual = first.data.categories.find((c: { name: string }) => c.name === '虚拟权益');
    const filtered = await api(iotMallApi.getMallIndex, { categoryId: virtual?.id }, card);
    expect(filtered.data.list.length).toBeGreaterThan(0);
    expect(filtered.data.list.every((g) => g.categoryId === virtual?.id)).toBe(true);

    const second = await api(iotMallApi.getMallIndex, { page: '2', pageSize: '3' }, card);
    expect(second.data).toMatchObject({ page: 2, pageSize: 3, banners: [], categories: [] });
    expect(second.data.list).toHaveLength(3);
    expect(second.data.total).toBe(first.data.total);
  });

  it('details carry SKUs, limits and what the card bought; stores only for pickup goods', async () => {
    const card = await newCard({ integral: 800 });
    const shirt = await newGoods({
      points: 600,
      stock: 3,
      limit_per_card: 2,
      skus: [
        { spec: '白色 M', points: 600, stock: 2 },
        { spec: '黑色 XL', points: 680, stock: 1 },
      ],
    });
    const body = await api(iotMallApi.getMallGoods, { goodsId: shirt.id }, card);
    expect(body.code, body.message).toBe(0);
    expect(body.data).toMatchObject({
      limitPerOrder: 5,
      limitPerCard: 2,
      boughtCount: 0,
      integral: 800,
      freight: '0.00',
    });
    expect(body.data.skus).toEqual([
      { id: shirt.skuIds[0], specText: '白色 M', points: 600, cashPrice: '0.00', stock: 2 },
      { id: shirt.skuIds[1], specText: '黑色 XL', points: 680, cashPrice: '0.00', stock: 1 },
    ]);
    expect((await api(iotMallApi.listGoodsStores, { goodsId: shirt.id }, card)).data).toEqual([]);

    const umbrella = await newGoods({ delivery_type: 2, stores: ['天河店', '南山店'] });
    const stores = await api(iotMallApi.listGoodsStores, { goodsId: umbrella.id }, card);
    expect(stores.data.map((s: { name: string }) => s.name)).toEqual(['天河店', '南山店']);

    const hidden = await newGoods({ enabled: 0 });
    expect(await api(iotMallApi.getMallGoods, { goodsId: hidden.id }, card)).toMatchObject({
      code: -1,
      message: '商品不存在或已下架',
    });
  });

  it('answers 40001 when the card layout switches the mall off; orders stay readable', async () => {
    const layout = {
      menus: [
        { key: 'integralShop', name: '积分商城', icon: '', path: '/pages-sub/iot/integralShop/index', switch: 0 },
      ],
    };
    await db()
      .insertInto('sim_layouts')
      .values({ code: 'no-mall', layout_json: JSON.stringify(layout), updated_at: Date.now() })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const card = await newCard({ integral: 500, layout_code: 'no-mall' });
    const goods = await newGoods();
    expect((await api(iotMallApi.getMallIndex, {}, card)).code).toBe(40001);
    expect((await api(iotMallApi.getMallGoods, { goodsId: goods.id }, card)).code).toBe(40001);
    expect((await buy(card, { goodsId: goods.id, addressId: 1 })).code).toBe(40001);
    expect((await api(iotMallApi.listMallOrders, {}, card)).code).toBe(0);
    expect((await sim(card.id)).integral).toBe(500);
  });
});

describe(`addresses on ${TEST_DB}`, () => {
  it('names regions from the codes, makes the first one default and refuses bad codes', async () => {
    const card = await newCard();
    const first = await api(iotMallApi.saveSimAddress, { ...ADDRESS, isDefault: 0 }, card);
    expect(first.data).toMatchObject({
      provinceName: '广东省',
      cityName: '广州市',
      countyName: '天河区',
      isDefault: 1,
      detail: ADDRESS.detail,
    });
    const beijing = await addAddress(card, { provinceCode: '110000', cityCode: '110100', countyCode: '110105' });
    expect(beijing).toMatchObject({ cityName: '北京市', countyName: '朝阳区', isDefault: 0 });
    expect(await api(iotMallApi.saveSimAddress, { ...ADDRESS, countyCode: '110105' }, card)).toMatchObject({
      code: -1,
      message: '地区编码无效',
    });
    expect((await api(iotMallApi.saveSimAddress, { ...ADDRESS, mobile: '2380013800' }, card)).code).toBe(-1);
    expect((await api(iotMallApi.saveSimAddress, { ...ADDRESS, detail: '太短' }, card)).code).toBe(-1);
  });

  it('keeps exactly one default through set, update and delete; the newest inherits it', async () => {
    const card = await newCard();
    const a = await addAddress(card);
    const b = await addAddress(card, { name: '李四' });
    const c = await addAddress(card, { name: '王五', isDefault: 1 });
    const defaults = async () =>
      ((await api(iotMallApi.listSimAddresses, {}, card)).data as { id: number; isDefault: number }[])
        .filter((x) => x.isDefault === 1)
        .map((x) => x.id);
    expect(await defaults()).toEqual([c.id]);
    expect((await api(iotMallApi.listSimAddresses, {}, card)).data[0]?.id).toBe(c.id);

    expect((await api(iotMallApi.setDefaultSimAddress, { id: a.id }, card)).code).toBe(0);
    expect(await defaults()).toEqual([a.id]);
    // Unticking 默认 on the default itself keeps it; ticking it on another moves it.
    await addAddress(card, { id: a.id, isDefault: 0 });
    expect(await defaults()).toEqual([a.id]);
    await addAddress(card, { id: b.id, name: '李四四', isDefault: 1 });
    expect(await defaults()).toEqual([b.id]);

    expect((await api(iotMallApi.deleteSimAddress, { id: b.id }, card)).code).toBe(0);
    expect(await defaults()).toEqual([c.id]);
    // Idempotent.
    expect((await api(iotMallApi.deleteSimAddress, { id: b.id }, card)).code).toBe(0);
    expect(await api(iotMallApi.setDefaultSimAddress, { id: b.id }, card)).toMatchObject({
      code: -1,
      message: '地址不存在',
    });

    // Concurrent default changes still leave one.
    await Promise.all([a.id, c.id, a.id, c.id].map((id) => api(iotMallApi.setDefaultSimAddress, { id }, card)));
    expect(await defaults()).toHaveLength(1);
  });

  it('holds at most 20 addresses, also under concurrent creates; another card sees none of them', async () => {
    const card = await newCard();
    for (let i = 0; i < 18; i += 1) await addAddress(card);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api(iotMallApi.saveSimAddress, { ...ADDRESS }, card)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.message === '地址数量已达上限')).toBe(true);
    const list = (await api(iotMallApi.listSimAddresses, {}, card)).data as { id: number }[];
    expect(list).toHaveLength(20);

    const stranger = await newCard();
    expect((await api(iotMallApi.listSimAddresses, {}, stranger)).data).toEqual([]);
    const theirs = list[0]?.id as number;
    expect((await api(iotMallApi.setDefaultSimAddress, { id: theirs }, stranger)).code).toBe(-1);
    expect(await api(iotMallApi.saveSimAddress, { ...ADDRESS, id: theirs }, stranger)).toMatchObject({
      code: -1,
      message: '地址不存在',
    });
    expect((await api(iotMallApi.deleteSimAddress, { id: theirs }, stranger)).code).toBe(0);
    expect((await api(iotMallApi.listSimAddresses, {}, card)).data).toHaveLength(20);
  });
});

describe(`ordering on ${TEST_DB}`, () => {
  it('gives the last piece to exactly one of many buyers; the others keep their points (30001)', async () => {
    const goods = await newGoods({ points: 100, stock: 1 });
    const cards = await Promise.all(Array.from({ length: 6 }, () => newCard({ integral: 300 })));
    const addresses = await Promise.all(cards.map((c) => addAddress(c)));
    const answers = await Promise.all(cards.map((c, i) => buy(c, { goodsId: goods.id, addressId: addresses[i]?.id })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 30001)).toHaveLength(5);
    expect(await goodsRow(goods.id)).toMatchObject({ stock: 0, sales: 1 });
    for (const [i, card] of cards.entries()) {
      expect((await sim(card.id)).integral).toBe(answers[i]?.code === 0 ? 200 : 300);
      await expectPointsLedgerHolds(card.id);
    }
  });

  it('debits points conditionally: too few → -1 积分不足 and nothing changes', async () => {
    const card = await newCard({ integral: 150 });
    const { id: addressId } = await addAddress(card);
    const goods = await newGoods({ points: 100, stock: 5 });
    const refused = await buy(card, { goodsId: goods.id, addressId, quantity: 2 });
    expect(refused).toMatchObject({ code: -1, message: '积分不足' });
    expect((await sim(card.id)).integral).toBe(150);
    expect(await goodsRow(goods.id)).toMatchObject({ stock: 5, sales: 0 });
    expect(await pointLines(card.id)).toHaveLength(1);
    expect((await api(iotMallApi.listMallOrders, {}, card)).data.total).toBe(0);

    // Concurrent orders never take the points below zero.
    const answers = await Promise.all(Array.from({ length: 4 }, () => buy(card, { goodsId: goods.id, addressId })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect((await sim(card.id)).integral).toBe(50);
    expect(await goodsRow(goods.id)).toMatchObject({ stock: 4, sales: 1 });
    await expectPointsLedgerHolds(card.id);
  });

  it('places a points-only express order: 待发货, ledger line 4, address snapshot; once per uuid', async () => {
    const card = await newCard({ integral: 1000 });
    const { id: addressId } = await addAddress(card);
    const goods = await newGoods({ points: 300, stock: 10 });
    const uuid = randomUUID();
    const placed = await buy(card, { goodsId: goods.id, addressId, quantity: 2, remark: '工作日送达', uuid });
    expect(placed.code, placed.message).toBe(0);
    expect(placed.data).toMatchObject({ status: 1, points: 600, cashAmount: '0.00', needPay: false, expireAt: null });
    const again = await buy(card, { goodsId: goods.id, addressId, quantity: 2, remark: '工作日送达', uuid });
    expect(again.data.orderSn).toBe(placed.data.orderSn);
    expect(await buy(card, { goodsId: goods.id, addressId, quantity: 1, uuid })).toMatchObject({
      code: -1,
      message: '重复的请求',
    });
    expect((await sim(card.id)).integral).toBe(400);
    const lines = await pointLines(card.id);
    expect(lines.at(-1)).toMatchObject({ type: 4, points: -600, integral_after: 400, order_sn: placed.data.orderSn });
    await expectPointsLedgerHolds(card.id);

    // The address changes later; the order keeps what it was sent to.
    await addAddress(card, { id: addressId, detail: '另一个地址 888 号' });
    const details = await api(iotMallApi.getMallOrder, { orderSn: placed.data.orderSn }, card);
    expect(details.data).toMatchObject({
      status: 1,
      payType: 'points',
      payStatus: 2,
      remark: '工作日送达',
      goods: { id: goods.id, quantity: 2 },
      address: { name: '张三', detail: ADDRESS.detail, provinceName: '广东省' },
    });
    expect(details.data.logistics).toBeUndefined();
  });

  it('asks for what the delivery needs, the SKU and the limits', async () => {
    const card = await newCard({ integral: 5000 });
    const { id: addressId } = await addAddress(card);
    const express = await newGoods({ limit_per_order: 2, limit_per_card: 3 });
    expect(await buy(card, { goodsId: express.id })).toMatchObject({ code: -1, message: '请选择收货地址' });
    expect(await buy(card, { goodsId: express.id, addressId: addressId + 100_000 })).toMatchObject({
      code: -1,
      message: '收货地址不存在',
    });
    expect(await buy(card, { goodsId: express.id, addressId, quantity: 3 })).toMatchObject({
      code: -1,
      message: '每单最多兑换2件',
    });
    expect((await buy(card, { goodsId: express.id, addressId, quantity: 2 })).code).toBe(0);
    expect(await buy(card, { goodsId: express.id, addressId, quantity: 2 })).toMatchObject({
      code: -1,
      message: '每人限兑3件',
    });
    expect((await buy(card, { goodsId: express.id, addressId, quantity: 1 })).code).toBe(0);
    const details = await api(iotMallApi.getMallGoods, { goodsId: express.id }, card);
    expect(details.data.boughtCount).toBe(3);

    const pickup = await newGoods({ delivery_type: 2, stores: ['天河店'] });
    expect(await buy(card, { goodsId: pickup.id })).toMatchObject({ code: -1, message: '请选择自提门店' });
    const other = await newGoods({ delivery_type: 2, stores: ['别的店'] });
    expect(await buy(card, { goodsId: pickup.id, storeId: other.storeIds[0] })).toMatchObject({
      code: -1,
      message: '自提门店不存在',
    });

    const shirt = await newGoods({ skus: [{ spec: '白色 M', points: 100, stock: 1 }], stock: 1 });
    expect(await buy(card, { goodsId: shirt.id, addressId })).toMatchObject({ code: -1, message: '请选择商品规格' });
    expect((await buy(card, { goodsId: shirt.id, addressId, skuId: shirt.skuIds[0] })).code).toBe(0);
    expect((await buy(card, { goodsId: shirt.id, addressId, skuId: shirt.skuIds[0] })).code).toBe(30001);
    expect((await sim(card.id)).integral).toBe(5000 - 400);
  });

  it('pickup points-only orders wait with a pick code; virtual ones finish at once', async () => {
    const card = await newCard({ integral: 1000 });
    const pickup = await newGoods({ delivery_type: 2, stores: ['天河店', '南山店'] });
    const placed = await buy(card, { goodsId: pickup.id, storeId: pickup.storeIds[1] });
    expect(placed.data).toMatchObject({ status: 2, needPay: false });
    const details = await api(iotMallApi.getMallOrder, { orderSn: placed.data.orderSn }, card);
    expect(details.data.pickCode).toMatch(/^\d{8}$/);
    expect(details.data.store).toMatchObject({ id: pickup.storeIds[1], name: '南山店' });
    expect(details.data.address).toBeUndefined();
    expect(
      await runMallBackOffice(db(), CLI_ACTOR, placed.data.orderSn, { action: 'collect', pickCode: '00000000' }).catch(
        (e) => e.message,
      ),
    ).toBe('提货码不正确');
    expect(
      await runMallBackOffice(db(), CLI_ACTOR, placed.data.orderSn, {
        action: 'collect',
        pickCode: details.data.pickCode,
      }),
    ).toBe(3);

    const virtual = await newGoods({ delivery_type: 3 });
    const instant = await buy(card, { goodsId: virtual.id });
    expect(instant.data).toMatchObject({ status: 3, needPay: false });
    expect((await order(instant.data.orderSn)).finished_at).not.toBeNull();
    expect((await api(iotMallApi.cancelMallOrder, { orderSn: instant.data.orderSn }, card)).message).toBe(
      '当前状态不可取消',
    );
  });
});

describe(`cancel and timeout on ${TEST_DB}`, () => {
  it('cancel gives points (line 5) and stock (goods and SKU) back, once; shipped orders cannot be cancelled', async () => {
    const card = await newCard({ integral: 1000 });
    const { id: addressId } = await addAddress(card);
    const shirt = await newGoods({ stock: 3, skus: [{ spec: '黑色 XL', points: 200, stock: 3 }] });
    const placed = await buy(card, { goodsId: shirt.id, skuId: shirt.skuIds[0], addressId, quantity: 2 });
    expect(placed.data.status).toBe(1);
    const sku = () =>
      db()
        .selectFrom('iot_mall_skus')
        .select('stock')
        .where('id', '=', shirt.skuIds[0] as number)
        .executeTakeFirstOrThrow();
    expect((await sku()).stock).toBe(1);

    const cancelled = await api(iotMallApi.cancelMallOrder, { orderSn: placed.data.orderSn }, card);
    expect(cancelled).toMatchObject({ code: 0, data: { status: 4 } });
    expect(await api(iotMallApi.cancelMallOrder, { orderSn: placed.data.orderSn }, card)).toMatchObject({
      code: 0,
      data: { status: 4 },
    });
    expect((await sim(card.id)).integral).toBe(1000);
    expect((await sku()).stock).toBe(3);
    expect(await goodsRow(shirt.id)).toMatchObject({ stock: 3, sales: 0 });
    const returned = (await pointLines(card.id)).filter((l) => l.type === 5);
    expect(returned).toEqual([expect.objectContaining({ points: 400, order_sn: placed.data.orderSn })]);
    expect(await order(placed.data.orderSn)).toMatchObject({ status: 4, pay_status: 5 });
    await expectPointsLedgerHolds(card.id);

    const shipped = await buy(card, { goodsId: shirt.id, skuId: shirt.skuIds[0], addressId });
    await runMallBackOffice(db(), CLI_ACTOR, shipped.data.orderSn, SHIP);
    expect(await api(iotMallApi.cancelMallOrder, { orderSn: shipped.data.orderSn }, card)).toMatchObject({
      code: -1,
      message: '当前状态不可取消',
    });
  });

  it('the timeout job cancels unpaid orders like a cancel and closes their payment; paying then is 30003', async () => {
    const card = await newCard({ integral: 1000, balance: 5000 });
    const { id: addressId } = await addAddress(card);
    const goods = await newGoods({ points: 500, cash_fen: 990, stock: 2 });
    const placed = await buy(card, { goodsId: goods.id, addressId });
    expect(placed.data).toMatchObject({ status: 0, needPay: true, payAmount: '9.90' });
    expect(placed.data.expireAt).not.toBeNull();
    const launch = await api(iotMallApi.repayMallOrder, { orderSn: placed.data.orderSn, payType: 'wxpay' }, card);
    expect(launch.code, launch.message).toBe(0);
    expect((await sim(card.id)).integral).toBe(500);
    // The holder pays, but the provider's notify is held back until after the timeout.
    const sandbox = t.app.ctx.payments.byChannel('sandbox') as SandboxGateway;
    const prepayId = prepayIdOf(String(launch.data.payUrl));
    sandbox.deliverNotifies = false;
    try {
      expect((await sandbox.confirm(prepayId)).outcome).toBe('paid');
    } finally {
      sandbox.deliverNotifies = true;
    }

    await db()
      .updateTable('iot_mall_orders')
      .set({ expire_at: Date.now() - 1 })
      .where('order_sn', '=', placed.data.orderSn)
      .execute();
    // Past its expiry and not yet swept: not payable either.
    expect((await api(iotMallApi.repayMallOrder, { orderSn: placed.data.orderSn, payType: 'alipay' }, card)).code).toBe(
      30003,
    );
    await runJobOnce(t.app.ctx, 'iot-mall-order-timeout');
    expect(await order(placed.data.orderSn)).toMatchObject({ status: 4, pay_status: 3, cancel_reason: '超时未支付' });
    expect((await sim(card.id)).integral).toBe(1000);
    expect(await goodsRow(goods.id)).toMatchObject({ stock: 2, sales: 0 });
    const open = await db()
      .selectFrom('payments')
      .select('status')
      .where('order_sn', '=', placed.data.orderSn)
      .execute();
    expect(open.every((p) => p.status !== 0)).toBe(true);
    expect(
      await api(
        iotMallApi.repayMallOrder,
        {
          orderSn: placed.data.orderSn,
          payType: 'balance',
          payPassword: PAY_PASSWORD,
        },
        card,
      ),
    ).toMatchObject({ code: 30003 });
    expect((await sim(card.id)).balance_fen).toBe(5000);
    await expectPointsLedgerHolds(card.id);

    // The payment that arrives for the closed order is refunded, never reopening it; twice changes nothing.
    const row = await sandbox.find(prepayId);
    const body = JSON.stringify({
      id: 'n-late',
      out_trade_no: row?.out_trade_no,
      trade_no: row?.trade_no,
      amount_fen: row?.amount_fen,
      paid_at: row?.paid_at,
      prepay_id: row?.prepay_id,
    });
    const headers = signSandboxNotify(t.app.ctx.secrets.sandboxSecret, body);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers, payload: body });
      expect(res.statusCode).toBe(200);
    }
    expect(await order(placed.data.orderSn)).toMatchObject({ status: 4, pay_status: 5 });
    expect((await sandbox.find(prepayId))?.state).toBe('refunded');
    expect((await sim(card.id)).integral).toBe(1000);
  });
});

describe(`paying the cash part on ${TEST_DB}`, () => {
  it('pays from the balance with the pay password: 待发货, balance line 2, once', async () => {
    const card = await newCard({ integral: 1200, balance: 1500 });
    const { id: addressId } = await addAddress(card);
    const goods = await newGoods({ points: 500, cash_fen: 990, freight_fen: 300, stock: 5 });
    const placed = await buy(card, { goodsId: goods.id, addressId });
    expect(placed.data).toMatchObject({ status: 0, cashAmount: '9.90', freight: '3.00', payAmount: '12.90' });
    const details = await api(iotMallApi.getMallOrder, { orderSn: placed.data.orderSn }, card);
    expect(details.data).toMatchObject({
      payTypes: ['balance', 'wxpay', 'alipay'],
      balance: '15.00',
      existPayPassword: 1,
    });

    const wrong = await api(
      iotMallApi.repayMallOrder,
      {
        orderSn: placed.data.orderSn,
        payType: 'balance',
        payPassword: '111111',
      },
      card,
    );
    expect(wrong.code).toBe(41001);
    expect(wrong.data).toMatchObject({ remainTimes: 4 });
    const paid = await api(
      iotMallApi.repayMallOrder,
      {
        orderSn: placed.data.orderSn,
        payType: 'balance',
        payPassword: PAY_PASSWORD,
      },
      card,
    );
    expect(paid.code, paid.message).toBe(0);
    expect(paid.data).toMatchObject({ paid: true, payStatus: 2, payType: 'balance', payAmount: '12.90' });
    expect(await order(placed.data.orderSn)).toMatchObject({ status: 1, pay_status: 2, pay_type: 'balance' });
    expect((await sim(card.id)).balance_fen).toBe(210);
    expect((await balanceLines(card.id)).at(-1)).toMatchObject({
      type: 2,
      amount_fen: -1290,
      balance_after_fen: 210,
      order_sn: placed.data.orderSn,
    });
    const again = await api(
      iotMallApi.repayMallOrder,
      {
        orderSn: placed.data.orderSn,
        payType: 'balance',
        payPassword: PAY_PASSWORD,
      },
      card,
    );
    expect(again).toMatchObject({ code: -1, message: '订单已支付' });
    expect((await sim(card.id)).balance_fen).toBe(210);
    // A paid order with a cash part is not the holder's to cancel.
    expect((await api(iotMallApi.cancelMallOrder, { orderSn: placed.data.orderSn }, card)).code).toBe(-1);

    // Too little balance: -1 余额不足, the order still waits.
    const second = await buy(card, { goodsId: goods.id, addressId });
    expect(second.code, second.message).toBe(0);
    const short = await api(
      iotMallApi.repayMallOrder,
      {
        orderSn: second.data.orderSn,
        payType: 'balance',
        payPassword: PAY_PASSWORD,
      },
      card,
    );
    expect(short).toMatchObject({ code: -1, message: '余额不足' });
    expect(await order(second.data.orderSn)).toMatchObject({ status: 0, pay_status: 0 });
    expect(await sim(card.id)).toMatchObject({ balance_fen: 210, integral: 200 });
    await expectPointsLedgerHolds(card.id);
  });

  it('pays online: a pickup order gets its pick code on notify; a second notify changes nothing', async () => {
    const card = await newCard({ integral: 300 });
    const goods = await newGoods({ points: 200, cash_fen: 500, delivery_type: 2, stores: ['天河店'] });
    const placed = await buy(card, { goodsId: goods.id, storeId: goods.storeIds[0] });
    expect(placed.data).toMatchObject({ status: 0, payAmount: '5.00' });
    const launch = await api(
      iotMallApi.repayMallOrder,
      {
        orderSn: placed.data.orderSn,
        payType: 'alipay',
        returnUrl: `${base}/shop/#/pages-sub/iot/integralShop/details/cashier?orderSn=${placed.data.orderSn}`,
      },
      card,
    );
    expect(launch.code, launch.message).toBe(0);
    expect(launch.data).toMatchObject({ payAmount: '5.00', paid: false, payStatus: 1 });
    expect(launch.data.payUrl).toContain('/api/pay/sandbox/cashier');

    await confirmInSandbox(launch.data.payUrl);
    await confirmInSandbox(launch.data.payUrl);
    const paid = await order(placed.data.orderSn);
    expect(paid).toMatchObject({ status: 2, pay_status: 2, pay_type: 'alipay' });
    expect(paid.pick_code).toMatch(/^\d{8}$/);
    expect((await sim(card.id)).integral).toBe(100);
    await expectPointsLedgerHolds(card.id);

    const status = await api(orderApi.getPayStatus, { orderSn: placed.data.orderSn }, card);
    expect(status.data).toMatchObject({ kind: 'integral', payStatus: 2, orderStatus: 2 });
    const stranger = await newCard();
    expect((await api(orderApi.getPayStatus, { orderSn: placed.data.orderSn }, stranger)).code).toBe(34061);
    const ret = await t.app.inject({ method: 'GET', url: `/api/pay/return?orderSn=${placed.data.orderSn}` });
    expect(ret.headers.location).toContain(
      `/pages-sub/iot/integralShop/details/cashier?orderSn=${placed.data.orderSn}`,
    );
  });
});

describe(`the card's own orders on ${TEST_DB}`, () => {
  it('lists by status and pages; another card reaches none of it', async () => {
    const card = await newCard({ integral: 2000 });
    const { id: addressId } = await addAddress(card);
    const goods = await newGoods({ points: 100, stock: 20 });
    const paidGoods = await newGoods({ points: 100, cash_fen: 100, stock: 20 });
    const sns: string[] = [];
    for (let i = 0; i < 3; i += 1) sns.push((await buy(card, { goodsId: goods.id, addressId })).data.orderSn);
    const unpaid = (await buy(card, { goodsId: paidGoods.id, addressId })).data.orderSn as string;

    const all = await api(iotMallApi.listMallOrders, { page: '1', pageSize: '2' }, card);
    expect(all.data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(all.data.list.map((o: { orderSn: string }) => o.orderSn)).toEqual([unpaid, sns[2]]);
    const toShip = await api(iotMallApi.listMallOrders, { status: '1' }, card);
    expect(toShip.data.total).toBe(3);
    const waiting = await api(iotMallApi.listMallOrders, { status: '0' }, card);
    expect(waiting.data.list).toEqual([expect.objectContaining({ orderSn: unpaid, status: 0, payAmount: '1.00' })]);
    expect(waiting.data.list[0]?.expireAt).not.toBeNull();

    const stranger = await newCard({ integral: 100, balance: 1000 });
    expect((await api(iotMallApi.listMallOrders, {}, stranger)).data.total).toBe(0);
    for (const [method, url, payload] of [
      ['GET', `/api/iot/shopOrderDetails?orderSn=${unpaid}`, undefined],
      ['POST', '/api/iot/cancelShopOrder', { orderSn: unpaid }],
      ['POST', '/api/iot/repayShopOrder', { orderSn: unpaid, payType: 'wxpay' }],
      ['POST', '/api/iot/confirmShopOrder', { orderSn: unpaid }],
    ] as const) {
      expect(await call(stranger, method, url, payload)).toMatchObject({
        code: -1,
        message: '订单不存在',
        reason: 'orderNotFound',
        data: null,
      });
    }
    expect((await order(unpaid)).status).toBe(0);
  });

  it('ships with a tracking number; traces are cached for 30 minutes; received by hand or after 7 days', async () => {
    const card = await newCard({ integral: 1000 });
    const { id: addressId } = await addAddress(card);
    const goods = await newGoods({ points: 100, stock: 10 });
    const a = (await buy(card, { goodsId: goods.id, addressId })).data.orderSn as string;
    const b = (await buy(card, { goodsId: goods.id, addressId })).data.orderSn as string;
    expect(await runMallBackOffice(db(), CLI_ACTOR, a, SHIP)).toBe(2);
    await runMallBackOffice(db(), CLI_ACTOR, b, { ...SHIP, trackingNo: 'ZT9876543210' });
    await expect(runMallBackOffice(db(), CLI_ACTOR, a, SHIP)).rejects.toThrow('只有待发货(1)的订单可以发货');

    const shippedAt = Date.now() - 30 * 3600_000;
    await db().updateTable('iot_mall_orders').set({ shipped_at: shippedAt }).where('order_sn', '=', a).execute();
    const details = await api(iotMallApi.getMallOrder, { orderSn: a }, card);
    expect(details.data.status).toBe(2);
    expect(details.data.logistics).toMatchObject({ company: '顺丰速运', state: 2 });
    expect(details.data.logistics?.traces.length).toBeGreaterThan(3);
    expect(details.data.logistics?.traces[0]?.desc).toContain('派送');
    // Within 30 minutes the stored answer is served, even though the shipment moved on.
    await db()
      .updateTable('iot_mall_orders')
      .set({ shipped_at: shippedAt - 48 * 3600_000 })
      .where('order_sn', '=', a)
      .execute();
    expect((await api(iotMallApi.getMallOrder, { orderSn: a }, card)).data.logistics?.state).toBe(2);
    await db()
      .updateTable('iot_mall_orders')
      .set({ logistics_at: Date.now() - 31 * 60_000 })
      .where('order_sn', '=', a)
      .execute();
    expect((await api(iotMallApi.getMallOrder, { orderSn: a }, card)).data.logistics?.state).toBe(3);
    const listed = (await api(iotMallApi.listMallOrders, { status: '2' }, card)).data.list.find(
      (o: { orderSn: string }) => o.orderSn === a,
    );
    expect(listed?.logistics).toMatchObject({ company: '顺丰速运', state: 3, traces: [] });

    expect(await api(iotMallApi.confirmMallOrder, { orderSn: a }, card)).toMatchObject({
      code: 0,
      data: { status: 3 },
    });
    expect(await api(iotMallApi.confirmMallOrder, { orderSn: a }, card)).toMatchObject({
      code: 0,
      data: { status: 3 },
    });
    expect((await order(a)).finished_at).not.toBeNull();

    await runJobOnce(t.app.ctx, 'iot-mall-auto-confirm');
    expect((await order(b)).status).toBe(2);
    await db()
      .updateTable('iot_mall_orders')
      .set({ shipped_at: Date.now() - 7 * 24 * 3600_000 - 1000 })
      .where('order_sn', '=', b)
      .execute();
    await runJobOnce(t.app.ctx, 'iot-mall-auto-confirm');
    expect(await order(b)).toMatchObject({ status: 3 });
  });
});

describe(`the points ledger on ${TEST_DB}`, () => {
  it('sums to the points after any sequence of orders, refusals, cancels and timeouts', async () => {
    const cheap = await newGoods({ points: 120, stock: 100_000 });
    const withCash = await newGoods({ points: 250, cash_fen: 100, stock: 100_000 });
    const scarce = await newGoods({ points: 50, stock: 2 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.constantFrom('cheap', 'withCash', 'scarce', 'cancelLast', 'timeout'), {
          minLength: 1,
          maxLength: 8,
        }),
        async (opening, steps) => {
          const card = await newCard({ integral: opening });
          const { id: addressId } = await addAddress(card);
          let expected = opening;
          const placed: { orderSn: string; points: number }[] = [];
          for (const step of steps) {
            if (step === 'cancelLast') {
              const last = placed.pop();
              if (last) {
                const answer = await api(iotMallApi.cancelMallOrder, { orderSn: last.orderSn }, card);
                expect(answer.code).toBe(0);
                expected += last.points;
              }
            } else if (step === 'timeout') {
              await db()
                .updateTable('iot_mall_orders')
                .set({ expire_at: Date.now() - 1 })
                .where('sim_id', '=', card.id)
                .where('status', '=', 0)
                .execute();
              const expiring = placed.filter((p) => p.points === 250);
              await runJobOnce(t.app.ctx, 'iot-mall-order-timeout');
              for (const p of expiring) {
                expected += p.points;
                placed.splice(placed.indexOf(p), 1);
              }
            } else {
              const goods = step === 'cheap' ? cheap : step === 'withCash' ? withCash : scarce;
              const points = step === 'cheap' ? 120 : step === 'withCash' ? 250 : 50;
              const answer = await buy(card, { goodsId: goods.id, addressId });
              if (answer.code === 0) {
                expected -= points;
                placed.push({ orderSn: answer.data.orderSn, points });
              } else {
                expect([-1, 30001]).toContain(answer.code);
              }
            }
            await expectPointsLedgerHolds(card.id);
          }
          expect((await sim(card.id)).integral).toBe(expected);
        },
      ),
      { numRuns: 10 },
    );
  });
});
