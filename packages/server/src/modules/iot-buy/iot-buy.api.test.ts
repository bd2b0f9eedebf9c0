/**
 * Card buying over the real app and a real database (SQLite and PostgreSQL): packages with coupons and
 * the pay password, online payment through the sandbox provider over HTTP, recharge with arrears,
 * recharge activities, auto-renew and pay-as-you-go, the card's lists, and the ledger invariant under
 * random sequences and concurrency.
 */
import { randomUUID } from 'node:crypto';
import { type EndpointInput, iotBuyApi, iotCoreApi, orderApi } from '@haoka/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CarrierGateway, CarrierRefusal } from '../../gateways/carrier/carrier-gateway.js';
import { SimulatedCarrier } from '../../gateways/carrier/simulated-carrier.js';
import { runJobOnce } from '../../jobs/runner.js';
import { endpointCaller } from '../../test/call.js';
import { callApp, type SimValues, type TestCard, testCards } from '../../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { hashPayPassword } from './pay-password.js';
import { renewalUuid, runAutoRenew } from './renew.js';

let simulator: SimulatedCarrier;
/**
 * `refuse`: the operator refuses package activations. `slowResume`: it takes a resumption but applies it
 * later (`applyResumes`), as a real operator does within minutes.
 */
const upstream = { refuse: false, slowResume: false, taken: [] as string[] };
const carrier: CarrierGateway = {
  name: 'test',
  syncSim: (simNo, now) => simulator.syncSim(simNo, now),
  removeBreak: (simNo, ruleId) => simulator.removeBreak(simNo, ruleId),
  suspendSim: (simNo) => simulator.suspendSim(simNo),
  resumeSim: async (simNo) => {
    if (upstream.slowResume) upstream.taken.push(simNo);
    else await simulator.resumeSim(simNo);
  },
  switchNet: (simNo, target) => simulator.switchNet(simNo, target),
  activatePackage: (simNo, activation) =>
    upstream.refuse
      ? Promise.reject(new CarrierRefusal('carrierCancelledPackage'))
      : simulator.activatePackage(simNo, activation),
  cancelPackage: (simNo, orderSn) => simulator.cancelPackage(simNo, orderSn),
  officialAuthEntry: (simNo, target, returnUrl) => simulator.officialAuthEntry(simNo, target, returnUrl),
  officialAuthState: (simNo, authSimNo) => simulator.officialAuthState(simNo, authSimNo),
  deviceCommand: (simNo, command) => simulator.deviceCommand(simNo, command),
  setSpeedProfile: (simNo, change) => simulator.setSpeedProfile(simNo, change),
};

let t: TestApp;
let base: string;
const db = () => t.database.handle.db;
const PAY_PASSWORD = '258036';
let passwordHash: string;

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
  upstream.slowResume = false;
  upstream.taken = [];
});
/** The slow operator gets round to the resumptions it took. */
async function applyResumes() {
  for (const simNo of upstream.taken.splice(0)) await simulator.resumeSim(simNo);
}

