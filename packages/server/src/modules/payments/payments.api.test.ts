/**
 * The payment core with the sandbox provider, on both databases, through an order kind defined here over
 * a real table of its own (so the core is tested without the shop orders module).
 */
import { ErrorCode } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import type { PaymentGateway } from '../../gateways/payment/payment-gateway.js';
import type { SandboxGateway } from '../../gateways/payment/sandbox.js';
import { sandboxNotifyFields, signSandboxNotify } from '../../gateways/payment/sandbox.js';
import { PAYMENT_RECONCILE_JOB } from '../../jobs/payment-reconcile.js';
import { runJobOnce } from '../../jobs/runner.js';
import { formatDateTime } from '../../lib/time.js';
import { createTestApp, TEST_DB, type TestApp, testConfig } from '../../test/harness.js';
import {
  expectRefusal,
  OWNER,
  payableOrders,
  payTables,
  preparePayableOrders,
  RETURN_PATH,
  testKind,
} from '../../test/payable-orders.js';
import { registerPayableKind } from './kinds.js';
import { closeOpenPayments, launchPayment } from './service.js';

let t: TestApp;
let base: string;
let sandbox: SandboxGateway;
let orders: ReturnType<typeof payableOrders>;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  base = await preparePayableOrders(t);
  orders = payableOrders(t, base);
  sandbox = t.app.ctx.payments.byChannel('sandbox') as SandboxGateway;
});
afterAll(() => t.close());

const tables = payTables;
const createOrder: ReturnType<typeof payableOrders>['createOrder'] = (init) => orders.createOrder(init);
const launch = (orderSn: string, payType: 'wxpay' | 'alipay' = 'wxpay', returnUrl?: string) =>
  orders.launch(orderSn, payType, returnUrl);
const orderOf = (orderSn: string) => orders.orderOf(orderSn);
const effectsOf = (orderSn: string, effect: string) => orders.effectsOf(orderSn, effect);
const paymentsOf = (orderSn: string) => orders.paymentsOf(orderSn);

const sandboxRowsOf = (orderSn: string) =>
  t.database.handle.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('out_trade_no', '=', orderSn)
    .orderBy('created_at')
    .execute();

const prepayIdOf = (payUrl: string | undefined) => new URL(payUrl ?? '').searchParams.get('prepayId') ?? '';

/** Pays in the sandbox without the notify reaching the server (a dropped notify). */
async function payWithoutNotify(prepayId: string) {
  sandbox.deliverNotifies = false;
  try {
    const result = await sandbox.confirm(prepayId);
    expect(result.outcome).toBe('paid');
  } finally {
    sandbox.deliverNotifies = true;
  }
}

/** The notify body the sandbox would send for a paid sandbox payment. */
async function notifyBodyOf(prepayId: string, change: Record<string, unknown> = {}) {
  const row = await sandbox.find(prepayId);
  if (!row) throw new Error(`no sandbox payment ${prepayId}`);
  return JSON.stringify({ id: 'n-1', ...sandboxNotifyFields(row), ...change });
}

const notify = (headers: Record<string, string>, payload: string, channel = 'sandbox') =>
  orders.notify(headers, payload, channel);

const status = (orderSn: string, orderSessionId = OWNER) => orders.status(orderSn, orderSessionId);
const ageLaunches = (orderSn: string, byMs: number) => orders.ageLaunches(orderSn, byMs);

