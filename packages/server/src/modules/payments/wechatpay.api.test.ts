/**
 * The payment core with the WeChat Pay v3 adapter, on both databases, against the fake WeChat Pay
 * (test/fakes/wechatpay.ts) over real HTTP both ways: signed requests, signed answers, encrypted and
 * signed callbacks to our notify URL. PAYMENT_PROVIDER is `wechat,sandbox`: wxpay goes to WeChat.
 */
import { createVerify } from 'node:crypto';
import { ErrorCode } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_RECONCILE_JOB } from '../../jobs/payment-reconcile.js';
import { runJobOnce } from '../../jobs/runner.js';
import { startWechatPayFake, type WechatPayFake } from '../../test/fakes/wechatpay.js';
import { insertPromoter } from '../../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { expectRefusal, payableOrders, preparePayableOrders } from '../../test/payable-orders.js';
import { refundPaidOrder } from './service.js';

const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
/** GATEWAY_TIMEOUT_MS of this app: the fake's answers take a few ms; a slow fake takes longer. */
const TIMEOUT_MS = 1_000;

let t: TestApp;
let fake: WechatPayFake;
let orders: ReturnType<typeof payableOrders>;

beforeAll(async () => {
  fake = await startWechatPayFake();
  t = await createTestApp({
    demo: false,
    config: { paymentProviders: ['wechat', 'sandbox'], wechatPay: fake.config(), gatewayTimeoutMs: TIMEOUT_MS },
  });
  orders = payableOrders(t, await preparePayableOrders(t));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.keyKind = 'publicKey';
  fake.deliverCallbacks = true;
  fake.delayMs = 0;
  fake.tamperAnswers = false;
  fake.cutConnections = 0;
});

const { createOrder, orderOf, effectsOf, paymentsOf } = {
  createOrder: (init?: Parameters<ReturnType<typeof payableOrders>['createOrder']>[0]) => orders.createOrder(init),
  orderOf: (orderSn: string) => orders.orderOf(orderSn),
  effectsOf: (orderSn: string, effect: string) => orders.effectsOf(orderSn, effect),
  paymentsOf: (orderSn: string) => orders.paymentsOf(orderSn),
};
/** Inside WeChat (with the openid of the WeChat sign-in): JSAPI. */
const launchJsapi = (orderSn: string) => orders.launch(orderSn, 'wxpay', undefined, OPENID);
const notify = (callback: { headers: Record<string, string>; body: string }) =>
  orders.notify(callback.headers, callback.body, 'wechat');

/** A TRANSACTION.SUCCESS callback for a paid fake order, with the decrypted fields changed. */
function paidCallback(orderSn: string, change: Record<string, unknown> = {}, at = {}) {
  const order = fake.orders.get(orderSn);
  if (!order) throw new Error(`no fake order ${orderSn}`);
  return fake.callback('TRANSACTION.SUCCESS', { ...fake.transactionOf(order), ...change }, at);
}

/** Pays at the fake without the callback reaching the shop (a dropped callback). */
async function payWithoutCallback(orderSn: string) {
  fake.deliverCallbacks = false;
  try {
    await fake.pay(orderSn);
  } finally {
    fake.deliverCallbacks = true;
  }
}

async function expectUnchanged(orderSn: string) {
  expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1, order_status: 0, trade_no: null });
  expect(await effectsOf(orderSn, 'paid')).toBe(0);
}