const newCard = testCards(() => t, { subnet: 9, payPasswordHash: () => passwordHash });
type Card = TestCard;
const call = (card: Card | Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
  callApp(t, card, method, url, payload);
const api = endpointCaller(() => t);

const sim = (id: number) => db().selectFrom('sims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ledger = (id: number) =>
  db().selectFrom('iot_balance_logs').selectAll().where('sim_id', '=', id).orderBy('id').execute();

/** The ledger invariant: the lines sum to the balance, which is never negative. */
async function expectLedgerHolds(id: number) {
  const [card, lines] = await Promise.all([sim(id), ledger(id)]);
  expect(card.balance_fen).toBeGreaterThanOrEqual(0);
  expect(lines.reduce((sum, l) => sum + l.amount_fen, 0)).toBe(card.balance_fen);
  if (lines.length > 0) expect(lines.at(-1)?.balance_after_fen).toBe(card.balance_fen);
}

async function packageId(name: string) {
  const row = await db().selectFrom('iot_packages').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

async function giveCoupon(
  cardId: number,
  values: { amount?: number; threshold?: number; type?: number; discount?: number; packageIds?: number[] } = {},
) {
  const now = Date.now();
  const { id } = await db()
    .insertInto('iot_coupons')
    .values({
      sim_id: cardId,
      name: '测试券',
      type: values.type ?? 1,
      amount_fen: values.amount ?? 1000,
      discount: values.discount ?? null,
      threshold_fen: values.threshold ?? 0,
      scope: values.packageIds ? 'package' : 'all',
      package_ids_json: JSON.stringify(values.packageIds ?? []),
      status: 1,
      start_at: now - 60_000,
      end_at: now + 86_400_000,
      order_sn: null,
      source: 'gift',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

const coupon = (id: number) =>
  db().selectFrom('iot_coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const order = (orderSn: string) =>
  db().selectFrom('iot_package_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirstOrThrow();

const buy = (card: Card, payload: Partial<EndpointInput<typeof iotBuyApi.buyPackage>>) =>
  api(
    iotBuyApi.buyPackage,
    {
      effectType: 1,
      payType: 'balance',
      payPassword: PAY_PASSWORD,
      uuid: randomUUID(),
      ...payload,
    } as EndpointInput<typeof iotBuyApi.buyPackage>,
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

describe(`packages on ${TEST_DB}`, () => {
  it('packageChoose lists the shelf with limits, stock and the lamp; packageType filters', async () => {
    const card = await newCard();
    const all = await api(iotBuyApi.choosePackage, {}, card);
    expect(all.code).toBe(0);
    expect(all.data.needAuth).toBe(0);
    const names = all.data.list.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['月享30G', '加油包5G', '按量计费', '终身流量卡']));
    const lifetime = all.data.list.find((p: { name: string }) => p.name === '终身流量卡');
    expect(lifetime).toMatchObject({ duration: 20, durationUnit: 3, stock: 50, limitTimes: 1, boughtTimes: 0 });
    expect(Array.isArray(all.data.lamps)).toBe(true);
    // The lamp tells purchases, not the packages cards opened with.
    expect(all.data.lamps.filter((l: string) => l.includes('开卡套餐'))).toEqual([]);
    const addOns = await api(iotBuyApi.choosePackage, { packageType: '2' }, card);
    expect(addOns.data.list.every((p: { packageType: number }) => p.packageType === 2)).toBe(true);
    expect(addOns.data.list.length).toBeGreaterThan(0);
  });

  it('packageDetails rates the coupons for the package and picks the best usable one', async () => {
    const card = await newCard({ balance: 10000 });
    const p30 = await packageId('月享30G');
    const p100 = await packageId('月享100G');
    const small = await giveCoupon(card.id, { amount: 500 });
    const big = await giveCoupon(card.id, { amount: 2000, threshold: 5900 });
    const only100 = await giveCoupon(card.id, { amount: 800, packageIds: [p100] });
    const body = await api(iotBuyApi.getPackageDetails, { packageId: p30 }, card);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      package: { id: p30, price: '29.00' },
      balance: '100.00',
      existPayPassword: 1,
      bestCouponId: small,
      payTypes: expect.arrayContaining(['balance', 'wxpay']),
    });
    const byId = new Map(body.data.coupons.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(small)).toMatchObject({ usable: true });
    expect(byId.get(big)).toMatchObject({ usable: false, reason: expect.stringContaining('未达门槛') });
    expect(byId.get(only100)).toMatchObject({ usable: false, reason: '不适用该套餐' });
    expect(body.data.coupons[0]?.id).toBe(small);

    const couponsOnly = await api(iotBuyApi.getPackageDetails, {}, card);
    expect(couponsOnly.data.package).toBeNull();
    expect(couponsOnly.data.coupons).toHaveLength(3);
    expect((await api(iotBuyApi.getPackageDetails, { packageId: '999999' }, card)).message).toBe('套餐不存在或已下架');
  });

  it('buys with a coupon from the balance: debit, coupon used, flow added, ledger line, once per uuid', async () => {
    const card = await newCard({ balance: 5000, total_flow: 1024, use_flow: 0 });
    const p30 = await packageId('月享30G');
    const couponId = await giveCoupon(card.id, { amount: 1000, threshold: 2900 });
    const uuid = randomUUID();
    const first = await buy(card, { packageId: p30, couponId, uuid });
    expect(first.code, first.message).toBe(0);
    expect(first.data).toMatchObject({ payAmount: '19.00', payType: 'balance', paid: true, payStatus: 2 });
    expect(first.data.packageOrder).toMatchObject({ status: 2 });
    const again = await buy(card, { packageId: p30, couponId, uuid });
    expect(again.data.orderSn).toBe(first.data.orderSn);
    const changed = await buy(card, { packageId: p30, uuid });
    expect(changed).toMatchObject({ code: -1, message: '重复的请求' });

    const after = await sim(card.id);
    expect(after.balance_fen).toBe(3100);
    expect(after.total_flow).toBe(1024 + 30 * 1024);
    expect((await coupon(couponId)).status).toBe(3);
    const row = await order(first.data.orderSn);
    expect(row).toMatchObject({ status: 2, pay_status: 2, coupon_fen: 1000, pay_amount_fen: 1900 });
    expect(row.activated_at).not.toBeNull();
    expect(row.applied_at).not.toBeNull();
    const lines = await ledger(card.id);
    expect(lines.at(-1)).toMatchObject({ type: 2, amount_fen: -1900, balance_after_fen: 3100, order_sn: row.order_sn });
    await expectLedgerHolds(card.id);
    const activation = await db()
      .selectFrom('carrier_activations')
      .selectAll()
      .where('order_sn', '=', row.order_sn)
      .executeTakeFirst();
    expect(activation).toMatchObject({ sim_no: card.simNo, state: 'active' });

    // The lamp tells the purchase, as a sentence and as facts the app words in its own language.
    const shelf = await api(iotBuyApi.choosePackage, {}, card);
    const masked = `${card.simNo.slice(0, 4)}****${card.simNo.slice(-4)}`;
    const buys = shelf.data.lampBuys as { buyer: string; packageName: string; minutesAgo: number }[];
    expect(buys).toContainEqual({ buyer: masked, packageName: '月享30G', minutesAgo: 0 });
    expect(shelf.data.lamps).toHaveLength(buys.length);
    for (const [i, b] of buys.entries()) {
      if (b.minutesAgo < 60) expect(shelf.data.lamps[i]).toBe(`${b.buyer} 刚刚订购了 ${b.packageName}`);
    }
  });

  it('asks for the missing step first (41002 with its action), in the documented order', async () => {
    const p30 = await packageId('月享30G');
    const noPassword = await newCard({ balance: 5000, password: false });
    expect((await buy(noPassword, { packageId: p30 })).data).toMatchObject({ action: 'payPassword' });
    const realname = await newCard({ balance: 5000, need_auth: 1, auth_status: 0 });
    const r = await buy(realname, { packageId: p30 });
    expect(r).toMatchObject({ code: 41002, data: { action: 'realname' } });
    // A card already real-named is not sent to real-name again, whatever a stale flag says.
    const done = await newCard({ balance: 5000, need_auth: 1, auth_status: 1 });
    expect((await api(iotBuyApi.choosePackage, {}, done)).data.needAuth).toBe(0);
    expect((await buy(done, { packageId: p30 })).code).toBe(0);
    const coupon = await newCard({ balance: 5000, need_buy_coupon: 1 });
    expect((await buy(coupon, { packageId: p30 })).data).toMatchObject({ action: 'couponChoose' });
    const phone = await newCard({ balance: 5000, bind_phone_mode: 2, mobile: null });
    expect((await buy(phone, { packageId: p30 })).data).toMatchObject({ action: 'bindPhone' });
    const notAllowed = await buy(phone, { packageId: await packageId('季享300G'), effectType: 2 });
    expect(notAllowed).toMatchObject({ code: -1, data: { field: 'effectType' } });
  });

  it('a wrong pay password answers 41001 with the tries left and locks after the fifth for 24 hours', async () => {
    const card = await newCard({ balance: 5000 });
    const p30 = await packageId('月享30G');
    for (let left = 4; left >= 1; left--) {
      const wrong = await buy(card, { packageId: p30, payPassword: '111222' });
      expect(wrong).toMatchObject({ code: 41001, data: { field: 'payPassword', remainTimes: left } });
    }
    const locked = await buy(card, { packageId: p30, payPassword: '111222' });
    expect(locked).toMatchObject({ code: 41001, data: { remainTimes: 0, lockedUntil: expect.any(String) } });
    const evenRight = await buy(card, { packageId: p30 });
    expect(evenRight).toMatchObject({ code: 41001, data: { remainTimes: 0 } });
    expect((await sim(card.id)).balance_fen).toBe(5000);
    expect(await ledger(card.id)).toHaveLength(1);
  });

  it('refuses without a trace: too little balance, a used coupon, the limit and stock', async () => {
    const p30 = await packageId('月享30G');
    const poor = await newCard({ balance: 1000 });
    const couponId = await giveCoupon(poor.id, { amount: 500 });
    const refused = await buy(poor, { packageId: p30, couponId });
    expect(refused).toMatchObject({ code: -1, message: '余额不足' });
    expect((await coupon(couponId)).status).toBe(1);
    expect(await db().selectFrom('iot_package_orders').select('id').where('sim_id', '=', poor.id).execute()).toEqual(
      [],
    );
    await expectLedgerHolds(poor.id);

    const rich = await newCard({ balance: 100000 });
    const special = await packageId('限时特惠50G');
    expect((await buy(rich, { packageId: special })).code).toBe(0);
    expect(await buy(rich, { packageId: special })).toMatchObject({ code: -1, message: '已达购买上限' });
    const other = await newCard({ balance: 100000 });
    await db().updateTable('iot_packages').set({ stock: 0 }).where('id', '=', special).execute();
    expect((await buy(other, { packageId: special })).code).toBe(30001);
    await db().updateTable('iot_packages').set({ stock: 20 }).where('id', '=', special).execute();
    const usedCoupon = await giveCoupon(rich.id, { amount: 100 });
    await db().updateTable('iot_coupons').set({ status: 3 }).where('id', '=', usedCoupon).execute();
    expect((await buy(rich, { packageId: p30, couponId: usedCoupon })).message).toContain('优惠券不可用');
  });

  it('schedules 次月生效 and 到期续接, starts them when due and expires them with their flow', async () => {
    const now = Date.now();
    const card = await newCard({ balance: 20000, end_at: now + 10 * 86_400_000, total_flow: 2048, use_flow: 0 });
    const p30 = await packageId('月享30G');
    const next = await buy(card, { packageId: p30, effectType: 2 });
    expect(next.data.packageOrder.status).toBe(1);
    const nextRow = await order(next.data.orderSn);
    const start = new Date((nextRow.start_at as number) + 8 * 3600_000);
    expect(start.getUTCDate()).toBe(1);
    expect(start.getUTCHours()).toBe(0);
    expect((await sim(card.id)).total_flow).toBe(2048);

    const after = await buy(card, { packageId: p30, effectType: 3 });
    const afterRow = await order(after.data.orderSn);
    // 到期续接 starts when the last queued base package ends.
    expect(afterRow.start_at).toBe(nextRow.end_at);

    await db()
      .updateTable('iot_package_orders')
      .set({ start_at: now - 1000 })
      .where('order_sn', '=', next.data.orderSn)
      .execute();
    await runJobOnce(t.app.ctx, 'iot-package-lifecycle');
    expect((await order(next.data.orderSn)).status).toBe(2);
    expect((await sim(card.id)).total_flow).toBe(2048 + 30 * 1024);

    await db()
      .updateTable('iot_package_orders')
      .set({ end_at: now - 500, use_flow: 100 })
      .where('order_sn', '=', next.data.orderSn)
      .execute();
    await db().updateTable('sims').set({ use_flow: 300 }).where('id', '=', card.id).execute();
    await runJobOnce(t.app.ctx, 'iot-package-lifecycle');
    expect((await order(next.data.orderSn)).status).toBe(3);
    const expired = await sim(card.id);
    expect(expired.total_flow).toBe(2048);
    expect(expired.use_flow).toBe(200);
  });

  it('refunds a balance purchase the operator refuses: money, coupon and stock back, 30003', async () => {
    const card = await newCard({ balance: 5000 });
    const special = await packageId('限时特惠50G');
    const stockBefore = (
      await db().selectFrom('iot_packages').select('stock').where('id', '=', special).executeTakeFirstOrThrow()
    ).stock;
    const couponId = await giveCoupon(card.id, { amount: 500 });
    upstream.refuse = true;
    const uuid = randomUUID();
    const refused = await buy(card, { packageId: special, couponId, uuid });
    expect(refused).toMatchObject({ code: 30003 });
    const row = (await db().selectFrom('iot_package_orders').selectAll().where('sim_id', '=', card.id).execute())[0];
    expect(row).toMatchObject({ status: 4, pay_status: 5 });
    expect((await sim(card.id)).balance_fen).toBe(5000);
    expect((await coupon(couponId)).status).toBe(1);
    const stockAfter = (
      await db().selectFrom('iot_packages').select('stock').where('id', '=', special).executeTakeFirstOrThrow()
    ).stock;
    expect(stockAfter).toBe(stockBefore);
    expect((await ledger(card.id)).map((l) => l.type)).toEqual([4, 2, 3]);
    await expectLedgerHolds(card.id);
    // The same intent again answers the same refusal, and takes no money.
    expect((await buy(card, { packageId: special, couponId, uuid })).code).toBe(30003);
    expect((await sim(card.id)).balance_fen).toBe(5000);
  });

  it('pays online: coupon locked, notify twice credits once, activation, status visible to the owner only', async () => {
    const card = await newCard({ balance: 0, total_flow: 0 });
    const p30 = await packageId('月享30G');
    const couponId = await giveCoupon(card.id, { amount: 500 });
    const launch = await buy(card, {
      packageId: p30,
      couponId,
      payType: 'wxpay',
      payPassword: undefined,
      returnUrl: `${base}/shop/#/pages/iot/index/package/details/index?packageId=${p30}`,
    });
    expect(launch.code, launch.message).toBe(0);
    expect(launch.data).toMatchObject({ payAmount: '24.00', paid: false, payStatus: 1 });
    expect(launch.data.payUrl).toContain('/api/pay/sandbox/cashier');
    expect((await coupon(couponId)).status).toBe(2);
    const orderSn = launch.data.orderSn as string;
    const info = await api(iotBuyApi.getIotOrder, { orderSn }, card);
    expect(info.data).toMatchObject({ kind: 'package', payAmount: '24.00', couponAmount: '5.00', orderStatus: 0 });

    await confirmInSandbox(launch.data.payUrl);
    await confirmInSandbox(launch.data.payUrl);
    const paid = await order(orderSn);
    expect(paid).toMatchObject({ status: 2, pay_status: 2 });
    expect(paid.activated_at).not.toBeNull();
    expect((await coupon(couponId)).status).toBe(3);
    expect((await sim(card.id)).total_flow).toBe(30 * 1024);
    expect(
      await db().selectFrom('carrier_activations').select('order_sn').where('order_sn', '=', orderSn).execute(),
    ).toHaveLength(1);

    const status = await api(orderApi.getPayStatus, { orderSn }, card);
    expect(status.data).toMatchObject({ kind: 'package', payStatus: 2, orderStatus: 2 });
    const stranger = await newCard();
    expect((await api(orderApi.getPayStatus, { orderSn }, stranger)).code).toBe(34061);
    expect(await api(iotBuyApi.getIotOrder, { orderSn }, stranger)).toMatchObject({
      code: -1,
      message: '订单不存在',
      reason: 'orderNotFound',
      data: null,
    });
    const noSession = await api(orderApi.getPayStatus, { orderSn }, clientHeaders());
    expect(noSession.code).toBe(34061);
  });

  it('closes an online order left unpaid: coupon unlocked, stock back, payment closed', async () => {
    const card = await newCard();
    const special = await packageId('限时特惠50G');
    const couponId = await giveCoupon(card.id, { amount: 100 });
    const stock = async () =>
      (await db().selectFrom('iot_packages').select('stock').where('id', '=', special).executeTakeFirstOrThrow()).stock;
    const before = await stock();
    const launch = await buy(card, { packageId: special, couponId, payType: 'alipay', payPassword: undefined });
    expect(launch.code, launch.message).toBe(0);
    expect(await stock()).toBe((before as number) - 1);
    await db()
      .updateTable('iot_package_orders')
      .set({ expire_at: Date.now() - 1 })
      .where('order_sn', '=', launch.data.orderSn)
      .execute();
    await runJobOnce(t.app.ctx, 'iot-order-timeout');
    expect(await order(launch.data.orderSn)).toMatchObject({ status: 5, pay_status: 3 });
    expect((await coupon(couponId)).status).toBe(1);
    expect(await stock()).toBe(before);
    const repay = await api(iotBuyApi.payIotOrder, { orderSn: launch.data.orderSn, payType: 'alipay' }, card);
    expect(repay.code).toBe(30003);
  });

  it('never overdraws under concurrent balance purchases', async () => {
    const card = await newCard({ balance: 1500 });
    const addOn = await packageId('加油包5G');
    const answers = await Promise.all(Array.from({ length: 8 }, () => buy(card, { packageId: addOn })));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.message === '余额不足')).toBe(true);
    expect((await sim(card.id)).balance_fen).toBe(0);
    await expectLedgerHolds(card.id);
  });
});

describe(`the ledger on ${TEST_DB}`, () => {
  it('sums to the balance after any sequence of purchases, refunds and recharges', async () => {
    const addOn = await packageId('加油包5G');
    const option = await db().selectFrom('iot_balance_options').selectAll().orderBy('sort').executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3000 }),
        fc.array(fc.constantFrom('buy', 'refused', 'recharge'), { minLength: 1, maxLength: 6 }),
        async (opening, steps) => {
          const card = await newCard({ balance: opening });
          let expected = opening;
          for (const step of steps) {
            if (step === 'recharge') {
              const launch = await api(
                iotBuyApi.createBalanceOrder,
                {
                  optionId: option.id,
                  rechargeNo: card.simNo,
                  payType: 'wxpay',
                  uuid: randomUUID(),
                },
                card,
              );
              await confirmInSandbox(launch.data.payUrl);
              expected += option.amount_fen + option.gift_fen;
            } else {
              upstream.refuse = step === 'refused';
              const answer = await buy(card, { packageId: addOn });
              if (answer.code === 0) expected -= 500;
              else expect([-1, 30003]).toContain(answer.code);
              upstream.refuse = false;
            }
            await expectLedgerHolds(card.id);
          }
          expect((await sim(card.id)).balance_fen).toBe(expected);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe(`recharge on ${TEST_DB}`, () => {
  it('balanceChoose shows the amounts; a device recharges by its device number', async () => {
    const device = await newCard({ source_type: 2, device_no: 'HKDEV0000000001' });
    const body = await api(iotBuyApi.chooseBalance, {}, device);
    expect(body.data).toMatchObject({ rechargeNo: 'HKDEV0000000001', allowCustom: 1, customMin: 1, customMax: 5000 });
    expect(body.data.list[0]).toMatchObject({ amount: '10.00', gift: '0.00' });
    const wrongNo = await api(
      iotBuyApi.createBalanceOrder,
      {
        amount: 50,
        rechargeNo: device.simNo,
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      device,
    );
    expect(wrongNo).toMatchObject({ code: -1, message: '充值号码不匹配' });
    const tooMuch = await api(
      iotBuyApi.createBalanceOrder,
      {
        amount: 5001,
        rechargeNo: 'HKDEV0000000001',
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      device,
    );
    expect(tooMuch).toMatchObject({ code: -1, message: '金额超出范围' });
    const both = await api(
      iotBuyApi.createBalanceOrder,
      {
        amount: 50,
        optionId: 1,
        rechargeNo: 'HKDEV0000000001',
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      device,
    );
    expect(both.code).toBe(-1);
  });

  it('pays arrears first, credits the rest and the gift as their own lines, and resumes the card once', async () => {
    const card = await newCard({ balance: 0, arrears_fen: 2350, sim_status: 3, internet_status: 0 });
    const option = await db()
      .selectFrom('iot_balance_options')
      .selectAll()
      .where('amount_fen', '=', 5000)
      .executeTakeFirstOrThrow();
    const uuid = randomUUID();
    const launch = await api(
      iotBuyApi.createBalanceOrder,
      {
        optionId: option.id,
        rechargeNo: card.simNo,
        payType: 'wxpay',
        uuid,
      },
      card,
    );
    expect(launch.data).toMatchObject({ payAmount: '50.00', paid: false });
    const repeat = await api(
      iotBuyApi.createBalanceOrder,
      {
        optionId: option.id,
        rechargeNo: card.simNo,
        payType: 'wxpay',
        uuid,
      },
      card,
    );
    expect(repeat.data.orderSn).toBe(launch.data.orderSn);
    await confirmInSandbox(launch.data.payUrl);
    await confirmInSandbox(launch.data.payUrl);
    const after = await sim(card.id);
    expect(after).toMatchObject({ arrears_fen: 0, balance_fen: 5000 - 2350 + 300, sim_status: 2, internet_status: 1 });
    expect(after.recharge_times).toBe(1);
    const lines = await ledger(card.id);
    expect(lines.map((l) => [l.type, l.amount_fen])).toEqual([
      [1, 2650],
      [6, 300],
    ]);
    await expectLedgerHolds(card.id);
    const list = await api(iotBuyApi.listSimBalanceOrders, {}, card);
    expect(list.data).toMatchObject({ total: 1, list: [{ orderSn: launch.data.orderSn, status: 1, gift: '3.00' }] });
    const logs = await api(iotBuyApi.listSimBalanceLogs, { type: '6' }, card);
    expect(logs.data).toMatchObject({ total: 1, list: [{ type: 6, amount: '3.00', balanceAfter: '29.50' }] });
  });

  it('一键缴费 orders exactly the arrears the holder saw, outside the custom amount rules', async () => {
    // ¥0.35 owed: below the custom minimum (¥1) and not whole yuan.
    const card = await newCard({ arrears_fen: 35, sim_status: 3, stop_reason: 'arrears', internet_status: 0 });
    const order = (arrears: string) =>
      api(
        iotBuyApi.createBalanceOrder,
        {
          arrears,
          rechargeNo: card.simNo,
          payType: 'wxpay',
          uuid: randomUUID(),
        },
        card,
      );
    expect(await order('0.50')).toMatchObject({ code: -1, message: '欠费金额已变化，请刷新后重试' });
    const launch = await order('0.35');
    expect(launch.data).toMatchObject({ payAmount: '0.35', paid: false });
    const both = await api(
      iotBuyApi.createBalanceOrder,
      {
        arrears: '0.35',
        amount: 1,
        rechargeNo: card.simNo,
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      card,
    );
    expect(both.code).toBe(-1);
    await confirmInSandbox(launch.data.payUrl);
    expect(await sim(card.id)).toMatchObject({ arrears_fen: 0, balance_fen: 0, sim_status: 2, stop_reason: '' });
    // The cashier is told where the money went.
    const info = await api(iotBuyApi.getIotOrder, { orderSn: launch.data.orderSn }, card);
    expect(info.data).toMatchObject({ payAmount: '0.35', arrearsPaid: '0.35', orderStatus: 1 });
    expect(await order('0.35')).toMatchObject({ code: -1, message: '当前没有欠费' });
    await expectLedgerHolds(card.id);
  });

  it('an arrears stop lifts when the operator has run the card again and a sync says so', async () => {
    upstream.slowResume = true;
    const card = await newCard({ arrears_fen: 2350, sim_status: 3, stop_reason: 'arrears', internet_status: 0 });
    const before = (await api(iotCoreApi.getSimInfo, {}, card)).data;
    expect(before).toMatchObject({ simStatus: 3, stopReason: 'arrears', arrearsBalance: '23.50' });
    const launch = await api(
      iotBuyApi.createBalanceOrder,
      {
        arrears: before.arrearsBalance,
        rechargeNo: card.simNo,
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      card,
    );
    await confirmInSandbox(launch.data.payUrl);
    // Paid, and the operator was asked; it has not run the card yet, so the card is still stopped.
    expect(upstream.taken).toEqual([card.simNo]);
    const paid = (await api(iotCoreApi.getSimInfo, {}, card)).data;
    expect(paid).toMatchObject({ arrearsBalance: '0.00', simStatus: 3, stopReason: 'arrears', internetStatus: 0 });
    // The operator gets round to it; the next sync (a refresh a minute later) brings the card back.
    await applyResumes();
    await db()
      .updateTable('sims')
      .set({ last_robin_at: Date.now() - 2 * 60_000 })
      .where('id', '=', card.id)
      .execute();
    const refreshed = await api(iotCoreApi.refreshSim, { force: 1 }, card);
    expect(refreshed.data).toMatchObject({ simStatus: 2, stopReason: '', internetStatus: 1, arrearsBalance: '0.00' });
    await expectLedgerHolds(card.id);
  });

  it('a sync asks again for a resumption that never reached the operator', async () => {
    const card = await newCard({ arrears_fen: 0, sim_status: 3, stop_reason: 'arrears', internet_status: 0 });
    await db()
      .updateTable('sims')
      .set({ last_robin_at: Date.now() - 2 * 60_000 })
      .where('id', '=', card.id)
      .execute();
    expect((await api(iotCoreApi.refreshSim, { force: 1 }, card)).data).toMatchObject({
      simStatus: 2,
      stopReason: '',
    });
  });

  it('paying arrears does not lift a stop only the operator can lift', async () => {
    const card = await newCard({ arrears_fen: 500, sim_status: 3, stop_reason: 'operator', internet_status: 0 });
    const launch = await api(
      iotBuyApi.createBalanceOrder,
      {
        arrears: '5.00',
        rechargeNo: card.simNo,
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      card,
    );
    await confirmInSandbox(launch.data.payUrl);
    expect(await sim(card.id)).toMatchObject({ arrears_fen: 0, sim_status: 3, stop_reason: 'operator' });
  });

  it('closes a recharge left unpaid after 15 minutes', async () => {
    const card = await newCard();
    const launch = await api(
      iotBuyApi.createBalanceOrder,
      {
        amount: 20,
        rechargeNo: card.simNo,
        payType: 'alipay',
        uuid: randomUUID(),
      },
      card,
    );
    await db()
      .updateTable('iot_balance_orders')
      .set({ expire_at: Date.now() - 1 })
      .where('order_sn', '=', launch.data.orderSn)
      .execute();
    await runJobOnce(t.app.ctx, 'iot-order-timeout');
    const list = await api(iotBuyApi.listSimBalanceOrders, { status: '2' }, card);
    expect(list.data.list.map((o: { orderSn: string }) => o.orderSn)).toEqual([launch.data.orderSn]);
  });
});

describe(`recharge activities on ${TEST_DB}`, () => {
  it('issues the coupons and coins on payment and clears needBuyCoupon; the limit holds', async () => {
    const card = await newCard({ need_buy_coupon: 1, coupon_coin: 0 });
    const choose = await api(iotBuyApi.chooseCouponActivity, {}, card);
    expect(choose.data.needBuyCoupon).toBe(1);
    const gift = choose.data.list.find((a: { name: string }) => a.name === '新卡首充礼包');
    if (!gift) throw new Error('no 新卡首充礼包 activity');
    expect(gift).toMatchObject({ payPrice: '30.00', faceValue: '30.00', months: 3, coinAmount: 10, limitTimes: 1 });
    const launch = await api(
      iotBuyApi.createCouponOrder,
      {
        activityId: gift.id,
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      card,
    );
    expect(launch.code, launch.message).toBe(0);
    expect(
      await api(iotBuyApi.createCouponOrder, { activityId: gift.id, payType: 'wxpay', uuid: randomUUID() }, card),
    ).toMatchObject({ code: -1, message: '已达参与上限' });
    await confirmInSandbox(launch.data.payUrl);
    await confirmInSandbox(launch.data.payUrl);
    const after = await sim(card.id);
    expect(after).toMatchObject({ need_buy_coupon: 0, coupon_coin: 10 });
    const coupons = await db()
      .selectFrom('iot_coupons')
      .selectAll()
      .where('sim_id', '=', card.id)
      .orderBy('start_at')
      .execute();
    expect(coupons).toHaveLength(3);
    expect(coupons[0]?.start_at).toBeLessThanOrEqual(Date.now());
    expect(coupons[2]?.start_at).toBeGreaterThan(Date.now() + 50 * 86_400_000);
    const coins = await db().selectFrom('iot_coin_logs').selectAll().where('sim_id', '=', card.id).execute();
    expect(coins.map((c) => [c.type, c.coin, c.coin_after])).toEqual([[1, 10, 10]]);
    expect((await api(iotBuyApi.chooseCouponActivity, {}, card)).data.needBuyCoupon).toBe(0);
  });

  it('answers 30001 when the activity is sold out', async () => {
    const card = await newCard();
    const activity = await db()
      .selectFrom('iot_coupon_activities')
      .select('id')
      .where('name', '=', '季度畅享包')
      .executeTakeFirstOrThrow();
    await db().updateTable('iot_coupon_activities').set({ stock: 0 }).where('id', '=', activity.id).execute();
    const answer = await api(
      iotBuyApi.createCouponOrder,
      {
        activityId: activity.id,
        payType: 'wxpay',
        uuid: randomUUID(),
      },
      card,
    );
    expect(answer.code).toBe(30001);
    await db().updateTable('iot_coupon_activities').set({ stock: 100 }).where('id', '=', activity.id).execute();
  });
});

describe(`auto-renew and pay-as-you-go on ${TEST_DB}`, () => {
  it('offers renewable base packages, sets and clears the choice', async () => {
    const card = await newCard();
    const options = await api(iotBuyApi.getRenewPackageOption, {}, card);
    expect(options.data.currentPackageId).toBe(0);
    expect(options.data.list.every((p: { packageType: number }) => p.packageType === 1)).toBe(true);
    const p30 = await packageId('月享30G');
    const set = await api(iotBuyApi.updateRenewPackage, { packageId: p30 }, card);
    expect(set.data).toMatchObject({ currentPackageId: p30, renewAt: expect.any(String) });
    const addOn = await packageId('加油包5G');
    expect((await api(iotBuyApi.updateRenewPackage, { packageId: addOn }, card)).message).toBe('该套餐不支持自动续费');
    expect((await api(iotBuyApi.updateRenewPackage, { packageId: 0 }, card)).data.currentPackageId).toBe(0);
  });

  it('renews from the balance a day before the end, once; without balance it sends one reminder', async () => {
    const now = Date.now();
    const p30 = await packageId('月享30G');
    const rich = await newCard({ balance: 5000, end_at: now + 3600_000, renew_package_id: p30 } as SimValues);
    const poor = await newCard({
      balance: 100,
      end_at: now + 3600_000,
      renew_package_id: p30,
      mobile: '13900139123',
    } as SimValues);
    await runAutoRenew(t.app.ctx, now);
    await runAutoRenew(t.app.ctx, now);
    const renewed = await db().selectFrom('iot_package_orders').selectAll().where('sim_id', '=', rich.id).execute();
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({ source: 'renew', effect_type: 3, status: 1, pay_type: 'balance' });
    expect(renewed[0]?.uuid).toBe(renewalUuid(rich.id, now + 3600_000));
    expect(renewed[0]?.start_at).toBe(now + 3600_000);
    expect((await sim(rich.id)).balance_fen).toBe(2100);
    await expectLedgerHolds(rich.id);
    expect(await db().selectFrom('iot_package_orders').select('id').where('sim_id', '=', poor.id).execute()).toEqual(
      [],
    );
    const notices = await db().selectFrom('sms_notices').selectAll().where('mobile', '=', '13900139123').execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.template).toBe('renewFailed');
  });

  it('charges pay-as-you-go usage past the pool as it is synced: balance first, then arrears', async () => {
    const day = 86_400_000;
    const card = await newCard({ balance: 100, total_flow: 1024, use_flow: 1024, last_robin_at: Date.now() - 2 * day });
    const volume = await packageId('按量计费');
    expect((await buy(card, { packageId: volume })).code).toBe(0);
    await db()
      .updateTable('sims')
      .set({ last_robin_at: Date.now() - 2 * day, internet_status: 1, sim_status: 2 })
      .where('id', '=', card.id)
      .execute();
    const refreshed = await api(iotCoreApi.refreshSim, { force: 1 }, card);
    expect(refreshed.code, refreshed.message).toBe(0);
    const after = await sim(card.id);
    // The pool stays used up; everything synced went to pay-as-you-go, at ¥3.00/GB rounded up.
    expect(after.use_flow).toBe(1024);
    expect(after.volume_use_flow).toBeGreaterThan(0);
    const costFen = Math.ceil((after.volume_use_flow / 1024) * 300 - 1e-9);
    expect(after.volume_total_fen).toBe(costFen);
    expect(after.balance_fen).toBe(Math.max(0, 100 - costFen));
    expect(after.arrears_fen).toBe(Math.max(0, costFen - 100));
    expect(refreshed.data.volume).toMatchObject({ gPrice: '3.00' });
    await expectLedgerHolds(card.id);
  });

  it('closes pay-as-you-go: settles the usage from the balance, the rest as arrears; closing again answers the same', async () => {
    const card = await newCard({ balance: 500 });
    const volume = await packageId('按量计费');
    const opened = await buy(card, { packageId: volume });
    expect(opened.code, opened.message).toBe(0);
    expect((await sim(card.id)).volume_package_id).toBe(volume);
    // 3.5 GB at ¥3.00/GB = ¥10.50: ¥5.00 from the balance, ¥5.50 arrears.
    await db()
      .updateTable('sims')
      .set({ volume_use_flow: 3.5 * 1024 })
      .where('id', '=', card.id)
      .execute();
    const closed = await api(iotBuyApi.closeVolumePackage, {}, card);
    expect(closed.data).toEqual({ volumePackageId: 0, settledMoney: '10.50' });
    const after = await sim(card.id);
    expect(after).toMatchObject({ volume_package_id: 0, balance_fen: 0, arrears_fen: 550 });
    expect((await ledger(card.id)).at(-1)).toMatchObject({ type: 5, amount_fen: -500 });
    await expectLedgerHolds(card.id);
    const again = await api(iotBuyApi.closeVolumePackage, { volumePackageId: volume }, card);
    expect(again.data).toEqual({ volumePackageId: 0, settledMoney: '10.50' });
    expect((await api(iotBuyApi.closeVolumePackage, {}, card)).message).toBe('未开通按量计费');
  });
});

describe(`pay password on ${TEST_DB}`, () => {
  const update = (card: Card, payload: EndpointInput<typeof iotBuyApi.updatePayPassword>) =>
    api(iotBuyApi.updatePayPassword, payload, card);

  it('sets a strong password once, changes it with the old one, and refuses simple ones', async () => {
    const card = await newCard({ password: false });
    expect(await update(card, { type: 'set', password: '123456' })).toMatchObject({
      code: -1,
      message: '密码过于简单',
    });
    expect(await update(card, { type: 'set', password: '888888' })).toMatchObject({
      code: -1,
      message: '密码过于简单',
    });
    expect((await update(card, { type: 'set', password: '390417' })).data).toEqual({ existPayPassword: 1 });
    const stored = (await sim(card.id)).pay_password_hash as string;
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(stored).not.toContain('390417');
    expect((await update(card, { type: 'set', password: '491528' })).code).toBe(-1);
    const wrongOld = await update(card, { type: 'update', oldPassword: '000111', password: '491528' });
    expect(wrongOld).toMatchObject({ code: 41001, data: { field: 'payPassword', remainTimes: 4 } });
    expect((await update(card, { type: 'update', oldPassword: '390417', password: '491528' })).code).toBe(0);
    expect((await api(iotCoreApi.getSimInfo, {}, card)).data.existPayPassword).toBe(1);
    expect((await update(card, { type: 'update', password: '491528' })).data).toEqual({ field: 'oldPassword' });
  });

  it('resets through an SMS code to the bound mobile and a single-use ticket', async () => {
    const noMobile = await newCard({ mobile: null });
    expect(await update(noMobile, { type: 'verify', code: '123456' })).toMatchObject({
      code: 41002,
      data: { action: 'bindPhone' },
    });
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const card = await newCard({ mobile });
    const sent = await api(orderApi.sendSimCode, { scene: 'payPassword' }, card);
    expect(sent.code, sent.message).toBe(0);
    const outbox = await db()
      .selectFrom('sms_outbox')
      .select('code')
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await update(card, { type: 'reset', password: '491528', ticket: 'x'.repeat(32) })).code).toBe(-1);
    const verified = await update(card, { type: 'verify', code: outbox.code });
    const { ticket } = verified.data as { ticket: string };
    expect(ticket).toEqual(expect.any(String));
    const reset = await update(card, { type: 'reset', password: '491528', ticket });
    expect(reset.data).toEqual({ existPayPassword: 1 });
    const reused = await update(card, { type: 'reset', password: '502639', ticket });
    expect(reused).toMatchObject({ code: -1, message: '身份验证已失效，请重新验证' });
    const p = await packageId('加油包5G');
    await db().updateTable('sims').set({ balance_fen: 0 }).where('id', '=', card.id).execute();
    expect((await buy(card, { packageId: p, payPassword: '491528' })).message).toBe('余额不足');
  });
});

describe(`the card's own data on ${TEST_DB}`, () => {
  it('lists package orders by status and pages them; another card reaches none of it', async () => {
    const card = await newCard({ balance: 20000 });
    const p30 = await packageId('月享30G');
    await buy(card, { packageId: p30 });
    await buy(card, { packageId: p30, effectType: 2 });
    await buy(card, { packageId: await packageId('加油包5G') });
    const current = await api(iotBuyApi.listSimPackages, { status: '1,2' }, card);
    expect(current.data.total).toBe(3);
    expect(current.data.list[0]?.status).toBe(2);
    const paged = await api(iotBuyApi.listSimPackages, { page: '2', pageSize: '2' }, card);
    expect(paged.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.data.list).toHaveLength(1);
    expect((await api(iotBuyApi.listSimPackages, { status: '9' }, card)).code).toBe(-1);

    const other = await newCard();
    const crossed = { ...other.headers, 'sim-no': card.simNo };
    for (const url of ['/api/iot/simPackageList', '/api/iot/simBalanceLogList', '/api/iot/packageDetails']) {
      const answer = await call(crossed, 'GET', url);
      expect(answer).toMatchObject({ code: 34061, data: null });
    }
    const crossedBuy = await api(
      iotBuyApi.buyPackage,
      {
        packageId: p30,
        effectType: 1,
        payType: 'balance',
        payPassword: PAY_PASSWORD,
        uuid: randomUUID(),
      },
      crossed,
    );
    expect(crossedBuy.code).toBe(34061);
  });

  it('answers 40001 for a module its layout switches off, and only for that one', async () => {
    const layout = {
      menus: [
        { key: 'package', name: '套餐订购', icon: '', path: '/pages/iot/index/package/index', switch: 0 },
        { key: 'balance', name: '余额充值', icon: '', path: '/pages/iot/index/balance/index', switch: 1 },
      ],
    };
    await db()
      .insertInto('sim_layouts')
      .values({ code: 'no-package', layout_json: JSON.stringify(layout), updated_at: Date.now() })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const card = await newCard({ balance: 5000, layout_code: 'no-package' });
    expect((await api(iotBuyApi.choosePackage, {}, card)).code).toBe(40001);
    expect((await buy(card, { packageId: await packageId('月享30G') })).code).toBe(40001);
    expect((await api(iotBuyApi.chooseBalance, {}, card)).code).toBe(0);
    expect((await api(iotBuyApi.chooseCouponActivity, {}, card)).code).toBe(0);
    expect((await sim(card.id)).balance_fen).toBe(5000);
  });

  it('logout drops the card from the session', async () => {
    const card = await newCard();
    expect((await api(iotBuyApi.logoutSim, {}, card)).code).toBe(0);
    expect((await api(iotCoreApi.getSimInfo, {}, card)).code).toBe(34061);
  });
});
