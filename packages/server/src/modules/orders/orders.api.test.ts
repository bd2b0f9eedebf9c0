/** Shop orders over the real app on both databases: rules, contention, idempotency, ownership, cancel. */
import { randomUUID } from 'node:crypto';
import { browseApi, type EndpointInput, orderApi } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../http/audit.js';
import { createSession } from '../../http/sessions.js';
import { callEndpoint, malformed } from '../../test/call.js';
import { numberStatusRow, skipOrderSmsCode } from '../../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { validIdCard } from '../../test/id-cards.js';
import { runBackOffice } from './back-office.js';
import { closeExpiredOrders } from './jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Most tests here need no SMS step; the SMS tests switch it back on.
  await skipOrderSmsCode(t.database.handle.db);
});
afterAll(() => t.close());

let idSerial = 0;
/** A valid 18-character ID of someone born in 1990 (a fresh one per call, so the 5-per-ID rule stays out of the way). */
function idCard(birth = '19900307'): string {
  idSerial += 1;
  return validIdCard(birth, idSerial % 1000);
}
const SMS_CODE_BURNED = REASONS.smsCodeBurned.zh;
const session = () => randomUUID().replaceAll('-', '');

type OrderInput = EndpointInput<typeof orderApi.createShopOrder>;

function orderBody(extra: Partial<OrderInput> & Pick<OrderInput, 'orderType'>): OrderInput {
  return {
    contactName: '张三',
    idCard: idCard(),
    contactMobile: '13800138000',
    provinceCode: '440000',
    cityCode: '440300',
    countyCode: '440305',
    addressDetail: '科技园南区 1 栋 101',
    agreeProtocol: 1,
    uuid: randomUUID(),
    ...extra,
  };
}

async function create(body: OrderInput, orderSessionId = session()) {
  const answer = await callEndpoint(t, orderApi.createShopOrder, body, {
    as: clientHeaders({ 'order-session-id': orderSessionId }),
  });
  return { body: answer, orderSessionId };
}

async function onSaleNumber(minPrice = 1) {
  const row = await t.database.handle.db
    .selectFrom('numbers')
    .selectAll()
    .where('status', '=', 1)
    .where('price_fen', '>=', minPrice * 100)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row;
}