describe(`payment launch and the sandbox cashier on ${TEST_DB}`, () => {
  it('launch → cashier page → confirm delivers a signed notify over HTTP → the order is paid once', async () => {
    const orderSn = await createOrder();
    const launched = await launch(
      orderSn,
      'wxpay',
      `${base}/shop/#/pages/iot/index/package/details/index?orderSn=${orderSn}&promoCode=demo&evil=1`,
    );
    const order = await orderOf(orderSn);
    expect(launched).toEqual({
      orderSn,
      payAmount: '29.90',
      payType: 'wxpay',
      payStatus: 1,
      paid: false,
      expireAt: formatDateTime(order.expire_at ?? 0),
      payUrl: expect.stringMatching(new RegExp(`^${base}/api/pay/sandbox/cashier\\?prepayId=sbx[0-9a-f]{32}$`)),
    });
    expect(order.pay_status).toBe(1);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 0, channel: 'sandbox', pay_type: 'wxpay' }]);

    // The web adds the shopper's language to the cashier's address (order/pay-launch.ts openPayUrl).
    const page = await fetch(`${launched.payUrl ?? ''}&lang=zh-Hans`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('name="viewport"');
    expect(html).toContain('测试流量包 10GB');
    expect(html).toContain('29.90');
    expect(html).toContain('data-testid="sandbox-pay"');
    expect(html).toContain('确认支付');
    expect(html).toContain('取消');
    expect(html).not.toMatch(/<(script|link)\b|src="http/);

    const prepayId = prepayIdOf(launched.payUrl);
    const confirmed = await fetch(`${base}/api/pay/sandbox/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `prepayId=${prepayId}`,
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    const location = confirmed.headers.get('location') ?? '';
    expect(location).toBe(`${base}/api/pay/return?promoCode=demo&orderSn=${orderSn}`);

    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1, trade_no: expect.any(String) });
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    const [payment] = await paymentsOf(orderSn);
    expect(payment).toMatchObject({ status: 1, trade_no: (await orderOf(orderSn)).trade_no });

    // The return page only redirects into the app.
    const back = await fetch(location, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`/shop/#${RETURN_PATH(orderSn)}&promoCode=demo`);

    // Confirming again re-sends the notify, as a provider retries: nothing more happens.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/confirm',
      payload: { prepayId },
    });
    expect(again.statusCode).toBe(303);
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    const polled = await status(orderSn);
    expect(polled.json()).toMatchObject({ code: 0, data: { orderSn, kind: 'package', payStatus: 2, orderStatus: 1 } });
  });

  it('cancel on the cashier goes back without paying; unknown prepay ids get a 404 page', async () => {
    const orderSn = await createOrder();
    const { payUrl } = await launch(orderSn);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `prepayId=${prepayIdOf(payUrl)}`,
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${base}/api/pay/return?orderSn=${orderSn}`);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1 });
    expect(await sandboxRowsOf(orderSn)).toMatchObject([{ state: 'created' }]);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/pay/sandbox/cashier?prepayId=sbx${'0'.repeat(32)}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    const garbage = await t.app.inject({ method: 'POST', url: '/api/pay/sandbox/confirm', payload: { prepayId: 'x' } });
    expect(garbage.statusCode).toBe(404);
  });

  it.each([
    ['zh-Hans', '收银台', '确认支付', '取消', '沙箱支付'],
    ['zh-Hant', '收銀台', '確認支付', '取消', '沙箱支付'],
    ['en', 'Checkout', 'Confirm payment', 'Cancel', 'Sandbox payment'],
    ['fr', 'Caisse', 'Confirmer le paiement', 'Annuler', 'Paiement de test'],
    ['es', 'Caja', 'Confirmar el pago', 'Cancelar', 'Pago de prueba'],
  ])('the cashier speaks %s when the web asks for it', async (lang, title, pay, cancel, badge) => {
    const { payUrl } = await launch(await createOrder());
    const res = await t.app.inject({
      method: 'GET',
      url: `${new URL(payUrl ?? '').pathname}${new URL(payUrl ?? '').search}&lang=${lang}`,
      headers: { 'accept-language': 'de-DE' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(`<title>${title}</title>`);
    for (const text of [pay, cancel, badge]) expect(res.body).toContain(text);
    expect(res.body).toContain(`<input type="hidden" name="lang" value="${lang}">`);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
    );
    expect(res.body).not.toMatch(/<(script|link)\b|src="http/);
    if (!lang.startsWith('zh')) {
      // No Chinese but the item, which is the shop's own words for the order.
      const outsideItem = res.body.replace(/<dd>[^<]*测试流量包[^<]*<\/dd>/, '');
      expect(outsideItem).not.toMatch(/\p{Script=Han}/u);
    }
  });

  it('without lang the cashier follows Accept-Language, else English; its other pages keep the language', async () => {
    const { payUrl } = await launch(await createOrder());
    const url = `${new URL(payUrl ?? '').pathname}${new URL(payUrl ?? '').search}`;
    const as = (acceptLanguage?: string) =>
      t.app.inject({ method: 'GET', url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
    expect((await as('zh-TW,zh;q=0.9')).body).toContain('確認支付');
    expect((await as('de-DE,fr;q=0.8,en;q=0.5')).body).toContain('Confirmer le paiement');
    expect((await as('zh-CN;q=0.1,es')).body).toContain('Confirmar el pago');
    expect((await as('de-DE')).body).toContain('Confirm payment');
    expect((await as()).body).toContain('Confirm payment');
    expect((await as('*')).body).toContain('<html lang="en">');

    const missing = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/cashier?prepayId=x&lang=fr` });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Ce paiement n’existe pas ou n’est plus valide.');

    // Confirming from a page whose payment was closed meanwhile (the pay type changed): the 409 page,
    // in the language the form carried.
    const other = await createOrder();
    const old = await launch(other, 'wxpay');
    await launch(other, 'alipay');
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `prepayId=${prepayIdOf(old.payUrl)}&lang=es`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('<html lang="es">');
    expect(stale.body).toContain('Este pago está cerrado. Vuelve atrás y haz el pedido de nuevo.');
  });

  it('a relaunch reuses the open prepay; switching the pay type closes the old one first', async () => {
    const orderSn = await createOrder();
    const first = await launch(orderSn, 'wxpay');
    const again = await launch(orderSn, 'wxpay');
    expect(again.payUrl).toBe(first.payUrl);
    expect(await paymentsOf(orderSn)).toHaveLength(1);
    expect(await sandboxRowsOf(orderSn)).toHaveLength(1);

    const switched = await launch(orderSn, 'alipay');
    expect(switched).toMatchObject({ payType: 'alipay', payStatus: 1, paid: false });
    expect(switched.payUrl).not.toBe(first.payUrl);
    const rows = await sandboxRowsOf(orderSn);
    expect(rows.find((r) => r.prepay_id === prepayIdOf(first.payUrl))?.state).toBe('closed');
    expect(rows.find((r) => r.prepay_id === prepayIdOf(switched.payUrl))?.state).toBe('created');
    expect(await paymentsOf(orderSn)).toMatchObject([
      { pay_type: 'wxpay', status: 2 },
      { pay_type: 'alipay', status: 0 },
    ]);
    expect((await orderOf(orderSn)).pay_type).toBe('alipay');

    // The closed prepay can no longer be paid.
    const late = await sandbox.confirm(prepayIdOf(first.payUrl));
    expect(late.outcome).toBe('closed');
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1 });
  });

  it('switching the pay type after the shopper already paid the old prepay settles instead of relaunching', async () => {
    const orderSn = await createOrder();
    const first = await launch(orderSn, 'wxpay');
    await payWithoutNotify(prepayIdOf(first.payUrl));
    const switched = await launch(orderSn, 'alipay');
    expect(switched).toMatchObject({ payStatus: 2, paid: true });
    expect(switched.payUrl).toBeUndefined();
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    expect(await sandboxRowsOf(orderSn)).toHaveLength(1);
  });

  it('refuses orders that are closed, expired, paid or free', async () => {
    const closed = await createOrder({ payStatus: 3 });
    await expectRefusal(launch(closed), ErrorCode.ORDER_REJECTED, '订单已关闭，请重新下单');
    const expired = await createOrder({ expireAt: Date.now() - 1000 });
    await expectRefusal(launch(expired), ErrorCode.ORDER_REJECTED, '订单已关闭，请重新下单');
    const paid = await createOrder({ payStatus: 2 });
    await expectRefusal(launch(paid), ErrorCode.ORDER_REJECTED, '订单已关闭，请重新下单');
    const free = await createOrder({ amountFen: 0 });
    await expectRefusal(launch(free), ErrorCode.FAIL, '该订单无需支付');
    await expectRefusal(launch('PK20990101000000000000'), ErrorCode.FAIL, '订单不存在');
    for (const orderSn of [closed, expired, paid, free]) expect(await sandboxRowsOf(orderSn)).toHaveLength(0);
  });

  it('a provider that does not answer fails the launch within GATEWAY_TIMEOUT_MS; the order stays payable (issue 18)', async () => {
    // Another instance over the same database whose provider never answers a prepay.
    const handle = createDatabase(t.database.config);
    const silent: PaymentGateway = new Proxy(sandbox, {
      get: (target, property) =>
        property === 'createPrepay' ? () => new Promise(() => {}) : Reflect.get(target, property, target),
    });
    const other = await buildApp(testConfig(t.database.config, { gatewayTimeoutMs: 200 }), {
      database: handle,
      gateways: { payment: silent },
    });
    await other.ready();
    // Building an app registers the modules' own order kinds; this file's kind takes its prefix back.
    registerPayableKind(testKind);
    try {
      const orderSn = await createOrder();
      await expectRefusal(
        launchPayment(other.ctx, {
          kind: 'package',
          orderSn,
          payType: 'wxpay',
          clientIp: '127.0.0.1',
          openId: '',
          origin: base,
        }),
        ErrorCode.ORDER_REJECTED,
        REASONS.payChannelUnavailable.zh,
      );
      expect(await orderOf(orderSn)).toMatchObject({ pay_status: 0, order_status: 0 });
      // Payable again at once, through a provider that answers.
      expect(await launch(orderSn)).toMatchObject({ orderSn, payStatus: 1, paid: false });
    } finally {
      await other.close();
      await handle.destroy();
    }
  });

  it('closeOpenPayments closes every open provider order of the order', async () => {
    const orderSn = await createOrder();
    await launch(orderSn, 'wxpay');
    await closeOpenPayments(t.app.ctx, orderSn);
    expect(await sandboxRowsOf(orderSn)).toMatchObject([{ state: 'closed' }]);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 2 }]);
  });
});

