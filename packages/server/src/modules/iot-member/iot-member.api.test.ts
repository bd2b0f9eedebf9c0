/**
 * VIP and acceleration over the real app and a real database (SQLite and PostgreSQL): balance purchases
 * with the pay password, online purchases through the sandbox provider, stacking (also under concurrent
 * purchases), the lifecycle job at injected times, refunds both ways, the operator's speed profiles and
 * its refusals, module switches, and one card never reaching another's orders.
 */
import { randomUUID } from 'node:crypto';
import { iotCoreApi, iotMemberApi, orderApi } from '@haoka/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CarrierGateway, CarrierRefusal } from '../../gateways/carrier/carrier-gateway.js';
import { SimulatedCarrier } from '../../gateways/carrier/simulated-carrier.js';
import { DEMO_SIM_LAYOUT } from '../../seed/demo-iot-cards.js';
import { endpointCaller } from '../../test/call.js';
import { type TestCard, testCards } from '../../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { hashPayPassword } from '../iot-buy/pay-password.js';
import { addDuration } from '../iot-buy/schedule.js';
import { closeExpiredMemberOrders, refundMemberOrder, runMemberLifecycle } from './lifecycle.js';

let simulator: SimulatedCarrier;
/** The operator refuses speed profiles while set. */
const upstream = { refuse: false };
const carrier: CarrierGateway = {
  name: 'test',
  syncSim: (simNo, now) => simulator.syncSim(simNo, now),
  removeBreak: (simNo, ruleId) => simulator.removeBreak(simNo, ruleId),
  resumeSim: (simNo) => simulator.resumeSim(simNo),
  suspendSim: (simNo) => simulator.suspendSim(simNo),
  switchNet: (simNo, target) => simulator.switchNet(simNo, target),
  activatePackage: (simNo, activation) => simulator.activatePackage(simNo, activation),
  cancelPackage: (simNo, orderSn) => simulator.cancelPackage(simNo, orderSn),
  officialAuthEntry: (simNo, target, returnUrl) => simulator.officialAuthEntry(simNo, target, returnUrl),
  officialAuthState: (simNo, authSimNo) => simulator.officialAuthState(simNo, authSimNo),
  deviceCommand: (simNo, command) => simulator.deviceCommand(simNo, command),
  setSpeedProfile: (simNo, change) =>
    upstream.refuse && 'apply' in change
      ? Promise.reject(new CarrierRefusal('carrierSpeedStateRefused'))
      : simulator.setSpeedProfile(simNo, change),
};

let t: TestApp;
let base: string;
const db = () => t.database.handle.db;
const PAY_PASSWORD = '258036';
let passwordHash: string;
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp({ gateways: { carrier } });
  simulator = new SimulatedCarrier(db());
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.ctx.config.publicUrl = base;
  passwordHash = await hashPayPassword(PAY_PASSWORD);
});
afterAll(() => t.close());
beforeEach(() => {
  upstream.refuse = false;
});

const newCard = testCards(() => t, { subnet: 8, payPasswordHash: () => passwordHash });
type Card = TestCard;
const api = endpointCaller(() => t);