async function goodsWithStock(stock: number | null, priceFen = 0, needSmsCode: 0 | 1 = 0) {
  const db = t.database.handle.db;
  const now = Date.now();
  const row = await db
    .insertInto('goods')
    .values({
      promo_code: '',
      name: `测试卡 ${now}`,
      image: '',
      images_json: '[]',
      group_no: 2,
      category: 'card',
      operator_type: 2,
      monthly_fee_fen: 1900,
      flow_text: '',
      voice_text: '',
      price_fen: priceFen,
      original_price_fen: priceFen,
      tags_json: '[]',
      sales: 0,
      stock,
      need_sms_code: needSmsCode,
      need_address: 1,
      detail: '',
      sort: 0,
      status: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`shop order creation on ${TEST_DB}`, () => {
  it('reserves a number: the order waits for payment and the number leaves the shop', async () => {
    const number = await onSaleNumber();
    const { body, orderSessionId } = await create(orderBody({ orderType: 1, numberId: number.id }));
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ orderStatus: 0, needPay: true, payAmount: (number.price_fen / 100).toFixed(2) });
    expect(body.data.orderSn).toMatch(/^SO\d{20}$/);
    const locked = await t.database.handle.db
      .selectFrom('numbers')
      .select(['status', 'lock_order_sn'])
      .where('id', '=', number.id)
      .executeTakeFirstOrThrow();
    expect(locked).toEqual({ status: 2, lock_order_sn: body.data.orderSn });
    const search = await callEndpoint(t, browseApi.listNumbers, { keyword: number.number });
    expect(search.data.total).toBe(0);
    const detail = await callEndpoint(
      t,
      orderApi.getShopOrder,
      { orderSn: body.data.orderSn },
      { as: clientHeaders({ 'order-session-id': orderSessionId }) },
    );
    expect(detail.data).toMatchObject({ orderStatus: 0, number: number.number, payTypes: ['wxpay', 'alipay'] });
  });

  it('gives one number to exactly one of 50 concurrent buyers; the others get 32001', async () => {
    const number = await onSaleNumber();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => create(orderBody({ orderType: 1, numberId: number.id }))),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 32001)).toHaveLength(49);
    const orders = await t.database.handle.db
      .selectFrom('shop_orders')
      .select('order_sn')
      .where('number_id', '=', number.id)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('sells the last unit of stock once; the others get 30001', async () => {
    const goodsId = await goodsWithStock(1);
    const results = await Promise.all(Array.from({ length: 50 }, () => create(orderBody({ orderType: 2, goodsId }))));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 30001)).toHaveLength(49);
    const goods = await t.database.handle.db
      .selectFrom('goods')
      .select(['stock', 'sales'])
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow();
    expect(goods).toEqual({ stock: 0, sales: 1 });
  });

  it('accepts a free card order at once, without payment', async () => {
    const goodsId = await goodsWithStock(null);
    const { body } = await create(orderBody({ orderType: 2, goodsId }));
    expect(body.data).toMatchObject({ orderStatus: 1, needPay: false, payAmount: '0.00', expireAt: null });
  });

  it('is idempotent on the uuid, and refuses the same uuid with another body', async () => {
    const goodsId = await goodsWithStock(10);
    const body = orderBody({ orderType: 2, goodsId });
    const sid = session();
    const [a, b] = await Promise.all([create(body, sid), create(body, sid)]);
    expect(a.body.data.orderSn).toBe(b.body.data.orderSn);
    const again = await create(body, sid);
    expect(again.body.data.orderSn).toBe(a.body.data.orderSn);
    const stock = await t.database.handle.db
      .selectFrom('goods')
      .select('stock')
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(9);
    const changed = await create({ ...body, addressDetail: '另一个地址 2 栋 202' }, sid);
    expect(changed.body).toMatchObject({ code: -1, message: '重复的请求' });
  });

  it('applies the age rule and five cards per ID per operator (30003)', async () => {
    const goodsId = await goodsWithStock(null);
    const young = await create(
      orderBody({ orderType: 2, goodsId, idCard: idCard(`${new Date().getFullYear() - 10}0101`) }),
    );
    expect(young.body.code).toBe(30003);
    const old = await create(orderBody({ orderType: 2, goodsId, idCard: idCard('19500101') }));
    expect(old.body.code).toBe(30003);
    const id = idCard('19851111');
    for (let i = 0; i < 5; i++)
      expect((await create(orderBody({ orderType: 2, goodsId, idCard: id }))).body.code).toBe(0);
    expect((await create(orderBody({ orderType: 2, goodsId, idCard: id }))).body.code).toBe(30003);
    // Another operator's card for the same ID is still allowed.
    const telecomNumber = await t.database.handle.db
      .selectFrom('numbers')
      .select('id')
      .where('status', '=', 1)
      .where('operator_type', '=', 3)
      .executeTakeFirstOrThrow();
    expect((await create(orderBody({ orderType: 1, numberId: telecomNumber.id, idCard: id }))).body.code).toBe(0);
  });

  it('keeps the ID number encrypted at rest and masked in every answer', async () => {
    const goodsId = await goodsWithStock(null);
    const id = idCard('19920202');
    const { body, orderSessionId } = await create(orderBody({ orderType: 2, goodsId, idCard: id }));
    const row = await t.database.handle.db
      .selectFrom('shop_orders')
      .selectAll()
      .where('order_sn', '=', body.data.orderSn)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(id);
    expect(row.id_card_masked).toBe(`110101********${id.slice(-4)}`);
    const detail = await callEndpoint(
      t,
      orderApi.getShopOrder,
      { orderSn: body.data.orderSn },
      { as: clientHeaders({ 'order-session-id': orderSessionId }) },
    );
    expect(JSON.stringify(detail)).not.toContain(id);
    expect(detail.data.idCardMasked).toBe(row.id_card_masked);
  });

  it('refuses an ID number whose GB 11643 check character is wrong, naming the field, and makes no order', async () => {
    const goodsId = await goodsWithStock(null);
    const count = async () =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('shop_orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // The newcomer's order: its check character should be 4.
    const { body } = await create(orderBody({ orderType: 2, goodsId, idCard: '330106198808081230' }));
    expect(body).toEqual({
      code: -1,
      message: '身份证号格式不正确',
      reason: 'idCardInvalid',
      data: { field: 'idCard' },
    });
    expect(await count()).toBe(before);
    const right = await create(orderBody({ orderType: 2, goodsId, idCard: '330106198808081234' }));
    expect(right.body.code).toBe(0);
  });

  it('refuses a birth date in the future, naming the ID field', async () => {
    const goodsId = await goodsWithStock(null);
    const next = new Date().getFullYear() + 1;
    const { body } = await create(orderBody({ orderType: 2, goodsId, idCard: idCard(`${next}0101`) }));
    expect(body).toEqual({
      code: -1,
      message: '身份证号格式不正确',
      reason: 'idCardInvalid',
      data: { field: 'idCard' },
    });
  });

  it.each([
    [{ idCard: '110101199013011234' }, 'idCard'],
    [{ idCard: '110101199003071234' }, 'idCard'],
    [{ contactMobile: '2380013800' }, 'contactMobile'],
    [{ addressDetail: '短' }, 'addressDetail'],
    [{ agreeProtocol: 0 }, 'agreeProtocol'],
    [{ countyCode: '110101' }, 'countyCode'],
    [{ uuid: 'not-a-uuid' }, 'uuid'],
  ])('refuses %j with code -1 naming the field', async (patch, field) => {
    const goodsId = await goodsWithStock(null);
    // Each patch breaks the schema on purpose (agreeProtocol 0 is not even the declared type).
    const { body } = await create(malformed({ ...orderBody({ orderType: 2, goodsId }), ...patch }));
    expect(body).toMatchObject({ code: -1, data: { field } });
  });
});