describe(`POST /api/pay/notify/{channel} on ${TEST_DB}`, () => {
  it('the same signed notify sent 20 times at once takes effect exactly once', async () => {
    const orderSn = await createOrder();
    const { payUrl } = await launch(orderSn);
    const prepayId = prepayIdOf(payUrl);
    await payWithoutNotify(prepayId);
    const body = await notifyBodyOf(prepayId);
    const headers = signSandboxNotify(t.app.ctx.secrets.sandboxSecret, body);

    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(headers, body)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'SUCCESS' });
    }
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 1 }]);
  });

  it('rejects forged, wrong-amount, stale and malformed notifies: 400 with the failure ack, nothing changes', async () => {
    const orderSn = await createOrder();
    const { payUrl } = await launch(orderSn);
    const prepayId = prepayIdOf(payUrl);
    await payWithoutNotify(prepayId);
    const secret = t.app.ctx.secrets.sandboxSecret;
    const body = await notifyBodyOf(prepayId);
    const sixMinutesAgo = String(Math.floor(Date.now() / 1000) - 6 * 60);
    const malformed = await notifyBodyOf(prepayId, { amount_fen: 'lots' });

    const attempts: [string, Record<string, string>, string][] = [
      ['forged signature', signSandboxNotify('not-the-sandbox-secret-at-all', body), body],
      ['tampered body', signSandboxNotify(secret, body), body.replace('"amount_fen":2990', '"amount_fen":1')],
      ['wrong amount', ...signed(secret, await notifyBodyOf(prepayId, { amount_fen: 1 }))],
      ['stale timestamp', signSandboxNotify(secret, body, { timestamp: sixMinutesAgo }), body],
      ['malformed body', ...signed(secret, malformed)],
      ['not json', ...signed(secret, '{"out_trade_no":')],
      ['no signature', { 'content-type': 'application/json' }, body],
    ];
    for (const [label, headers, payload] of attempts) {
      const res = await notify(headers, payload);
      expect({ label, status: res.statusCode }).toEqual({ label, status: 400 });
      expect(res.json()).toEqual({ code: 'FAIL', message: '失败' });
    }
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 1, order_status: 0, trade_no: null });
    expect(await effectsOf(orderSn, 'paid')).toBe(0);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 0, trade_no: null }]);

    // The genuine notify still goes through afterwards (its raw bytes are verified whatever the content type).
    const ok = await notify(withoutContentType(signSandboxNotify(secret, body)), body);
    expect(ok.statusCode).toBe(200);
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
  });

  it('an unknown channel is 404', async () => {
    const res = await notify({ 'content-type': 'application/json' }, '{}', 'nosuch');
    expect(res.statusCode).toBe(404);
  });

  it('a notify for an order closed meanwhile is refunded, once, and never reopens the order', async () => {
    const orderSn = await createOrder();
    const { payUrl } = await launch(orderSn);
    const prepayId = prepayIdOf(payUrl);
    await payWithoutNotify(prepayId);
    // The order times out before the notify arrives.
    await tables(t.database.handle.db)
      .updateTable('test_pay_orders')
      .set({ pay_status: 3, order_status: 5 })
      .where('order_sn', '=', orderSn)
      .execute();
    const body = await notifyBodyOf(prepayId);
    const headers = signSandboxNotify(t.app.ctx.secrets.sandboxSecret, body);

    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(headers, body)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(await sandboxRowsOf(orderSn)).toMatchObject([{ state: 'refunded' }]);
    expect(await effectsOf(orderSn, 'refunded')).toBe(1);
    expect(await effectsOf(orderSn, 'paid')).toBe(0);
    expect(await orderOf(orderSn)).toMatchObject({ pay_status: 5, order_status: 5, refund_sn: expect.any(String) });
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 3, refund_sn: (await orderOf(orderSn)).refund_sn }]);
  });
});