const sim = (id: number) => db().selectFrom('sims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ledger = (id: number) =>
  db().selectFrom('iot_balance_logs').selectAll().where('sim_id', '=', id).orderBy('id').execute();
const order = (orderSn: string) =>
  db().selectFrom('iot_member_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirstOrThrow();
const profile = (orderSn: string) =>
  db().selectFrom('carrier_speed_profiles').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();

/** The ledger invariant: the lines sum to the balance, which is never negative. */
async function expectLedgerHolds(id: number) {
  const [card, lines] = await Promise.all([sim(id), ledger(id)]);
  expect(card.balance_fen).toBeGreaterThanOrEqual(0);
  expect(lines.reduce((sum, l) => sum + l.amount_fen, 0)).toBe(card.balance_fen);
  if (lines.length > 0) expect(lines.at(-1)?.balance_after_fen).toBe(card.balance_fen);
}

async function vipId(name: string) {
  const row = await db()
    .selectFrom('iot_vip_products')
    .select('id')
    .where('vip_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}
async function accelerateId(name: string) {
  const row = await db()
    .selectFrom('iot_accelerate_products')
    .select('id')
    .where('accelerate_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

const buyVip = async (card: Card, payload: Record<string, unknown>) =>
  api(
    iotMemberApi.createVipOrder,
    {
      vipId: await vipId('月度会员'),
      payType: 'balance',
      payPassword: PAY_PASSWORD,
      uuid: randomUUID(),
      ...payload,
    },
    card,
  );
const buyAccelerate = async (card: Card, payload: Record<string, unknown>) =>
  api(
    iotMemberApi.createAccelerateOrder,
    {
      accelerateId: await accelerateId('加速周卡'),
      payType: 'balance',
      payPassword: PAY_PASSWORD,
      uuid: randomUUID(),
      ...payload,
    },
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

/** A layout like the demo's with one module switched off (on the home menus and the mine page). */
async function layoutWithout(key: string) {
  const code = `no-${key}-${randomUUID().slice(0, 8)}`;
  const off = <M extends { key: string }>(m: M) => (m.key === key ? { ...m, switch: 0 as const } : m);
  const layout = {
    ...DEMO_SIM_LAYOUT,
    menus: DEMO_SIM_LAYOUT.menus.map(off),
    user: { ...DEMO_SIM_LAYOUT.user, elements: DEMO_SIM_LAYOUT.user.elements.map(off) },
  };
  await db()
    .insertInto('sim_layouts')
    .values({ code, layout_json: JSON.stringify(layout), updated_at: Date.now() })
    .execute();
  return code;
}

// First: later tests run the lifecycle job at times months ahead, which ends every run.
describe(`demo membership on ${TEST_DB}`, () => {
  it('the 5G device holds a running gift membership', async () => {
    const device = await db()
      .selectFrom('sims')
      .select('id')
      .where('sim_no', '=', '1440312345602')
      .executeTakeFirstOrThrow();
    const rows = await db().selectFrom('iot_member_orders').selectAll().where('sim_id', '=', device.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'vip', status: 1, place_type: 3, pay_amount_fen: 0, name: '月度会员' });
    expect(rows[0]?.end_at).toBeGreaterThan(Date.now());
  });
});

describe(`VIP on ${TEST_DB}`, () => {
  it('vipList shows the products, pay types, balance and no membership; 40001 when the module is off', async () => {
    const card = await newCard({ balance: 5000 });
    const list = await api(iotMemberApi.listVip, {}, card);
    expect(list.code, list.message).toBe(0);
    expect(list.data).toMatchObject({
      vipOrder: null,
      balance: '50.00',
      existPayPassword: 1,
      nextStartAt: null,
      payTypes: ['balance', 'wxpay', 'alipay'],
    });
    expect(list.data.list.map((p: { vipName: string }) => p.vipName)).toEqual(['月度会员', '季度会员', '年度会员']);
    expect(list.data.list[1]).toMatchObject({
      packagePrice: '25.00',
      originalPrice: '45.00',
      duration: 3,
      durationUnit: 2,
      tag: '推荐',
      privileges: { gi: '尊享3项会员特权' },
    });
    expect(list.data.list[1]?.privileges.items.map((i: { title: string }) => i.title)).toEqual([
      '积分加倍',
      '专属客服',
      '优先发货',
    ]);

    const closed = await newCard({ layout_code: await layoutWithout('vip'), balance: 5000 });
    expect(await api(iotMemberApi.listVip, {}, closed)).toMatchObject({ code: 40001, message: '会员功能暂未开放' });
    expect((await buyVip(closed, {})).code).toBe(40001);
    expect((await sim(closed.id)).balance_fen).toBe(5000);
  });

  it('pays from the balance with the pay password: a wrong one is 41001 with the tries left; a right one runs at once', async () => {
    const card = await newCard({ balance: 5000 });
    const wrong = await buyVip(card, { payPassword: '111222' });
    expect(wrong).toMatchObject({ code: 41001, data: { field: 'payPassword', remainTimes: 4 } });
    expect((await sim(card.id)).balance_fen).toBe(5000);

    const noPassword = await newCard({ balance: 5000, password: false });
    expect(await buyVip(noPassword, {})).toMatchObject({ code: 41002, data: { action: 'payPassword' } });

    const before = Date.now();
    const bought = await buyVip(card, {});
    expect(bought.code, bought.message).toBe(0);
    expect(bought.data).toMatchObject({ payType: 'balance', paid: true, payStatus: 2, payAmount: '9.90' });
    expect(bought.data.orderSn).toMatch(/^VP\d{20}$/);
    expect(bought.data.vipOrder).toMatchObject({
      vipName: '月度会员',
      status: 1,
      validTag: 1,
      placeType: 2,
      actualPayMoney: '9.90',
      packagePrice: '9.90',
      refundType: 0,
    });
    const row = await order(bought.data.orderSn);
    expect(row.start_at).toBeGreaterThanOrEqual(before);
    expect(row.end_at).toBe(addDuration(row.start_at as number, 1, 2));
    expect((await sim(card.id)).balance_fen).toBe(5000 - 990);
    const lines = await ledger(card.id);
    expect(lines.at(-1)).toMatchObject({
      type: 2,
      amount_fen: -990,
      order_sn: bought.data.orderSn,
      remark: '开通会员：月度会员',
    });
    await expectLedgerHolds(card.id);

    const info = await api(iotCoreApi.getSimInfo, {}, card);
    expect(info.data.vipOrder).toMatchObject({ orderSn: bought.data.orderSn, validTag: 1, status: 1 });
    expect(info.data.accelerateOrder).toBeNull();
    const list = await api(iotMemberApi.listVip, {}, card);
    expect(list.data.vipOrder?.orderSn).toBe(bought.data.orderSn);
    expect(list.data.nextStartAt).toBe(bought.data.vipOrder.endAt);
  });

  it('a repeat of the same uuid answers the same order; another payload with it is refused', async () => {
    const card = await newCard({ balance: 5000 });
    const uuid = randomUUID();
    const first = await buyVip(card, { uuid });
    const again = await buyVip(card, { uuid });
    expect(again.data.orderSn).toBe(first.data.orderSn);
    expect((await sim(card.id)).balance_fen).toBe(5000 - 990);
    const other = await buyVip(card, { uuid, vipId: await vipId('年度会员') });
    expect(other).toMatchObject({ code: -1, message: '重复的请求' });
  });

  it('stacks a second membership after the first (待生效), and the job moves both on time', async () => {
    const card = await newCard({ balance: 10000 });
    const first = await buyVip(card, {});
    const second = await buyVip(card, { vipId: await vipId('季度会员') });
    expect(second.code, second.message).toBe(0);
    expect(second.data.vipOrder).toMatchObject({ status: 2, validTag: 0, startAt: first.data.vipOrder.endAt });
    const [a, b] = [await order(first.data.orderSn), await order(second.data.orderSn)];
    expect(b.start_at).toBe(a.end_at);
    expect(b.end_at).toBe(addDuration(a.end_at as number, 3, 2));
    // The card shows the valid one; the list tells where a third would start.
    expect((await api(iotCoreApi.getSimInfo, {}, card)).data.vipOrder?.orderSn).toBe(first.data.orderSn);
    expect((await api(iotMemberApi.listVip, {}, card)).data.nextStartAt).toBe(second.data.vipOrder.endAt);

    // A minute before the end: nothing moves.
    await runMemberLifecycle(t.app.ctx, (a.end_at as number) - 60_000);
    expect((await order(a.order_sn)).status).toBe(1);
    expect((await order(b.order_sn)).status).toBe(2);
    // At the end: the first has expired, the second runs.
    await runMemberLifecycle(t.app.ctx, a.end_at as number);
    expect((await order(a.order_sn)).status).toBe(3);
    expect((await order(b.order_sn)).status).toBe(1);
    // At the second's end it expires too, and nothing is left to show.
    await runMemberLifecycle(t.app.ctx, b.end_at as number);
    expect((await order(b.order_sn)).status).toBe(3);
    expect((await api(iotCoreApi.getSimInfo, {}, card)).data.vipOrder).toBeNull();
    await expectLedgerHolds(card.id);
  });

  it('derives validTag when read: a run that has ended is not valid even before the job sees it', async () => {
    const card = await newCard({ balance: 5000 });
    const bought = await buyVip(card, {});
    expect((await api(iotMemberApi.listVip, {}, card)).data.vipOrder?.validTag).toBe(1);
    await db()
      .updateTable('iot_member_orders')
      .set({ start_at: Date.now() - 40 * DAY_MS, end_at: Date.now() - 1000 })
      .where('order_sn', '=', bought.data.orderSn)
      .execute();
    expect((await order(bought.data.orderSn)).status).toBe(1);
    expect((await api(iotCoreApi.getSimInfo, {}, card)).data.vipOrder).toBeNull();
    const stacked = await buyVip(card, {});
    // A new one starts now, not after the ended run.
    expect(stacked.data.vipOrder).toMatchObject({ status: 1, validTag: 1 });
    await runMemberLifecycle(t.app.ctx);
    expect((await order(bought.data.orderSn)).status).toBe(3);
  });

  it('concurrent balance purchases stack end to end and never overdraw', async () => {
    const card = await newCard({ balance: 2500 });
    const monthly = await vipId('月度会员');
    const answers = await Promise.all(Array.from({ length: 6 }, () => buyVip(card, { vipId: monthly })));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(2);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.message === '余额不足')).toBe(true);
    expect((await sim(card.id)).balance_fen).toBe(2500 - 2 * 990);
    await expectLedgerHolds(card.id);
    const rows = await db()
      .selectFrom('iot_member_orders')
      .selectAll()
      .where('sim_id', '=', card.id)
      .orderBy('start_at')
      .execute();
    expect(rows.map((r) => r.status)).toEqual([1, 2]);
    expect(rows[1]?.start_at).toBe(rows[0]?.end_at);
  });

  it('pays online through the sandbox: 0 until the notify, a second notify changes nothing, owner-only status', async () => {
    const card = await newCard({ balance: 5000 });
    const active = await buyVip(card, {});
    const launch = await buyVip(card, {
      vipId: await vipId('年度会员'),
      payType: 'wxpay',
      payPassword: undefined,
      returnUrl: `${base}/shop/#/pages-sub/iot/vip/pay/index?vipId=3`,
    });
    expect(launch.code, launch.message).toBe(0);
    expect(launch.data).toMatchObject({
      payAmount: '88.00',
      paid: false,
      payStatus: 1,
      vipOrder: { status: 0, placeType: 1 },
    });
    expect(launch.data.payUrl).toContain('/api/pay/sandbox/cashier');
    expect(launch.data.expireAt).not.toBeNull();
    const orderSn = launch.data.orderSn as string;

    await confirmInSandbox(launch.data.payUrl);
    await confirmInSandbox(launch.data.payUrl);
    const paid = await order(orderSn);
    expect(paid).toMatchObject({ status: 2, pay_status: 2, start_at: (await order(active.data.orderSn)).end_at });
    expect(
      await db().selectFrom('iot_member_orders').select('id').where('sim_id', '=', card.id).execute(),
    ).toHaveLength(2);
    // Paid online: the balance is untouched.
    expect((await sim(card.id)).balance_fen).toBe(5000 - 990);
    await expectLedgerHolds(card.id);

    const status = await api(orderApi.getPayStatus, { orderSn }, card);
    expect(status.data).toMatchObject({ kind: 'vip', payStatus: 2, orderStatus: 2 });
    const stranger = await newCard();
    expect((await api(orderApi.getPayStatus, { orderSn }, stranger)).code).toBe(34061);
    expect(await api(iotMemberApi.payMemberOrder, { orderSn }, stranger)).toMatchObject({
      code: -1,
      message: '订单不存在',
    });
    // A paid order is answered as paid, not launched again.
    expect((await api(iotMemberApi.payMemberOrder, { orderSn }, card)).data).toMatchObject({
      paid: true,
      payStatus: 2,
    });
  });

  it('closes an online order left unpaid; 重新支付 then answers 30003', async () => {
    const card = await newCard();
    const launch = await buyVip(card, { payType: 'alipay', payPassword: undefined });
    const orderSn = launch.data.orderSn as string;
    const again = await api(iotMemberApi.payMemberOrder, { orderSn }, card);
    expect(again.code, again.message).toBe(0);
    expect(again.data).toMatchObject({ orderSn, payType: 'alipay', paid: false });
    await db()
      .updateTable('iot_member_orders')
      .set({ expire_at: Date.now() - 1 })
      .where('order_sn', '=', orderSn)
      .execute();
    expect(await closeExpiredMemberOrders(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await order(orderSn)).toMatchObject({ status: 5, pay_status: 3 });
    expect((await api(iotMemberApi.payMemberOrder, { orderSn }, card)).code).toBe(30003);
  });

  it('a payment that arrives after the order closed is refunded; the order stays cancelled', async () => {
    const card = await newCard();
    const launch = await buyVip(card, { payType: 'wxpay', payPassword: undefined });
    const orderSn = launch.data.orderSn as string;
    // Closed here while the provider's close did not get through: the holder can still pay there.
    await db()
      .updateTable('iot_member_orders')
      .set({ status: 5, pay_status: 3 })
      .where('order_sn', '=', orderSn)
      .execute();
    await confirmInSandbox(launch.data.payUrl);
    const row = await order(orderSn);
    expect(row).toMatchObject({ status: 5, pay_status: 5, start_at: null });
    expect((await api(iotCoreApi.getSimInfo, {}, card)).data.vipOrder).toBeNull();
  });

  it('refunds to the balance with a ledger line and pulls the queued membership forward', async () => {
    const card = await newCard({ balance: 5000 });
    const first = await buyVip(card, {});
    const second = await buyVip(card, {});
    const before = Date.now();
    const refunded = await refundMemberOrder(t.app.ctx, first.data.orderSn, { refundType: 2, remark: '用户申请退款' });
    expect(refunded).toMatchObject({ status: 4, refund_type: 2, refund_remark: '用户申请退款', pay_status: 5 });
    expect(refunded.refund_at).toBeGreaterThanOrEqual(before);
    expect((await sim(card.id)).balance_fen).toBe(5000 - 990);
    expect((await ledger(card.id)).at(-1)).toMatchObject({ type: 3, amount_fen: 990, order_sn: first.data.orderSn });
    await expectLedgerHolds(card.id);
    // The queued one runs now, for its own length.
    const next = await order(second.data.orderSn);
    expect(next.status).toBe(1);
    expect(next.start_at).toBeGreaterThanOrEqual(before);
    expect(next.end_at).toBe(addDuration(next.start_at as number, 1, 2));
    const info = await api(iotCoreApi.getSimInfo, {}, card);
    expect(info.data.vipOrder).toMatchObject({ orderSn: second.data.orderSn, validTag: 1 });
    const shown = await api(iotMemberApi.listVip, {}, card);
    expect(shown.data.vipOrder?.orderSn).toBe(second.data.orderSn);
    // Only a valid or queued order can be refunded, once.
    await expect(refundMemberOrder(t.app.ctx, first.data.orderSn, { refundType: 2, remark: '' })).rejects.toThrow(
      '只有生效中或待生效的订单可以退款',
    );
    expect((await sim(card.id)).balance_fen).toBe(5000 - 990);
  });

  it('refunds an online payment the way it came (原路退回), or to the balance when asked', async () => {
    const card = await newCard({ balance: 0 });
    const launchA = await buyVip(card, { payType: 'wxpay', payPassword: undefined });
    await confirmInSandbox(launchA.data.payUrl);
    const a = await refundMemberOrder(t.app.ctx, launchA.data.orderSn, { refundType: 1, remark: '原路退回' });
    expect(a).toMatchObject({ status: 4, refund_type: 1, pay_status: 5 });
    expect((await sim(card.id)).balance_fen).toBe(0);
    const payment = await db()
      .selectFrom('payments')
      .selectAll()
      .where('order_sn', '=', launchA.data.orderSn)
      .executeTakeFirstOrThrow();
    expect(payment.refund_sn).not.toBeNull();

    const launchB = await buyVip(card, { payType: 'alipay', payPassword: undefined });
    await confirmInSandbox(launchB.data.payUrl);
    const b = await refundMemberOrder(t.app.ctx, launchB.data.orderSn, { refundType: 2, remark: '退回余额' });
    expect(b).toMatchObject({ status: 4, refund_type: 2, pay_status: 2 });
    expect((await sim(card.id)).balance_fen).toBe(990);
    await expectLedgerHolds(card.id);
    expect((await api(orderApi.getPayStatus, { orderSn: launchB.data.orderSn }, card)).data.orderStatus).toBe(4);
  });
});

describe(`acceleration on ${TEST_DB}`, () => {
  it('accelerateList shows the passes; cards of unsupported operators and a closed module answer 40001', async () => {
    const card = await newCard({ balance: 5000 });
    const list = await api(iotMemberApi.listAccelerate, {}, card);
    expect(list.code, list.message).toBe(0);
    expect(list.data.accelerateOrder).toBeNull();
    expect(list.data.list.map((p: { speedCode: string }) => p.speedCode)).toEqual(['S100M', 'S300M', 'S1000M']);
    expect(list.data.list[1]).toMatchObject({
      accelerateName: '加速周卡',
      speedText: '最高300Mbps',
      duration: 7,
      durationUnit: 1,
      price: '9.90',
      originalPrice: '14.90',
      tag: '热销',
    });

    // 广电 sells no speed profiles (the default setting).
    const broadcast = await newCard({ operator_type: 4, balance: 5000 });
    expect(await api(iotMemberApi.listAccelerate, {}, broadcast)).toMatchObject({
      code: 40001,
      message: '当前卡暂不支持加速',
    });
    expect((await buyAccelerate(broadcast, {})).code).toBe(40001);
    expect((await sim(broadcast.id)).balance_fen).toBe(5000);
    // A promoter's own setting narrows it further.
    await db()
      .insertInto('settings')
      .values({ key: 'iot_accelerate:demo', value_json: '{"operatorTypes":[1,2]}', updated_at: Date.now() })
      .execute();
    const telecom = await newCard({ operator_type: 3 });
    expect((await api(iotMemberApi.listAccelerate, {}, telecom)).code).toBe(40001);
    await db().deleteFrom('settings').where('key', '=', 'iot_accelerate:demo').execute();
    expect((await api(iotMemberApi.listAccelerate, {}, telecom)).code).toBe(0);
    const closed = await newCard({ layout_code: await layoutWithout('accelerate') });
    expect(await api(iotMemberApi.listAccelerate, {}, closed)).toMatchObject({
      code: 40001,
      message: '网络加速暂未开放',
    });
  });

  it('a balance purchase puts the speed profile on the card; the expiry takes it off', async () => {
    const card = await newCard({ balance: 5000 });
    const bought = await buyAccelerate(card, {});
    expect(bought.code, bought.message).toBe(0);
    expect(bought.data.accelerateOrder).toMatchObject({
      speedCode: 'S300M',
      status: 1,
      validTag: 1,
      accelerateName: '加速周卡',
    });
    const orderSn = bought.data.orderSn as string;
    expect(orderSn).toMatch(/^AC\d{20}$/);
    const row = await order(orderSn);
    expect(row.applied_at).not.toBeNull();
    expect(row.end_at).toBe((row.start_at as number) + 7 * DAY_MS);
    expect(await profile(orderSn)).toMatchObject({ state: 'active', speed_code: 'S300M', sim_no: card.simNo });
    expect((await ledger(card.id)).at(-1)).toMatchObject({ type: 2, amount_fen: -990, remark: '网络加速：加速周卡' });
    expect((await api(iotCoreApi.getSimInfo, {}, card)).data.accelerateOrder).toMatchObject({ orderSn, validTag: 1 });

    const page = await api(iotMemberApi.listAccelerateOrders, { page: '1', pageSize: '10' }, card);
    expect(page.data).toMatchObject({ total: 1, page: 1, pageSize: 10, list: [{ orderSn, status: 1 }] });
    expect((await api(iotMemberApi.listAccelerateOrders, { status: '3' }, card)).data.total).toBe(0);

    await runMemberLifecycle(t.app.ctx, row.end_at as number);
    expect(await order(orderSn)).toMatchObject({ status: 3 });
    expect((await order(orderSn)).cleared_at).not.toBeNull();
    expect((await profile(orderSn))?.state).toBe('cleared');
    expect((await api(iotMemberApi.listAccelerateOrders, { status: '3' }, card)).data.list[0]?.orderSn).toBe(orderSn);
  });

  it('an operator refusal of a balance purchase answers 30003 and puts the money back on the balance', async () => {
    const card = await newCard({ balance: 5000 });
    upstream.refuse = true;
    const uuid = randomUUID();
    const refused = await buyAccelerate(card, { uuid });
    expect(refused.code).toBe(30003);
    expect(refused.message).toContain('当前卡状态不支持加速');
    expect(refused.message).toContain('已退回余额');
    expect(refused.reason).toBe('memberRefundedBalance');
    expect((await sim(card.id)).balance_fen).toBe(5000);
    expect((await ledger(card.id)).map((l) => l.type)).toEqual([4, 2, 3]);
    await expectLedgerHolds(card.id);
    const row = await db()
      .selectFrom('iot_member_orders')
      .selectAll()
      .where('sim_id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 4, refund_type: 2, applied_at: null });
    // The same intent again hears the same refusal and pays nothing.
    upstream.refuse = false;
    expect((await buyAccelerate(card, { uuid })).code).toBe(30003);
    expect((await sim(card.id)).balance_fen).toBe(5000);
  });

  it('the simulated operator refuses a stopped card on its own', async () => {
    const card = await newCard({ balance: 5000, sim_status: 3, internet_status: 0 });
    const refused = await buyAccelerate(card, {});
    expect(refused).toMatchObject({ code: 30003 });
    expect(refused.message).toContain('当前卡状态不支持加速');
    expect((await sim(card.id)).balance_fen).toBe(5000);
  });

  it('an operator refusal after an online payment refunds it automatically, the way it came', async () => {
    const card = await newCard();
    const launch = await buyAccelerate(card, { payType: 'wxpay', payPassword: undefined });
    expect(launch.code, launch.message).toBe(0);
    upstream.refuse = true;
    await confirmInSandbox(launch.data.payUrl);
    const row = await order(launch.data.orderSn);
    expect(row).toMatchObject({ status: 4, refund_type: 1, pay_status: 5 });
    expect(row.refund_remark).toContain('当前卡状态不支持加速');
    expect((await sim(card.id)).balance_fen).toBe(0);
    const listed = await api(iotMemberApi.listAccelerateOrders, {}, card);
    expect(listed.data.list[0]).toMatchObject({ status: 4, refundType: 1 });
    expect(listed.data.list[0]?.refundAt).not.toBeNull();
  });

  it('a queued pass gets its profile when it starts; refunding the running one starts it at once', async () => {
    const card = await newCard({ balance: 10000 });
    const first = await buyAccelerate(card, {});
    const second = await buyAccelerate(card, { accelerateId: await accelerateId('加速体验包') });
    expect(second.data.accelerateOrder.status).toBe(2);
    expect(await profile(second.data.orderSn)).toBeUndefined();
    await refundMemberOrder(t.app.ctx, first.data.orderSn, { refundType: 2, remark: '后台退款' });
    expect((await profile(first.data.orderSn))?.state).toBe('cleared');
    const next = await order(second.data.orderSn);
    expect(next.status).toBe(1);
    expect(next.applied_at).not.toBeNull();
    expect((await profile(second.data.orderSn))?.state).toBe('active');
    await expectLedgerHolds(card.id);
  });

  it('another card never sees or pays this card’s orders', async () => {
    const card = await newCard({ balance: 5000 });
    const launch = await buyAccelerate(card, { payType: 'wxpay', payPassword: undefined });
    const stranger = await newCard();
    const list = await api(iotMemberApi.listAccelerateOrders, {}, stranger);
    expect(list.data).toMatchObject({ total: 0, list: [] });
    expect(await api(iotMemberApi.payMemberOrder, { orderSn: launch.data.orderSn }, stranger)).toMatchObject({
      code: -1,
      message: '订单不存在',
    });
    expect((await api(iotCoreApi.getSimInfo, {}, stranger)).data.accelerateOrder).toBeNull();
    const noSession = await api(iotMemberApi.listAccelerate, {}, clientHeaders());
    expect(noSession.code).toBe(34061);
  });
});
