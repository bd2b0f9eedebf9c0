/**
 * Paying a shop order through the sandbox provider over real HTTP, on both databases: the number is sold
 * on the notify, a stranger sees no status, a payment arriving after cancel is refunded, and a back-office
 * refund returns the money once.
 */
import { randomUUID } from 'node:crypto';
import { orderApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../http/audit.js';
import { callEndpoint } from '../../test/call.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { validIdCard } from '../../test/id-cards.js';
import { runBackOffice } from './back-office.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.handle.db
    .insertInto('settings')
    .values({ key: 'number_order', value_json: '{"needSmsCode":0}', updated_at: Date.now() })
    .execute();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.ctx.config.publicUrl = base;
});
afterAll(() => t.close());

let serial = 0;
async function reserve(orderSessionId: string) {
  const number = await t.database.handle.db
    .selectFrom('numbers')
    .selectAll()
    .where('status', '=', 1)
    .where('price_fen', '>', 0)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  serial += 1;
  const res = await callEndpoint(
    t,
    orderApi.createShopOrder,
    {
      orderType: 1,
      numberId: number.id,
      contactName: '李四',
      idCard: validIdCard('19880808', 100 + serial),
      contactMobile: '13700137000',
      provinceCode: '440000',
      cityCode: '440300',
      countyCode: '440305',
      addressDetail: '深南大道 1000 号',
      agreeProtocol: 1,
      uuid: randomUUID(),
    },
    { as: clientHeaders({ 'order-session-id': orderSessionId }) },
  );
  expect(res.code).toBe(0);
  return { orderSn: res.data.orderSn, number };
}

async function pay(orderSn: string, orderSessionId: string) {
  return callEndpoint(
    t,
    orderApi.payShopOrder,
    { orderSn, payType: 'wxpay', returnUrl: `${base}/shop/#/pages/order/pay/index?orderSn=${orderSn}` },
    { as: clientHeaders({ 'order-session-id': orderSessionId }) },
  );
}

// payUrl is optional in the declaration (a JSAPI launch has none); a missing one makes `new URL` throw.
const prepayIdOf = (payUrl: string | undefined) => new URL(String(payUrl)).searchParams.get('prepayId') ?? '';

async function confirmInSandbox(payUrl: string | undefined) {
  expect(payUrl, 'payUrl').toEqual(expect.any(String));
  const res = await fetch(`${base}/api/pay/sandbox/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `prepayId=${prepayIdOf(payUrl)}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

const sid = () => randomUUID().replaceAll('-', '');

describe(`paying a shop order on ${TEST_DB}`, () => {
  it('pays through the sandbox: order 待审核, number sold, status visible to its owner only', async () => {
    const owner = sid();
    const { orderSn, number } = await reserve(owner);
    const launch = await pay(orderSn, owner);
    expect(launch.data).toMatchObject({ orderSn, payStatus: 1, paid: false, payType: 'wxpay' });
    await confirmInSandbox(launch.data.payUrl);
    const order = await t.database.handle.db
      .selectFrom('shop_orders')
      .selectAll()
      .where('order_sn', '=', orderSn)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ order_status: 1, pay_status: 2 });
    const sold = await t.database.handle.db
      .selectFrom('numbers')
      .select('status')
      .where('id', '=', number.id)
      .executeTakeFirstOrThrow();
    expect(sold.status).toBe(3);
    const status = await callEndpoint(
      t,
      orderApi.getPayStatus,
      { orderSn },
      { as: clientHeaders({ 'order-session-id': owner }) },
    );
    expect(status.data).toMatchObject({ kind: 'shop', payStatus: 2, orderStatus: 1 });
    const stranger = await callEndpoint(
      t,
      orderApi.getPayStatus,
      { orderSn },
      { as: clientHeaders({ 'order-session-id': sid() }) },
    );
    expect(stranger).toMatchObject({ code: -1, data: null });
    const strangerPays = await pay(orderSn, sid());
    expect(strangerPays.code).toBe(61);
    // A paid order cannot be paid again, nor cancelled.
    expect((await pay(orderSn, owner)).code).toBe(30003);
    const cancel = await callEndpoint(
      t,
      orderApi.cancelShopOrder,
      { orderSn },
      { as: clientHeaders({ 'order-session-id': owner }) },
    );
    expect(cancel).toMatchObject({ code: -1, message: '当前状态不可取消' });
  });

  it('refunds a payment that arrives after the order was cancelled, and keeps the order closed', async () => {
    const owner = sid();
    const { orderSn, number } = await reserve(owner);
    const launch = await pay(orderSn, owner);
    const cancel = await callEndpoint(
      t,
      orderApi.cancelShopOrder,
      { orderSn },
      { as: clientHeaders({ 'order-session-id': owner }) },
    );
    expect(cancel.code).toBe(0);
    // The shopper still pays on the (closed) cashier: the provider's books say closed, so nothing is taken.
    const res = await fetch(`${base}/api/pay/sandbox/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `prepayId=${prepayIdOf(launch.data.payUrl)}`,
      redirect: 'manual',
    });
    expect([303, 400, 409]).toContain(res.status);
    const order = await t.database.handle.db
      .selectFrom('shop_orders')
      .select(['order_status', 'pay_status'])
      .where('order_sn', '=', orderSn)
      .executeTakeFirstOrThrow();
    expect(order.order_status).toBe(5);
    expect([3, 5]).toContain(order.pay_status);
    const back = await t.database.handle.db
      .selectFrom('numbers')
      .select('status')
      .where('id', '=', number.id)
      .executeTakeFirstOrThrow();
    expect(back.status).toBe(1);
  });

  it('refunds a paid order from the back office once, and puts the number back on sale', async () => {
    const owner = sid();
    const { orderSn, number } = await reserve(owner);
    const launch = await pay(orderSn, owner);
    await confirmInSandbox(launch.data.payUrl);
    const refund = { action: 'refund', reason: '用户申请退款' } as const;
    expect((await runBackOffice(t.app.ctx, CLI_ACTOR, orderSn, refund)).orderStatus).toBe(7);
    await expect(runBackOffice(t.app.ctx, CLI_ACTOR, orderSn, refund)).rejects.toThrow();
    const db = t.database.handle.db;
    const order = await db
      .selectFrom('shop_orders')
      .select(['order_status', 'pay_status'])
      .where('order_sn', '=', orderSn)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ order_status: 7, pay_status: 5 });
    const payments = await db
      .selectFrom('payments')
      .select(['status', 'refund_sn'])
      .where('order_sn', '=', orderSn)
      .execute();
    expect(payments.filter((p) => p.status === 3)).toHaveLength(1);
    const sandbox = await db
      .selectFrom('sandbox_payments')
      .select('state')
      .where('out_trade_no', '=', orderSn)
      .execute();
    expect(sandbox.map((s) => s.state)).toContain('refunded');
    const released = await db
      .selectFrom('numbers')
      .select('status')
      .where('id', '=', number.id)
      .executeTakeFirstOrThrow();
    expect(released.status).toBe(1);
  });
});