function signed(secret: string, body: string): [Record<string, string>, string] {
  return [signSandboxNotify(secret, body), body];
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _dropped, ...rest } = headers;
  return rest;
}

describe(`GET /api/pay/status and /api/pay/return on ${TEST_DB}`, () => {
  it('asks the provider once the launch is 10 s old and settles a payment whose notify was lost', async () => {
    const orderSn = await createOrder();
    const { payUrl } = await launch(orderSn);
    await payWithoutNotify(prepayIdOf(payUrl));

    const young = await status(orderSn);
    expect(young.json()).toMatchObject({ code: 0, data: { payStatus: 1, orderStatus: 0, paidAt: null } });

    await ageLaunches(orderSn, 11_000);
    const old = await status(orderSn);
    const order = await orderOf(orderSn);
    expect(old.json()).toEqual({
      code: 0,
      message: 'ok',
      data: {
        orderSn,
        kind: 'package',
        payStatus: 2,
        orderStatus: 1,
        payAmount: '29.90',
        paidAt: formatDateTime(order.paid_at ?? 0),
        expireAt: formatDateTime(order.expire_at ?? 0),
      },
    });
    expect(await effectsOf(orderSn, 'paid')).toBe(1);
    expect(await paymentsOf(orderSn)).toMatchObject([{ status: 1, trade_no: order.trade_no }]);
  });

  it('does not ask the provider again within 10 s of the last question', async () => {
    const orderSn = await createOrder();
    await launch(orderSn);
    await ageLaunches(orderSn, 11_000);
    const [before] = await paymentsOf(orderSn);
    await status(orderSn); // asks: unpaid
    const [asked] = await paymentsOf(orderSn);
    expect(asked?.updated_at).toBeGreaterThan(before?.updated_at ?? 0);
    await status(orderSn); // within 10 s: does not ask
    expect((await paymentsOf(orderSn))[0]?.updated_at).toBe(asked?.updated_at);
  });

  it('shows nothing to another buyer, nor for unknown orders', async () => {
    const orderSn = await createOrder();
    for (const res of [await status(orderSn, 'd'.repeat(32)), await status('PK20990101000000000000')]) {
      expect(res.json()).toEqual({ code: -1, message: '订单不存在', reason: 'orderNotFound', data: null });
    }
    const invalid = await status('nonsense');
    expect(invalid.json()).toMatchObject({ code: -1, data: { field: 'orderSn' } });
  });

  it('pay/return redirects into the app with the kept query parameters and changes nothing', async () => {
    const orderSn = await createOrder();
    await launch(orderSn);
    const before = await orderOf(orderSn);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pay/return?orderSn=${orderSn}&promoCode=demo&bd_vid=v1&pageCode=p2&agreeAgreement=1&autoFilterDelivery=1&next=https://evil.example`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/shop/#${RETURN_PATH(orderSn)}&promoCode=demo&bd_vid=v1&autoFilterDelivery=1&agreeAgreement=1&pageCode=p2`,
    );
    expect(await orderOf(orderSn)).toEqual(before);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/pay/return?orderSn=XX1&promoCode=demo' });
    expect(unknown.headers.location).toBe('/shop/#/?promoCode=demo');
  });
});