describe(`WeChat Pay launch on ${TEST_DB}`, () => {
  it('PAYMENT_PROVIDER=wechat,sandbox: wxpay goes to WeChat Pay, alipay to the sandbox', () => {
    expect(t.app.ctx.payments.payTypes).toEqual(['wxpay', 'alipay']);
    expect(t.app.ctx.payments.forPayType('wxpay').channel).toBe('wechat');
    expect(t.app.ctx.payments.forPayType('alipay').channel).toBe('sandbox');
  });

  it('JSAPI inside WeChat: the bridge parameters carry a paySign of the merchant key; the callback pays once', async () => {
    const orderSn = await createOrder({ amountFen: 2990 });
    const launched = await launchJsapi(orderSn);
    expect(launched).toMatchObject({ orderSn, payType: 'wxpay', payStatus: 1, paid: false });
    expect(launched.payUrl).toBeUndefined();
    const jsapi = launched.jsapi;
    const prepayId = fake.orders.get(orderSn)?.prepay_id;
    expect(jsapi).toMatchObject({ appId: fake.appId, package: `prepay_id=${prepayId}`, signType: 'RSA' });
    const message = `${jsapi?.appId}\n${jsapi?.timeStamp}\n${jsapi?.nonceStr}\n${jsapi?.package}\n`;
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(fake.merchantPublicKey, jsapi?.paySign ?? '', 'base64'),
    ).toBe(true);
    expect(fake.orders.get(orderSn)).toMatchObject({
      total: 2990,
      notify_url: `${t.app.ctx.config.publicUrl}/api/pay/notify/wechat`,
    });

    expect(await fake.pay(orderSn)).toBe(204);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
    expect((await orderOf(orderSn)).trade_no).toBe(fake.orders.get(orderSn)?.transaction_id);
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    expect(await paymentsOf(orderSn)).toMatchObject([{ channel: 'wechat', status: 1, prepay_id: prepayId }]);
    // WeChat retries: a repeated callback is answered 204 and changes nothing.
    expect(await fake.pay(orderSn)).toBe(204);
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('H5 in another browser: the h5_url pays at WeChat and comes back to our return address', async () => {
    const orderSn = await createOrder();
    const { payUrl } = await orders.launch(orderSn, 'wxpay');
    expect(payUrl?.startsWith(`${fake.url}/h5pay?`)).toBe(true);
    const back = await fetch(payUrl ?? '', { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${t.app.ctx.config.publicUrl}/api/pay/return?orderSn=${orderSn}`);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2 });
    expect(fake.callbackAnswers.at(-1)).toEqual({ eventType: 'TRANSACTION.SUCCESS', status: 204 });
  });

  it('an h5_url is handed out again while it works; once it is near its 5 minutes, a new one is asked for', async () => {
    const orderSn = await createOrder();
    const h5Calls = () => fake.requests.filter((r) => r.path === '/v3/pay/transactions/h5').length;
    const before = h5Calls();
    const first = (await orders.launch(orderSn, 'wxpay')).payUrl;
    // A repeated launch a moment later: the same address, WeChat is not asked.
    expect((await orders.launch(orderSn, 'wxpay')).payUrl).toBe(first);
    expect(h5Calls()).toBe(before + 1);

    // Five minutes on, WeChat's h5_url no longer opens.
    await orders.ageLaunches(orderSn, 5 * 60_000);
    fake.expireH5Urls();
    expect((await fetch(first ?? '', { redirect: 'manual' })).status).toBe(403);
    const second = (await orders.launch(orderSn, 'wxpay')).payUrl;
    expect(h5Calls()).toBe(before + 2);
    expect(second).not.toBe(first);
    // One launch still, now with the new address, which is handed out again in its turn.
    expect(await paymentsOf(orderSn)).toMatchObject([{ channel: 'wechat', status: 0, pay_url: second }]);
    expect((await orders.launch(orderSn, 'wxpay')).payUrl).toBe(second);
    expect(h5Calls()).toBe(before + 2);

    const back = await fetch(second ?? '', { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2 });
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('a WeChat Pay that does not answer in time fails the launch; the order stays payable', async () => {
    const orderSn = await createOrder();
    fake.delayMs = TIMEOUT_MS + 500;
    // Without the deadline the launch would succeed once the late answer came: the refusal is the bound.
    await expectRefusal(launchJsapi(orderSn), ErrorCode.ORDER_REJECTED, REASONS.payChannelUnavailable.zh);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 0, order_status: 0 });
    fake.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 600)); // the late answer arrives and is ignored
    expect((await launchJsapi(orderSn)).jsapi?.package).toBe(`prepay_id=${fake.orders.get(orderSn)?.prepay_id}`);
    expect(await fake.pay(orderSn)).toBe(204);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2 });
  });

  it('a cut connection is tried once more, freshly signed; two in a row fail the launch and leave it payable', async () => {
    const orderSn = await createOrder();
    fake.cutConnections = 1;
    const before = fake.requests.length;
    expect((await launchJsapi(orderSn)).jsapi?.package).toBe(`prepay_id=${fake.orders.get(orderSn)?.prepay_id}`);
    expect(fake.requests.slice(before).map((r) => [r.path, r.status])).toEqual([
      ['/v3/pay/transactions/jsapi', 0],
      ['/v3/pay/transactions/jsapi', 200],
    ]);

    const other = await createOrder();
    fake.cutConnections = 2;
    await expectRefusal(launchJsapi(other), ErrorCode.ORDER_REJECTED, REASONS.payChannelUnavailable.zh);
    expect(fake.cutConnections).toBe(0);
    expect(fake.orders.has(other)).toBe(false);
    expect(await orderOf(other)).toMatchObject({ pay_status: 0 });
  });

  it('an answer changed after WeChat signed it is refused: no launch, and no payment taken from a query', async () => {
    const orderSn = await createOrder();
    fake.tamperAnswers = true;
    await expectRefusal(launchJsapi(orderSn), ErrorCode.ORDER_REJECTED, REASONS.payChannelUnavailable.zh);
    fake.tamperAnswers = false;
    await launchJsapi(orderSn);
    await payWithoutCallback(orderSn);
    fake.tamperAnswers = true;
    await orders.ageLaunches(orderSn, 31_000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1, trade_no: null });
    fake.tamperAnswers = false;
    await orders.ageLaunches(orderSn, 31_000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2 });
  });
});

describe(`WeChat Pay and the sandbox on one order on ${TEST_DB}`, () => {
  it('switching to alipay closes the WeChat order; WeChat never reopens it, so the shopper is asked to order again', async () => {
    const orderSn = await createOrder();
    await launchJsapi(orderSn);
    const { payUrl } = await orders.launch(orderSn, 'alipay');
    expect(payUrl).toContain('/api/pay/sandbox/cashier?prepayId=');
    expect(fake.orders.get(orderSn)?.trade_state).toBe('CLOSED');
    expect(await paymentsOf(orderSn)).toMatchObject([
      { channel: 'wechat', status: 2 },
      { channel: 'sandbox', status: 0 },
    ]);
    await expectRefusal(launchJsapi(orderSn), ErrorCode.ORDER_REJECTED, REASONS.orderClosed.zh);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1, pay_type: 'alipay' });
  });
});

describe(`POST /api/pay/notify/wechat on ${TEST_DB}`, () => {
  it('the same callback sent 20 times at once takes effect exactly once, each answered 204', async () => {
    const orderSn = await createOrder();
    await launchJsapi(orderSn);
    await payWithoutCallback(orderSn);
    const callback = paidCallback(orderSn);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(callback)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('forged, tampered, wrong-amount, wrong-merchant and stale callbacks are refused and change nothing', async () => {
    const orderSn = await createOrder({ amountFen: 5000 });
    await launchJsapi(orderSn);
    await payWithoutCallback(orderSn);
    const good = paidCallback(orderSn);
    const stale = String(Math.floor(Date.now() / 1000) - 6 * 60);
    const refused = [
      // Signed by nobody we know.
      { ...good, headers: { ...good.headers, 'wechatpay-serial': 'PUB_KEY_ID_SOMEONE_ELSE' } },
      // The body changed after signing.
      { ...good, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') },
      {
        ...good,
        headers: { ...good.headers, 'wechatpay-signature': good.headers['wechatpay-signature']?.slice(1) ?? '' },
      },
      // Signed by WeChat, but not this order's amount, merchant, app or currency.
      paidCallback(orderSn, { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } }),
      paidCallback(orderSn, { mchid: '1900009999' }),
      paidCallback(orderSn, { appid: 'wx0000000000000000' }),
      paidCallback(orderSn, { amount: { total: 5000, payer_total: 5000, currency: 'USD', payer_currency: 'USD' } }),
      paidCallback(orderSn, {}, { timestamp: stale }),
    ];
    for (const callback of refused) {
      const answer = await notify(callback);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ code: 'FAIL', message: '失败' });
    }
    await expectUnchanged(orderSn);
    expect((await notify(good)).statusCode).toBe(204);
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('both key kinds are accepted in one run: WeChat switches from the platform certificate to the public key', async () => {
    for (const keyKind of ['certificate', 'publicKey', 'certificate'] as const) {
      fake.keyKind = keyKind;
      const orderSn = await createOrder();
      // The launch's answer is signed with this kind too.
      await launchJsapi(orderSn);
      expect(await fake.pay(orderSn)).toBe(204);
      expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2 });
      expect(fake.callbackAnswers.at(-1)).toEqual({ eventType: 'TRANSACTION.SUCCESS', status: 204 });
    }
  });

  it('every callback dropped: the reconciliation job settles the paid orders by query and leaves the unpaid', async () => {
    const paid: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const orderSn = await createOrder({ amountFen: 1000 + i });
      await launchJsapi(orderSn);
      await payWithoutCallback(orderSn);
      paid.push(orderSn);
    }
    const unpaid = await createOrder();
    await launchJsapi(unpaid);
    for (const orderSn of [...paid, unpaid]) await orders.ageLaunches(orderSn, 31_000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const orderSn of paid) {
      expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
      expect(await effectsOf(orderSn, 'paid')).toBe(1);
      expect(await paymentsOf(orderSn)).toMatchObject([{ channel: 'wechat', status: 1 }]);
    }
    expect(await orderOf(unpaid)).toMatchObject({ pay_status: 1 });
  });
});

describe(`WeChat Pay refunds on ${TEST_DB}`, () => {
  it('a refund goes through WeChat Pay, and its REFUND.SUCCESS callback is verified and answered 204', async () => {
    const orderSn = await createOrder({ amountFen: 3990 });
    await launchJsapi(orderSn);
    expect(await fake.pay(orderSn)).toBe(204);

    expect(await refundPaidOrder(t.app.ctx, 'package', orderSn, '审核未通过')).toBe(true);
    const refunds = [...(fake.orders.get(orderSn)?.refunds.entries() ?? [])];
    expect(refunds).toHaveLength(1);
    const [refundSn, refund] = refunds[0] ?? [];
    expect(refund).toMatchObject({ refund: 3990, notify_url: `${t.app.ctx.config.publicUrl}/api/pay/notify/wechat` });
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 5, refund_sn: refundSn });
    expect(await effectsOf(orderSn, 'refunded')).toBe(1);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 3, refund_sn: refundSn }]);

    await expect.poll(() => fake.callbackAnswers.at(-1)).toEqual({ eventType: 'REFUND.SUCCESS', status: 204 });
    // Once recorded, the callback (and its retries) change nothing more; a repeated refund is no new refund.
    expect(await effectsOf(orderSn, 'refunded')).toBe(1);
    expect(await refundPaidOrder(t.app.ctx, 'package', orderSn, '审核未通过')).toBe(false);
    expect(fake.orders.get(orderSn)?.refunds.size).toBe(1);
  });

  it('a REFUND.SUCCESS callback records a refund whose answer never came back', async () => {
    const orderSn = await createOrder({ amountFen: 1990 });
    await launchJsapi(orderSn);
    expect(await fake.pay(orderSn)).toBe(204);
    // WeChat takes the refund but its answer is lost: the refund stays claimed, not recorded.
    fake.delayMs = TIMEOUT_MS + 500;
    fake.deliverCallbacks = false;
    expect(await refundPaidOrder(t.app.ctx, 'package', orderSn, '审核未通过')).toBe(false);
    fake.delayMs = 0;
    const [claimed] = await paymentsOf(orderSn);
    expect(claimed).toMatchObject({ status: 1, refund_sn: expect.any(String) });
    expect(await effectsOf(orderSn, 'refunded')).toBe(0);

    const refundSn = claimed?.refund_sn as string;
    const callback = (change: Record<string, unknown> = {}) =>
      fake.callback('REFUND.SUCCESS', {
        mchid: fake.mchId,
        out_trade_no: orderSn,
        out_refund_no: refundSn,
        refund_id: '50300000000001',
        refund_status: 'SUCCESS',
        amount: { total: 1990, refund: 1990, payer_total: 1990, payer_refund: 1990 },
        ...change,
      });
    // Another merchant's, or an unknown refund: refused, nothing recorded.
    expect((await notify(callback({ mchid: '1900009999' }))).statusCode).toBe(400);
    expect((await notify(callback({ out_refund_no: 'RF-UNKNOWN' }))).statusCode).toBe(400);
    expect(await effectsOf(orderSn, 'refunded')).toBe(0);
    // An abnormal refund (the shopper's card was closed…) is taken, logged for a person, and records nothing.
    expect((await notify(callback({ refund_status: 'ABNORMAL' }))).statusCode).toBe(204);
    expect(await effectsOf(orderSn, 'refunded')).toBe(0);
    expect(t.serverErrors().join('\n')).toContain('refund failed at the provider');

    expect((await notify(callback())).statusCode).toBe(204);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 5, refund_sn: refundSn });
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 3 }]);
    expect((await notify(callback())).statusCode).toBe(204);
    expect(await effectsOf(orderSn, 'refunded')).toBe(1);
  });
});

describe(`PAYMENT_PROVIDER=wechat alone on ${TEST_DB}`, () => {
  let only: TestApp;
  beforeAll(async () => {
    only = await createTestApp({
      demo: false,
      config: { paymentProviders: ['wechat'], wechatPay: fake.config(), gatewayTimeoutMs: TIMEOUT_MS },
    });
    const db = only.database.handle.db;
    await insertPromoter(db, { code: 'both', show_payment_type_json: JSON.stringify(['wxpay', 'alipay']) });
    await insertPromoter(db, { code: 'ali', show_payment_type_json: JSON.stringify(['alipay']) });
  });
  afterAll(() => only.close());

  const shown = async (promoCode: string) => {
    const res = await only.app.inject({
      method: 'GET',
      url: `/api/hk/baseConfig?promoCode=${promoCode}`,
      headers: clientHeaders(),
    });
    return (res.json() as { data: { showPaymentType: string[] } }).data.showPaymentType;
  };

  it('the cashier offers only WeChat Pay, whatever the promoter shows, and alipay is refused', async () => {
    expect(only.app.ctx.payments.payTypes).toEqual(['wxpay']);
    expect(await shown('both')).toEqual(['wxpay']);
    // A promoter that shows only what nobody takes still gets a way to pay.
    expect(await shown('ali')).toEqual(['wxpay']);
    expect(() => only.app.ctx.payments.forPayType('alipay')).toThrow(/no payment gateway for alipay/);
    expect(only.app.ctx.payments.byChannel('sandbox')).toBeUndefined();
  });
});
