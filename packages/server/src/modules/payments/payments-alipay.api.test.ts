/**
 * The payment core with the Alipay adapter (PAYMENT_PROVIDER=alipay), on both databases, against the
 * local fake Alipay (test/fakes/alipay.ts): the same proofs as the sandbox's, over Alipay's own wire
 * protocol — signed gateway calls, signed answers, form notifies signed with Alipay's key.
 */
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlipayGateway } from '../../gateways/payment/alipay.js';
import { PaymentProviderError } from '../../gateways/payment/payment-gateway.js';
import { PAYMENT_RECONCILE_JOB } from '../../jobs/payment-reconcile.js';
import { runJobOnce } from '../../jobs/runner.js';
import { formatDateTime } from '../../lib/time.js';
import { type FakeAlipay, type FakeAlipayTrade, startFakeAlipay } from '../../test/fakes/alipay.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { payableOrders, preparePayableOrders } from '../../test/payable-orders.js';
import { scratchDir } from '../../test/scratch.js';
import { refundPaidOrder } from './service.js';

const dir = scratchDir('alipay-api');
/** Short, so the timeout proofs are quick; the fake answers in a few milliseconds. */
const TIMEOUT_MS = 1500;

let t: TestApp;
let base: string;
let fake: FakeAlipay;
let orders: ReturnType<typeof payableOrders>;

beforeAll(async () => {
  fake = await startFakeAlipay(dir);
  t = await createTestApp({
    demo: false,
    config: {
      paymentProviders: ['alipay'],
      gatewayTimeoutMs: TIMEOUT_MS,
      alipay: {
        appId: fake.appId,
        privateKeyFile: fake.privateKeyFile,
        publicKeyFile: fake.publicKeyFile,
        gateway: fake.gateway,
      },
    },
  });
  // A real listening server, so the fake's notifies and redirects travel over HTTP like Alipay's.
  base = await preparePayableOrders(t);
  orders = payableOrders(t, base);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const createOrder: ReturnType<typeof payableOrders>['createOrder'] = (init) => orders.createOrder(init);
const launch = (orderSn: string, payType: 'alipay' = 'alipay', returnUrl?: string) =>
  orders.launch(orderSn, payType, returnUrl);
const orderOf = (orderSn: string) => orders.orderOf(orderSn);
const effectsOf = (orderSn: string, effect: string) => orders.effectsOf(orderSn, effect);
const paymentsOf = (orderSn: string) => orders.paymentsOf(orderSn);
const status = (orderSn: string) => orders.status(orderSn);
const ageLaunches = (orderSn: string, byMs: number) => orders.ageLaunches(orderSn, byMs);
const setOrder = (orderSn: string, change: { pay_status: number; order_status: number }) =>
  orders.setOrder(orderSn, change);

const notify = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload,
  });

/** The shopper opens the launch URL: Alipay's cashier, where the trade comes to exist. */
async function openCashier(payUrl: string | undefined): Promise<string> {
  const page = await fetch(payUrl ?? '');
  expect(page.status).toBe(200);
  return page.text();
}

function tradeOf(orderSn: string): FakeAlipayTrade {
  const trade = fake.trades.get(orderSn);
  if (!trade) throw new Error(`no fake trade for ${orderSn}`);
  return trade;
}

/** Launched, opened and paid at Alipay, without the notify reaching the server (a dropped notify). */
async function paidWithoutNotify(init: Parameters<typeof createOrder>[0] = {}) {
  const orderSn = await createOrder(init);
  const { payUrl } = await launch(orderSn, 'alipay');
  await openCashier(payUrl);
  fake.deliverNotifies = false;
  try {
    expect(await fake.pay(orderSn)).toBeUndefined();
  } finally {
    fake.deliverNotifies = true;
  }
  return orderSn;
}

function otherKeyPem(): string {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}