describe(`the SMS step of shop orders on ${TEST_DB}`, () => {
  let mobileSeq = 0;
  /** A mobile no other test used, so the SMS limits start from zero. */
  const freshMobile = () => `1371234${String(++mobileSeq).padStart(4, '0')}`;

  async function orderCode(mobile: string): Promise<string> {
    const sent = await callEndpoint(t, orderApi.sendShopCode, { mobile, scene: 'order' });
    expect(sent.code).toBe(0);
    const outbox = await callEndpoint(t, orderApi.getSmsOutbox, { mobile });
    const [latest] = outbox.data.list;
    expect(latest, `no code was sent to ${mobile}`).toBeDefined();
    return latest?.code ?? '';
  }
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const underage = () => idCard(`${new Date().getFullYear() - 10}0101`);

  it('checks the code before the ID rules: a wrong code is told as such, not the age rule', async () => {
    const goodsId = await goodsWithStock(null, 0, 1);
    const contactMobile = freshMobile();
    const code = await orderCode(contactMobile);
    const noCode = await create(orderBody({ orderType: 2, goodsId, contactMobile, idCard: underage() }));
    expect(noCode.body).toEqual({
      code: -1,
      message: '请输入短信验证码',
      reason: 'smsCodeRequired',
      data: { field: 'smsCode' },
    });
    const wrong = await create(
      orderBody({ orderType: 2, goodsId, contactMobile, idCard: underage(), smsCode: wrongOf(code) }),
    );
    expect(wrong.body).toEqual({ code: -1, message: '验证码错误或已过期', reason: 'smsCodeInvalid', data: null });
    // With the right code, the age rule speaks.
    const young = await create(orderBody({ orderType: 2, goodsId, contactMobile, idCard: underage(), smsCode: code }));
    expect(young.body.code).toBe(30003);
  });

  it('a refused order leaves the code valid; the order it makes uses it up, and a reuse says to get a new one', async () => {
    const goodsId = await goodsWithStock(null, 0, 1);
    const contactMobile = freshMobile();
    const code = await orderCode(contactMobile);
    const young = await create(orderBody({ orderType: 2, goodsId, contactMobile, idCard: underage(), smsCode: code }));
    expect(young.body.code).toBe(30003);
    const made = await create(orderBody({ orderType: 2, goodsId, contactMobile, smsCode: code }));
    expect(made.body.code).toBe(0);
    const again = await create(orderBody({ orderType: 2, goodsId, contactMobile, smsCode: code }));
    expect(again.body).toEqual({ code: -1, message: SMS_CODE_BURNED, reason: 'smsCodeBurned', data: null });
  });

  it('after the 5th wrong code the refusal says to get a new one, for the right code too', async () => {
    const goodsId = await goodsWithStock(null, 0, 1);
    const contactMobile = freshMobile();
    const code = await orderCode(contactMobile);
    const attempt = (smsCode: string) => create(orderBody({ orderType: 2, goodsId, contactMobile, smsCode }));
    for (let i = 0; i < 4; i++) expect((await attempt(wrongOf(code))).body.message).toBe('验证码错误或已过期');
    expect((await attempt(wrongOf(code))).body).toEqual({
      code: -1,
      message: SMS_CODE_BURNED,
      reason: 'smsCodeBurned',
      data: null,
    });
    expect((await attempt(code)).body).toEqual({
      code: -1,
      message: SMS_CODE_BURNED,
      reason: 'smsCodeBurned',
      data: null,
    });
  });

  it('one code makes one order when two forms are sent with it at once', async () => {
    const goodsId = await goodsWithStock(null, 0, 1);
    const contactMobile = freshMobile();
    const code = await orderCode(contactMobile);
    const bodies = await Promise.all(
      Array.from({ length: 4 }, () => create(orderBody({ orderType: 2, goodsId, contactMobile, smsCode: code }))),
    );
    expect(bodies.filter((b) => b.body.code === 0)).toHaveLength(1);
    for (const b of bodies.filter((x) => x.body.code !== 0)) expect(b.body.message).toBe(SMS_CODE_BURNED);
  });
});

