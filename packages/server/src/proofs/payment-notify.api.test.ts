/**
 * Reliability proofs for payment notifies (issue 8), over the real app, the sandbox provider and a real
 * database (SQLite and PostgreSQL), for five real order kinds: a shop order, an IoT balance recharge, a
 * package order, a points-mall order's cash part and a VIP order.
 * - A genuine notify replayed 1–20 times, shuffled and concurrent, fulfils the order exactly once.
 * - Forged, mismatched (amount, order) and stale notifies are refused and change nothing.
 * - With every notify dropped, the reconciliation job still settles every paid order, once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_MAX_AGE_MS } from '../gateways/payment/payment-gateway.js';
import { type SandboxGateway, sandboxNotifyFields, signSandboxNotify } from '../gateways/payment/sandbox.js';
import { PAYMENT_RECONCILE_JOB } from '../jobs/payment-reconcile.js';
import { runJobOnce } from '../jobs/runner.js';
import { RECONCILE_AFTER_MS, RECONCILE_BATCH } from '../modules/payments/service.js';
import { callApp, type TestCard, testCards } from '../test/cards.js';
import { mallGoodsRow, numberOrderForm, pricedNumber, skipOrderSmsCode } from '../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

let t: TestApp;
let sandbox: SandboxGateway;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp();
  await skipOrderSmsCode(db());
  // A real listening server, so launches get cashier URLs as in production.
  t.app.ctx.config.publicUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox = t.app.ctx.payments.byChannel('sandbox') as SandboxGateway;
});
afterAll(() => t.close());

const newCard = testCards(() => t, { subnet: 81 });
const post = async (card: TestCard, url: string, payload: object) => {
  const body = await callApp(t, card, 'POST', url, payload);
  expect(body.code, `${url}: ${body.message}`).toBe(0);
  return body.data as { orderSn: string; payUrl: string; paid: boolean };
};
/** A card order placed and launched with WeChat Pay in one call (a new request uuid): its number and pay URL. */
async function launchWxpay(card: TestCard, url: string, payload: object): Promise<{ orderSn: string; payUrl: string }> {
  const launch = await post(card, url, { ...payload, payType: 'wxpay', uuid: randomUUID() });
  return { orderSn: launch.orderSn, payUrl: launch.payUrl };
}

/** One unpaid online order of a kind, and how to observe what paying it did. */
interface Placed {
  orderSn: string;
  payUrl: string;
  /** Everything paying may change (order row, ledgers, stock…), to compare before and after. */
  snapshot(): Promise<unknown>;
  /** The order is paid and its effect happened exactly once. */
  expectPaidOnce(): Promise<void>;
  /** Nothing of paying happened. */
  expectUnpaid(): Promise<void>;
}

const rowOf = (table: 'shop_orders' | 'iot_balance_orders' | 'iot_package_orders' | 'iot_mall_orders', sn: string) =>
  db().selectFrom(table).selectAll().where('order_sn', '=', sn).executeTakeFirstOrThrow();