describe(`Alipay launch and cashier on ${TEST_DB}`, () => {
  it('launch → a signed wap.pay URL → the cashier → pay posts a signed notify and returns → the order is paid once', async () => {
    const orderSn = await createOrder();
    const launched = await launch(orderSn, 'alipay');
    expect(launched).toMatchObject({ orderSn, payType: 'alipay', payStatus: 1, paid: false });
    const url = new URL(launched.payUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('app_id')).toBe(fake.appId);
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(url.searchParams.get('notify_url')).toBe(`${base}/api/pay/notify/alipay`);
    expect(url.searchParams.get('return_url')).toBe(`${base}/api/pay/return?orderSn=${orderSn}`);
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '')).toMatchObject({
      out_trade_no: orderSn,
      total_amount: '29.90',
      subject: '测试流量包 10GB',
      product_code: 'QUICK_WAP_WAY',
    });
    expect(await paymentsOf(orderSn)).toMatchObject([
      { status: 0, channel: 'alipay', pay_type: 'alipay', prepay_id: expect.stringMatching(/^ali[0-9a-f]{32}$/) },
    ]);

    const html = await openCashier(launched.payUrl);
    expect(html).toContain('¥29.90');
    expect(html).toContain('测试流量包 10GB');
    // The fake checked the launch URL's signature with the app's public key.
    expect(fake.requests.at(-1)).toEqual({ method: 'alipay.trade.wap.pay', signatureOk: true });

    const paid = await fetch(`${new URL(fake.gateway).origin}/cashier/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `out_trade_no=${orderSn}`,
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`${base}/api/pay/return?orderSn=${orderSn}`);
    const trade = tradeOf(orderSn);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1, trade_no: trade.tradeNo });
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 1, trade_no: trade.tradeNo }]);

    // Alipay resends its notify (the shopper taps pay again on a stale page): nothing more happens.
    expect(await fake.pay(orderSn)).toBe('success');
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('a tampered launch URL is refused by Alipay with its invalid-signature answer', async () => {
    const { payUrl } = await launch(await createOrder(), 'alipay');
    const url = new URL(payUrl ?? '');
    const biz = JSON.parse(url.searchParams.get('biz_content') ?? '') as Record<string, string>;
    url.searchParams.set('biz_content', JSON.stringify({ ...biz, total_amount: '0.01' }));
    const res = await fetch(url);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.alipay_trade_wap_pay_response).toEqual({
      code: '40002',
      msg: 'Invalid Arguments',
      sub_code: 'isv.invalid-signature',
      sub_msg: '验签出错',
    });
    expect(body.sign).toEqual(expect.any(String));
  });

  it('answers signed with another key than Alipay’s are refused: the call fails as the provider’s refusal', async () => {
    const impostorKey = join(dir, 'not-alipay-public-key.pem');
    const { publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(impostorKey, publicKey);
    const misled = createAlipayGateway({
      config: {
        appId: fake.appId,
        privateKeyFile: fake.privateKeyFile,
        publicKeyFile: impostorKey,
        gateway: fake.gateway,
      },
      log: { info() {}, warn() {} },
      timeoutMs: TIMEOUT_MS,
    });
    const error = await misled.query('PK20990101000000000000').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PaymentProviderError);
    // The same call with Alipay's key answers (the trade does not exist: not paid yet).
    const honest = t.app.ctx.payments.byChannel('alipay');
    expect(await honest?.query('PK20990101000000000000')).toEqual({ state: 'unpaid' });
    expect(fake.requests.at(-1)).toEqual({ method: 'alipay.trade.query', signatureOk: true });
  });
});

describe(`POST /api/pay/notify/alipay on ${TEST_DB}`, () => {
  it('the same signed notify sent 20 times at once takes effect exactly once, each answered `success`', async () => {
    const orderSn = await paidWithoutNotify();
    const body = fake.notifyBody(tradeOf(orderSn));
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe('success');
    }
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 1, trade_no: tradeOf(orderSn).tradeNo }]);
  });

  it('forged, tampered, wrong-amount, wrong-app, stale, unpaid and malformed notifies change nothing and are not answered `success`', async () => {
    const orderSn = await paidWithoutNotify();
    const trade = tradeOf(orderSn);
    const genuine = fake.notifyBody(trade);
    const unsigned = new URLSearchParams(genuine);
    unsigned.delete('sign');
    const strangers = await createOrder();
    const attempts: [string, string][] = [
      ['forged signature', fake.notifyBody(trade, {}, otherKeyPem())],
      ['tampered amount', genuine.replace('total_amount=29.90', 'total_amount=0.01')],
      ['tampered trade', genuine.replace(`out_trade_no=${orderSn}`, `out_trade_no=${strangers}`)],
      ['wrong amount, signed', fake.notifyBody(trade, { total_amount: '0.01' })],
      ['another app, signed', fake.notifyBody(trade, { app_id: '2021999999999999' })],
      ['sent 6 minutes ago, signed', fake.notifyBody(trade, { notify_time: formatDateTime(Date.now() - 6 * 60_000) })],
      ['no notify_time, signed', fake.notifyBody(trade, { notify_time: '' })],
      ['waiting, signed', fake.notifyBody(trade, { trade_status: 'WAIT_BUYER_PAY' })],
      ['unknown order, signed', fake.notifyBody(trade, { out_trade_no: 'PK20990101000000000000' })],
      ['malformed amount, signed', fake.notifyBody(trade, { total_amount: 'lots' })],
      ['unsigned', unsigned.toString()],
      ['not a form', '{"out_trade_no":'],
    ];
    for (const [label, payload] of attempts) {
      const res = await notify(payload);
      expect({ label, status: res.statusCode, body: res.body }).toEqual({ label, status: 400, body: 'fail' });
    }
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1, order_status: 0, trade_no: null });
    expect(await orderOf(strangers)).toMatchObject({ pay_status: 0, trade_no: null });
    expect(await effectsOf(orderSn, 'paid')).toBe(0);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 0, trade_no: null }]);

    // The genuine notify still goes through afterwards.
    const ok = await notify(genuine);
    expect(ok.body).toBe('success');
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('a TRADE_CLOSED notify is answered `success` once verified: the launch is closed, the order is not paid', async () => {
    const orderSn = await createOrder();
    const { payUrl } = await launch(orderSn);
    await openCashier(payUrl);
    // The shopper left Alipay's cashier; Alipay closes the unpaid trade and says so.
    const trade = tradeOf(orderSn);
    trade.status = 'TRADE_CLOSED';
    const body = fake.notifyBody(trade);
    expect(body).toContain('trade_status=TRADE_CLOSED');

    // Forged or for another app: refused as ever, nothing changes.
    for (const payload of [
      fake.notifyBody(trade, {}, otherKeyPem()),
      fake.notifyBody(trade, { app_id: '2021999999999999' }),
    ]) {
      expect(await notify(payload)).toMatchObject({ statusCode: 400, body: 'fail' });
    }
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 0 }]);

    const answers = await Promise.all([notify(body), notify(body)]);
    for (const res of answers)
      expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: 'success' });
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 2, trade_no: null }]);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1, order_status: 0, trade_no: null });
    expect(await effectsOf(orderSn, 'paid')).toBe(0);
  });

  it('a refund goes through Alipay; the payment’s notify replayed after it changes nothing', async () => {
    const orderSn = await paidWithoutNotify();
    const old = fake.notifyBody(tradeOf(orderSn));
    expect((await notify(old)).body).toBe('success');

    expect(await refundPaidOrder(t.app.ctx, 'package', orderSn, 'after-sale')).toBe(true);
    const order = await orderOf(orderSn);
    expect(order).toMatchObject({ pay_status: 5, refund_sn: expect.any(String) });
    expect([...tradeOf(orderSn).refunds]).toEqual([[order.refund_sn, '29.90']]);
    expect(tradeOf(orderSn).status).toBe('TRADE_CLOSED');
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 3, refund_sn: order.refund_sn }]);

    expect((await notify(old)).body).toBe('success');
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    expect(await effectsOf(orderSn, 'refunded')).toBe(1);
    expect(await orderOf(orderSn)).toEqual(order);
    // The TRADE_CLOSED notify Alipay sends after a full refund is acknowledged, and is not a payment either.
    const closed = await notify(fake.notifyBody(tradeOf(orderSn)));
    expect(closed.body).toBe('success');
    expect(await orderOf(orderSn)).toEqual(order);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 3, refund_sn: order.refund_sn }]);
  });

  it('a notify for an order closed meanwhile is refunded through Alipay, once, and never reopens the order', async () => {
    const orderSn = await paidWithoutNotify();
    // The order times out before the notify arrives.
    await setOrder(orderSn, { pay_status: 3, order_status: 5 });
    const body = fake.notifyBody(tradeOf(orderSn));
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    for (const res of answers) expect(res.body).toBe('success');

    const trade = tradeOf(orderSn);
    const order = await orderOf(orderSn);
    expect(order).toMatchObject({ pay_status: 5, order_status: 5, refund_sn: expect.any(String) });
    // Alipay took one refund of the whole amount, under our refund number, and closed the trade.
    expect([...trade.refunds]).toEqual([[order.refund_sn, '29.90']]);
    expect(trade.status).toBe('TRADE_CLOSED');
    expect(fake.requests.filter((r) => r.method === 'alipay.trade.refund').every((r) => r.signatureOk)).toBe(true);
    expect(await effectsOf(orderSn, 'refunded')).toBe(1);
    expect(await effectsOf(orderSn, 'paid')).toBe(0);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 3, refund_sn: order.refund_sn }]);
  });
});

describe(`Alipay reconciliation and status on ${TEST_DB}`, () => {
  it('every notify dropped: the reconciliation job settles the paid orders by query and leaves the others', async () => {
    const paid: string[] = [];
    for (let i = 0; i < 3; i += 1) paid.push(await paidWithoutNotify({ amountFen: 1000 + i }));
    const opened = await createOrder();
    await openCashier((await launch(opened, 'alipay')).payUrl);
    const neverOpened = await createOrder();
    await launch(neverOpened, 'alipay');
    for (const orderSn of [...paid, opened, neverOpened]) await ageLaunches(orderSn, 31_000);

    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const orderSn of paid) {
      expect(await orderOf(orderSn)).toMatchObject({
        pay_status: 2,
        order_status: 1,
        trade_no: tradeOf(orderSn).tradeNo,
      });
      expect(await effectsOf(orderSn, 'paid')).toBe(1);
      expect(await paymentsOf(orderSn)).toMatchObject([{ status: 1 }]);
    }
    // Still payable: open at Alipay, or not opened there yet.
    for (const orderSn of [opened, neverOpened]) {
      expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1 });
      expect(await paymentsOf(orderSn)).toMatchObject([{ status: 0 }]);
    }

    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const orderSn of paid) expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('the status poll asks Alipay and settles a payment whose notify was lost', async () => {
    const orderSn = await paidWithoutNotify();
    await ageLaunches(orderSn, 11_000);
    const res = await status(orderSn);
    expect(res.json()).toMatchObject({ code: 0, data: { orderSn, payStatus: 2, orderStatus: 1 } });
    expect(await orderOf(orderSn)).toMatchObject({ trade_no: tradeOf(orderSn).tradeNo });
  });

  it('closes the Alipay trade an order left open once it is closed', async () => {
    const orderSn = await createOrder();
    await openCashier((await launch(orderSn, 'alipay')).payUrl);
    await setOrder(orderSn, { pay_status: 3, order_status: 5 });
    await ageLaunches(orderSn, 31_000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    expect(tradeOf(orderSn).status).toBe('TRADE_CLOSED');
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 2 }]);
  });
});

describe(`an Alipay that does not answer on ${TEST_DB}`, () => {
  it('a connection cut before any answer is tried once more (by the SDK’s client); cut twice, the call fails as the provider’s', async () => {
    const gateway = t.app.ctx.payments.forPayType('alipay');
    const orderSn = await paidWithoutNotify();
    fake.dropNext = 1;
    expect(await gateway.query(orderSn)).toMatchObject({ state: 'paid', tradeNo: tradeOf(orderSn).tradeNo });
    expect(fake.dropNext).toBe(0);

    fake.dropNext = 2;
    const error = await gateway.query(orderSn).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(fake.dropNext).toBe(0);
    // Nothing was settled by the failed call; the next one answers.
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1 });
    expect(await gateway.query(orderSn)).toMatchObject({ state: 'paid' });
  });

  it('a silent Alipay (every call past GATEWAY_TIMEOUT_MS) settles and closes nothing: the order stays payable', async () => {
    const orderSn = await createOrder();
    // The wap.pay URL is signed here, without a call; the trade exists once the shopper opens the cashier.
    await openCashier((await launch(orderSn, 'alipay')).payUrl);
    fake.stalled = true;
    try {
      // Neither the poll nor the job settles or closes anything while Alipay is silent.
      await ageLaunches(orderSn, 31_000);
      expect((await status(orderSn)).json()).toMatchObject({ code: 0, data: { payStatus: 1 } });
      expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
      expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1, order_status: 0 });
      expect(await paymentsOf(orderSn)).toMatchObject([{ status: 0, pay_type: 'alipay' }]);
    } finally {
      fake.stalled = false;
    }
    // Alipay answers again: the order is paid as usual.
    expect(await fake.pay(orderSn)).toBe('success');
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });
});