describe(`shop order ownership and lifecycle on ${TEST_DB}`, () => {
  it('shows an order to its buyer key and its shopper, and to nobody else', async () => {
    const goodsId = await goodsWithStock(null, 990);
    const { body, orderSessionId } = await create(orderBody({ orderType: 2, goodsId, contactMobile: '13900001111' }));
    const input = { orderSn: body.data.orderSn };
    const stranger = await callEndpoint(t, orderApi.getShopOrder, input, {
      as: clientHeaders({ 'order-session-id': session() }),
    });
    expect(stranger.code).toBe(61);
    const otherShopper = await createSession(t.database.handle.db, { mobile: '13900002222' });
    const other = await callEndpoint(t, orderApi.getShopOrder, input, {
      as: clientHeaders({ 'order-session-id': session(), 'session-id': otherShopper }),
    });
    expect(other).toMatchObject({ code: -1, data: null });
    const owner = await createSession(t.database.handle.db, { mobile: '13900001111' });
    const mine = await callEndpoint(t, orderApi.getShopOrder, input, {
      as: clientHeaders({ 'order-session-id': session(), 'session-id': owner }),
    });
    expect(mine.code).toBe(0);
    const cancel = await callEndpoint(t, orderApi.cancelShopOrder, input, {
      as: clientHeaders({ 'order-session-id': session(), 'session-id': otherShopper }),
    });
    expect(cancel.code).toBe(-1);
    const list = await callEndpoint(t, orderApi.listShopOrders, {}, { as: clientHeaders({ 'session-id': owner }) });
    expect(list.data.list.map((o) => o.orderSn)).toContain(body.data.orderSn);
    expect(list.data.list[0]?.contactMobile).toBe('139****1111');
    const noLogin = await callEndpoint(
      t,
      orderApi.listShopOrders,
      {},
      { as: clientHeaders({ 'order-session-id': orderSessionId }) },
    );
    expect(noLogin.code).toBe(61);
  });

  it('cancels an unpaid order once and puts the number back on sale', async () => {
    const number = await onSaleNumber();
    const { body, orderSessionId } = await create(orderBody({ orderType: 1, numberId: number.id }));
    const cancel = () =>
      callEndpoint(
        t,
        orderApi.cancelShopOrder,
        { orderSn: body.data.orderSn },
        { as: clientHeaders({ 'order-session-id': orderSessionId }) },
      );
    expect(await cancel()).toMatchObject({ code: 0, data: { orderStatus: 5 } });
    expect(await cancel()).toMatchObject({ code: 0, data: { orderStatus: 5 } });
    const row = await numberStatusRow(t.database.handle.db, number.id);
    expect(row.status).toBe(1);
    const search = await callEndpoint(t, browseApi.listNumbers, { keyword: number.number });
    expect(search.data.total).toBe(1);
    const order = await t.database.handle.db
      .selectFrom('shop_orders')
      .select(['order_status', 'pay_status'])
      .where('order_sn', '=', body.data.orderSn)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ order_status: 5, pay_status: 3 });
  });

  it('closes unpaid orders past their time and releases stock', async () => {
    const goodsId = await goodsWithStock(3, 500);
    const { body } = await create(orderBody({ orderType: 2, goodsId }));
    const db = t.database.handle.db;
    await db
      .updateTable('shop_orders')
      .set({ expire_at: Date.now() - 1000 })
      .where('order_sn', '=', body.data.orderSn)
      .execute();
    expect(await closeExpiredOrders(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const order = await db
      .selectFrom('shop_orders')
      .select(['order_status', 'cancel_reason'])
      .where('order_sn', '=', body.data.orderSn)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ order_status: 5, cancel_reason: 'timeout' });
    const goods = await db
      .selectFrom('goods')
      .select(['stock', 'sales'])
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow();
    expect(goods).toEqual({ stock: 3, sales: 0 });
  });

  it('moves a free order through audit and shipping to a logistics trace', async () => {
    const goodsId = await goodsWithStock(null);
    const { body, orderSessionId } = await create(orderBody({ orderType: 2, goodsId }));
    const logistics = () =>
      callEndpoint(
        t,
        orderApi.getShopOrderLogistics,
        { orderSn: body.data.orderSn },
        { as: clientHeaders({ 'order-session-id': orderSessionId }) },
      );
    expect(await logistics()).toMatchObject({ code: -1, message: '订单尚未发货' });
    const ship = { action: 'ship', company: '顺丰速运', trackingNo: 'SF1234567890' } as const;
    await expect(runBackOffice(t.app.ctx, CLI_ACTOR, body.data.orderSn, ship)).rejects.toThrow(/待发货/);
    expect(await runBackOffice(t.app.ctx, CLI_ACTOR, body.data.orderSn, { action: 'audit' })).toMatchObject({
      orderStatus: 2,
    });
    expect(await runBackOffice(t.app.ctx, CLI_ACTOR, body.data.orderSn, ship)).toMatchObject({ orderStatus: 3 });
    const trace = await logistics();
    expect(trace.code).toBe(0);
    expect(trace.data.trackingNo).not.toBe('');
    expect(trace.data.traces.length).toBeGreaterThan(0);
  });
});