const simOf = (id: number) => db().selectFrom('sims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const balanceLinesOf = (simId: number) =>
  db().selectFrom('iot_balance_logs').selectAll().where('sim_id', '=', simId).orderBy('id').execute();
const pointLinesOf = (simId: number) =>
  db().selectFrom('iot_integral_logs').selectAll().where('sim_id', '=', simId).orderBy('id').execute();
const memberOrdersOf = (simId: number) =>
  db().selectFrom('iot_member_orders').selectAll().where('sim_id', '=', simId).orderBy('id').execute();
const activationsOf = (orderSn: string) =>
  db().selectFrom('carrier_activations').selectAll().where('order_sn', '=', orderSn).execute();
const paymentsOf = (orderSn: string) =>
  db().selectFrom('payments').selectAll().where('order_sn', '=', orderSn).orderBy('id').execute();

async function expectOnePaidLaunch(orderSn: string) {
  const rows = await paymentsOf(orderSn);
  expect(rows.filter((r) => r.status === 1)).toHaveLength(1);
}

async function placeShopOrder(): Promise<Placed> {
  const buyer = randomUUID().replaceAll('-', '');
  const headers = clientHeaders({ 'order-session-id': buyer });
  const number = await pricedNumber(db());
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers,
    payload: numberOrderForm(number.id),
  });
  expect(created.json().code, created.json().message).toBe(0);
  const orderSn = created.json().data.orderSn as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/shop/order/pay',
    headers,
    payload: { orderSn, payType: 'wxpay' },
  });
  expect(paid.json().code, paid.json().message).toBe(0);
  const numberStatus = async () =>
    (await db().selectFrom('numbers').select('status').where('id', '=', number.id).executeTakeFirstOrThrow()).status;
  return {
    orderSn,
    payUrl: paid.json().data.payUrl,
    snapshot: async () => ({ order: await rowOf('shop_orders', orderSn), number: await numberStatus() }),
    async expectPaidOnce() {
      expect(await rowOf('shop_orders', orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
      expect(await numberStatus()).toBe(3);
      await expectOnePaidLaunch(orderSn);
    },
    async expectUnpaid() {
      expect(await rowOf('shop_orders', orderSn)).toMatchObject({ pay_status: 1, order_status: 0, trade_no: null });
      expect(await numberStatus()).toBe(2);
    },
  };
}

async function placeRecharge(): Promise<Placed> {
  const card = await newCard();
  const { orderSn, payUrl } = await launchWxpay(card, '/api/iot/createBalanceOrder', {
    amount: 20,
    rechargeNo: card.simNo,
  });
  return {
    orderSn,
    payUrl,
    snapshot: async () => ({
      order: await rowOf('iot_balance_orders', orderSn),
      sim: await simOf(card.id),
      lines: await balanceLinesOf(card.id),
    }),
    async expectPaidOnce() {
      expect(await rowOf('iot_balance_orders', orderSn)).toMatchObject({ pay_status: 2 });
      // Credited once, with one ledger line.
      expect((await simOf(card.id)).balance_fen).toBe(2000);
      const lines = await balanceLinesOf(card.id);
      expect(lines.map((l) => [l.order_sn, l.amount_fen, l.balance_after_fen])).toEqual([[orderSn, 2000, 2000]]);
      await expectOnePaidLaunch(orderSn);
    },
    async expectUnpaid() {
      expect(await rowOf('iot_balance_orders', orderSn)).toMatchObject({ pay_status: 1 });
      expect((await simOf(card.id)).balance_fen).toBe(0);
      expect(await balanceLinesOf(card.id)).toEqual([]);
    },
  };
}

async function placePackageOrder(): Promise<Placed> {
  const card = await newCard({ total_flow: 0 });
  const pkg = await db()
    .selectFrom('iot_packages')
    .select('id')
    .where('name', '=', '月享30G')
    .executeTakeFirstOrThrow();
  const { orderSn, payUrl } = await launchWxpay(card, '/api/iot/buyPackage', { packageId: pkg.id, effectType: 1 });
  return {
    orderSn,
    payUrl,
    snapshot: async () => ({
      order: await rowOf('iot_package_orders', orderSn),
      sim: await simOf(card.id),
      activations: await activationsOf(orderSn),
    }),
    async expectPaidOnce() {
      expect(await rowOf('iot_package_orders', orderSn)).toMatchObject({ status: 2, pay_status: 2 });
      // Activated once: one activation at the operator, the flow added once.
      expect(await activationsOf(orderSn)).toHaveLength(1);
      expect((await simOf(card.id)).total_flow).toBe(30 * 1024);
      await expectOnePaidLaunch(orderSn);
    },
    async expectUnpaid() {
      expect(await rowOf('iot_package_orders', orderSn)).toMatchObject({ status: 0, pay_status: 1 });
      expect(await activationsOf(orderSn)).toHaveLength(0);
      expect((await simOf(card.id)).total_flow).toBe(0);
    },
  };
}

let goodsSerial = 0;
async function placeMallOrder(): Promise<Placed> {
  const card = await newCard({ integral: 300 });
  const goods = await db()
    .insertInto('iot_mall_goods')
    .values(mallGoodsRow({ name: `通知证明商品${++goodsSerial}`, points: 200, cash_fen: 500, delivery_type: 2 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const store = await db()
    .insertInto('iot_mall_stores')
    .values({
      goods_id: goods.id,
      name: '天河店',
      address: '广州市天河区测试路 1 号',
      phone: '020-1',
      hours: '09:00-21:00',
      lng: null,
      lat: null,
      sort: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const placed = await post(card, '/api/iot/buyShopGoods', {
    goodsId: goods.id,
    storeId: store.id,
    quantity: 1,
    uuid: randomUUID(),
  });
  const { orderSn } = placed;
  const launch = await post(card, '/api/iot/repayShopOrder', { orderSn, payType: 'alipay' });
  const goodsRow = () =>
    db().selectFrom('iot_mall_goods').selectAll().where('id', '=', goods.id).executeTakeFirstOrThrow();
  const pointsAtLaunch = await pointLinesOf(card.id);
  return {
    orderSn,
    payUrl: launch.payUrl,
    snapshot: async () => ({
      order: await rowOf('iot_mall_orders', orderSn),
      sim: await simOf(card.id),
      points: await pointLinesOf(card.id),
      balance: await balanceLinesOf(card.id),
      goods: await goodsRow(),
    }),
    async expectPaidOnce() {
      const row = await rowOf('iot_mall_orders', orderSn);
      expect(row).toMatchObject({ status: 2, pay_status: 2, pay_type: 'alipay' });
      expect(row.pick_code).toMatch(/^\d{8}$/);
      // The points were taken once, when the order was placed; the cash payment takes none again.
      expect((await simOf(card.id)).integral).toBe(100);
      expect(await pointLinesOf(card.id)).toEqual(pointsAtLaunch);
      expect(await balanceLinesOf(card.id)).toEqual([]);
      await expectOnePaidLaunch(orderSn);
    },
    async expectUnpaid() {
      expect(await rowOf('iot_mall_orders', orderSn)).toMatchObject({ status: 0, pay_status: 1, pick_code: null });
      expect(await pointLinesOf(card.id)).toEqual(pointsAtLaunch);
    },
  };
}

async function placeVipOrder(): Promise<Placed> {
  const card = await newCard();
  const vip = await db()
    .selectFrom('iot_vip_products')
    .select('id')
    .where('vip_name', '=', '月度会员')
    .executeTakeFirstOrThrow();
  const { orderSn, payUrl } = await launchWxpay(card, '/api/iot/createVipOrder', { vipId: vip.id });
  return {
    orderSn,
    payUrl,
    snapshot: async () => ({ orders: await memberOrdersOf(card.id), lines: await balanceLinesOf(card.id) }),
    async expectPaidOnce() {
      const rows = await memberOrdersOf(card.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ order_sn: orderSn, status: 1, pay_status: 2 });
      expect(rows[0]?.start_at).not.toBeNull();
      expect(await balanceLinesOf(card.id)).toEqual([]);
      await expectOnePaidLaunch(orderSn);
    },
    async expectUnpaid() {
      const rows = await memberOrdersOf(card.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ order_sn: orderSn, pay_status: 1, start_at: null });
    },
  };
}

const KINDS: [string, () => Promise<Placed>][] = [
  ['a shop order', placeShopOrder],
  ['an IoT balance recharge', placeRecharge],
  ['a package order', placePackageOrder],
  ["a points-mall order's cash part", placeMallOrder],
  ['a VIP order', placeVipOrder],
];

const prepayIdOf = (payUrl: string) => new URL(payUrl).searchParams.get('prepayId') ?? '';

/** The shopper pays at the provider, and the provider's notify never arrives (a dropped notify). */
async function payWithNotifyDropped(placed: Placed) {
  sandbox.deliverNotifies = false;
  try {
    expect((await sandbox.confirm(prepayIdOf(placed.payUrl))).outcome).toBe('paid');
  } finally {
    sandbox.deliverNotifies = true;
  }
}

/** The body the sandbox provider sends for a paid payment; each delivery has its own id. */
async function notifyBodyOf(placed: Placed, change: Record<string, unknown> = {}) {
  const row = await sandbox.find(prepayIdOf(placed.payUrl));
  expect(row?.state).toBe('paid');
  if (!row) throw new Error('no sandbox payment');
  return JSON.stringify({ id: randomUUID(), ...sandboxNotifyFields(row), ...change });
}

const secret = () => t.app.ctx.secrets.sandboxSecret;
const unixSeconds = (ms: number) => String(Math.floor(ms / 1000));

const sendNotify = (headers: Record<string, string>, payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers, payload });

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

/**
 * `count` deliveries of the genuine notify as a provider retries them: some are byte-for-byte replays of
 * an earlier delivery (same nonce and signature), others fresh deliveries (new id, nonce, timestamp).
 */
async function genuineDeliveries(placed: Placed, count: number): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  for (let i = 0; i < count; i += 1) {
    const replay = i % 3 === 2 ? deliveries[i - 1] : undefined;
    if (replay) {
      deliveries.push(replay);
    } else {
      const body = await notifyBodyOf(placed);
      deliveries.push({ headers: signSandboxNotify(secret(), body), body });
    }
  }
  return shuffle(deliveries);
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function expectAccepted(deliveries: Delivery[]) {
  const answers = await Promise.all(deliveries.map((d) => sendNotify(d.headers, d.body)));
  for (const res of answers) {
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'SUCCESS' });
  }
}

async function expectRefused(label: string, headers: Record<string, string>, body: string) {
  const res = await sendNotify(headers, body);
  expect({ label, status: res.statusCode, body: res.json() }).toEqual({
    label,
    status: 400,
    body: { code: 'FAIL', message: '失败' },
  });
}

/** Makes an order's launches look older than they are (the job leaves young launches to the notify). */
async function ageLaunches(orderSn: string, byMs: number) {
  for (const row of await paymentsOf(orderSn)) {
    await db()
      .updateTable('payments')
      .set({ created_at: row.created_at - byMs, updated_at: row.updated_at - byMs })
      .where('id', '=', row.id)
      .execute();
  }
}

describe(`replayed payment notifies on ${TEST_DB}`, () => {
  it.each(KINDS)('%s: 1–20 shuffled concurrent deliveries fulfil it exactly once', async (_label, place) => {
    for (const count of [1, 2, 7, 20]) {
      const placed = await place();
      await payWithNotifyDropped(placed);
      await placed.expectUnpaid();

      await expectAccepted(await genuineDeliveries(placed, count));
      await placed.expectPaidOnce();

      // Later retries, one after another this time, change nothing at all.
      const settled = await placed.snapshot();
      for (const delivery of await genuineDeliveries(placed, 3)) await expectAccepted([delivery]);
      expect(await placed.snapshot()).toEqual(settled);
      await placed.expectPaidOnce();
    }
  });
});

describe(`forged, mismatched and stale notifies on ${TEST_DB}`, () => {
  it.each(KINDS)('%s: every bad notify is refused and changes nothing', async (_label, place) => {
    const placed = await place();
    const other = await place();
    await payWithNotifyDropped(placed);
    await payWithNotifyDropped(other);
    const untouched = await placed.snapshot();
    const body = await notifyBodyOf(placed);
    const amountFen = JSON.parse(body).amount_fen as number;
    const now = Date.now();
    const signed = (payload: string): [Record<string, string>, string] => [
      signSandboxNotify(secret(), payload),
      payload,
    ];
    const unknownSn = `${placed.orderSn.slice(0, -6)}${String((Number(placed.orderSn.slice(-6)) + 1) % 1e6).padStart(6, '0')}`;

    const attempts: [string, Record<string, string>, string][] = [
      ['signed with another key', signSandboxNotify('not-the-sandbox-secret-at-all', body), body],
      ['no signature', { 'content-type': 'application/json' }, body],
      [
        'body changed after signing',
        signSandboxNotify(secret(), body),
        body.replace(`"amount_fen":${amountFen}`, `"amount_fen":${amountFen + 1}`),
      ],
      ['signature of another notify', signSandboxNotify(secret(), await notifyBodyOf(other)), body],
      ['wrong amount (less)', ...signed(await notifyBodyOf(placed, { amount_fen: amountFen - 1 }))],
      ['wrong amount (more)', ...signed(await notifyBodyOf(placed, { amount_fen: amountFen + 100 }))],
      ['unknown order', ...signed(await notifyBodyOf(placed, { out_trade_no: unknownSn }))],
      ['unknown order kind', ...signed(await notifyBodyOf(placed, { out_trade_no: `ZZ${placed.orderSn.slice(2)}` }))],
      [
        'stale: 6 minutes old',
        signSandboxNotify(secret(), body, { timestamp: unixSeconds(now - NOTIFY_MAX_AGE_MS - 60_000) }),
        body,
      ],
      ['stale: a day old', signSandboxNotify(secret(), body, { timestamp: unixSeconds(now - 86_400_000) }), body],
      [
        'from the future: 6 minutes ahead',
        signSandboxNotify(secret(), body, { timestamp: unixSeconds(now + NOTIFY_MAX_AGE_MS + 60_000) }),
        body,
      ],
      ['timestamp in milliseconds', signSandboxNotify(secret(), body, { timestamp: String(now) }), body],
      ['malformed amount', ...signed(await notifyBodyOf(placed, { amount_fen: String(amountFen) }))],
      ['not JSON', ...signed(body.slice(0, -1))],
    ];
    for (const [label, headers, payload] of attempts) await expectRefused(label, headers, payload);
    // Sent all at once as well.
    const answers = await Promise.all(attempts.map(([, headers, payload]) => sendNotify(headers, payload)));
    for (const res of answers) expect(res.statusCode).toBe(400);

    await placed.expectUnpaid();
    expect(await placed.snapshot()).toEqual(untouched);
    expect((await paymentsOf(placed.orderSn)).map((r) => [r.status, r.trade_no])).toEqual([[0, null]]);

    // Within the 5-minute window a genuine notify is taken, and only then is the order paid.
    await expectAccepted([
      {
        headers: signSandboxNotify(secret(), body, { timestamp: unixSeconds(now - NOTIFY_MAX_AGE_MS + 60_000) }),
        body,
      },
    ]);
    await placed.expectPaidOnce();
  });
});

describe(`reconciliation with every notify dropped on ${TEST_DB}`, () => {
  it('the job settles every paid order of every kind, once, and leaves unpaid ones unpaid', async () => {
    const paid: Placed[] = [];
    const unpaid: Placed[] = [];
    for (const [, place] of KINDS) {
      for (let i = 0; i < 2; i += 1) {
        const placed = await place();
        await payWithNotifyDropped(placed);
        paid.push(placed);
      }
      unpaid.push(await place());
    }
    for (const placed of [...paid, ...unpaid]) await ageLaunches(placed.orderSn, RECONCILE_AFTER_MS + 1000);
    for (const placed of paid) await placed.expectUnpaid();

    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const placed of paid) await placed.expectPaidOnce();
    for (const placed of unpaid) await placed.expectUnpaid();

    // Running it again, and a late notify after it, change nothing.
    const settled = await Promise.all(paid.map((p) => p.snapshot()));
    for (const placed of paid) await ageLaunches(placed.orderSn, RECONCILE_AFTER_MS + 1000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const placed of paid) await expectAccepted(await genuineDeliveries(placed, 2));
    expect(await Promise.all(paid.map((p) => p.snapshot()))).toEqual(settled);
    for (const placed of paid) await placed.expectPaidOnce();
  });
});

describe(`reconciliation of a backlog on ${TEST_DB}`, () => {
  it('one run settles a backlog larger than one batch (notifies lost during an outage)', async () => {
    const paid: Placed[] = [];
    for (let i = 0; i < RECONCILE_BATCH + 5; i += 1) {
      const placed = await placeRecharge();
      await payWithNotifyDropped(placed);
      paid.push(placed);
    }
    for (const placed of paid) await ageLaunches(placed.orderSn, RECONCILE_AFTER_MS + 1000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const placed of paid) await placed.expectPaidOnce();
  }, 120_000);
});