describe(`payment reconciliation job on ${TEST_DB}`, () => {
  it('settles every paid order when every notify was dropped, and leaves unpaid ones alone', async () => {
    const paid: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const orderSn = await createOrder({ amountFen: 1000 + i });
      const { payUrl } = await launch(orderSn, i % 2 ? 'alipay' : 'wxpay');
      await payWithoutNotify(prepayIdOf(payUrl));
      paid.push(orderSn);
    }
    const unpaid = await createOrder();
    await launch(unpaid);
    const fresh = await createOrder();
    const { payUrl: freshUrl } = await launch(fresh);
    await payWithoutNotify(prepayIdOf(freshUrl)); // younger than 30 s: left to its notify
    for (const orderSn of [...paid, unpaid]) await ageLaunches(orderSn, 31_000);

    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const orderSn of paid) {
      expect(await orderOf(orderSn)).toMatchObject({ pay_status: 2, order_status: 1 });
      expect(await effectsOf(orderSn, 'paid')).toBe(1);
      expect(await paymentsOf(orderSn)).toMatchObject([{ status: 1 }]);
    }
    expect(await orderOf(unpaid)).toMatchObject({ pay_status: 1 });
    expect(await paymentsOf(unpaid)).toMatchObject([{ status: 0 }]);
    expect(await orderOf(fresh)).toMatchObject({ pay_status: 1 });

    // A second run changes nothing.
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const orderSn of paid) expect(await effectsOf(orderSn, 'paid')).toBe(1);
    const lease = await t.database.handle.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', PAYMENT_RECONCILE_JOB)
      .executeTakeFirstOrThrow();
    expect(lease).toMatchObject({ last_error: null, last_run_at: expect.any(Number) });
  });

  it('closes the provider orders an order left open once it is closed, and refunds one paid there', async () => {
    const closedUnpaid = await createOrder();
    await launch(closedUnpaid);
    const closedPaid = await createOrder();
    const { payUrl } = await launch(closedPaid);
    await payWithoutNotify(prepayIdOf(payUrl));
    // Cancelled without reaching the provider (its close failed).
    await tables(t.database.handle.db)
      .updateTable('test_pay_orders')
      .set({ pay_status: 3, order_status: 5 })
      .where('order_sn', 'in', [closedUnpaid, closedPaid])
      .execute();
    for (const orderSn of [closedUnpaid, closedPaid]) await ageLaunches(orderSn, 31_000);

    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    expect(await sandboxRowsOf(closedUnpaid)).toMatchObject([{ state: 'closed' }]);
    expect(await paymentsOf(closedUnpaid)).toMatchObject([{ status: 2 }]);
    expect(await sandboxRowsOf(closedPaid)).toMatchObject([{ state: 'refunded' }]);
    expect(await orderOf(closedPaid)).toMatchObject({ pay_status: 5, order_status: 5 });
    expect(await effectsOf(closedPaid, 'refunded')).toBe(1);
  });
});
