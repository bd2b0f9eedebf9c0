/**
 * The console's payments and SMS pages over the real app and a real database (SQLite and PostgreSQL): every
 * notify is in the callback log with its headers (secrets redacted), raw body, verification and outcome;
 * the reconciliation job's settlements are there as `reconcile`; payment records and refunds (with who
 * refunded) page and filter; every SMS send, sent or refused, is in the SMS log with a masked mobile; and
 * only the roles with `payments.read` may read them.
 */
import { randomUUID } from 'node:crypto';
import { adminApi, orderApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxGateway } from '../../gateways/payment/sandbox.js';
import { sandboxNotifyFields, signSandboxNotify } from '../../gateways/payment/sandbox.js';
import type { SmsGateway } from '../../gateways/sms/sms-gateway.js';
import { SmsRefusal } from '../../gateways/sms/sms-gateway.js';
import { PAYMENT_RECONCILE_JOB } from '../../jobs/payment-reconcile.js';
import { runJobOnce } from '../../jobs/runner.js';
import { callEndpoint } from '../../test/call.js';
import { shopOrderRow } from '../../test/fixtures.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { payableOrders, payTables, preparePayableOrders } from '../../test/payable-orders.js';
import { activeStaff, type StaffSignIn, staffCall } from '../../test/staff.js';
import { LoggedSmsGateway } from '../sms/log.js';
import { REDACTED } from './callback-log.js';

let t: TestApp;
let orders: ReturnType<typeof payableOrders>;
let sandbox: SandboxGateway;
let owner: StaffSignIn;
let operator: StaffSignIn;
let finance: StaffSignIn;
let support: StaffSignIn;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const base = await preparePayableOrders(t);
  orders = payableOrders(t, base);
  sandbox = t.app.ctx.payments.byChannel('sandbox') as SandboxGateway;
  owner = await activeStaff(t, 'paula', 'owner');
  operator = await activeStaff(t, 'otto', 'operator');
  finance = await activeStaff(t, 'fiona', 'finance');
  support = await activeStaff(t, 'sven', 'support');
});
afterAll(() => t.close());

const prepayIdOf = (payUrl: string | undefined) => new URL(payUrl ?? '').searchParams.get('prepayId') ?? '';

/** Pays in the sandbox without the notify reaching the server (a dropped notify). */
async function payWithoutNotify(prepayId: string) {
  sandbox.deliverNotifies = false;
  try {
    expect((await sandbox.confirm(prepayId)).outcome).toBe('paid');
  } finally {
    sandbox.deliverNotifies = true;
  }
}

/** A launched order, paid at the provider, whose notify has not arrived: its sn and the notify body. */
async function paidAtProvider(): Promise<{ orderSn: string; body: string; tradeNo: string }> {
  const orderSn = await orders.createOrder();
  const { payUrl } = await orders.launch(orderSn);
  const prepayId = prepayIdOf(payUrl);
  await payWithoutNotify(prepayId);
  const row = await sandbox.find(prepayId);
  if (!row) throw new Error('no sandbox payment');
  return { orderSn, body: JSON.stringify({ id: 'n-1', ...sandboxNotifyFields(row) }), tradeNo: row.trade_no ?? '' };
}

const callbacksOf = async (orderSn: string, as = finance) => {
  const res = await staffCall(t, adminApi.listPaymentCallbacks, { orderSn }, { as });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
};

describe(`the callback log on ${TEST_DB}`, () => {
  it('records a verified notify (paid), its replay (duplicate) and a forged one (refused), secrets redacted', async () => {
    const { orderSn, body, tradeNo } = await paidAtProvider();
    const secret = t.app.ctx.secrets.sandboxSecret;
    const headers = { ...signSandboxNotify(secret, body), authorization: 'Bearer s3cr3t', cookie: 'a=b' };

    expect((await orders.notify(headers, body, 'sandbox')).statusCode).toBe(200);
    expect((await orders.notify(headers, body, 'sandbox')).statusCode).toBe(200);
    const forged = signSandboxNotify('not-the-sandbox-secret-at-all', body);
    expect((await orders.notify(forged, body, 'sandbox')).statusCode).toBe(400);

    // The forged one names no order it could be trusted for; the two genuine ones do.
    const lines = await callbacksOf(orderSn);
    expect(lines).toMatchObject([
      { source: 'notify', channel: 'sandbox', verified: true, outcome: 'duplicate', amount: '29.90', tradeNo },
      { source: 'notify', channel: 'sandbox', verified: true, outcome: 'paid', amount: '29.90', tradeNo, reason: null },
    ]);
    const refused = await staffCall(
      t,
      adminApi.listPaymentCallbacks,
      { outcome: 'refused', channel: 'sandbox' },
      { as: support },
    );
    const forgedLine = refused.body.data.list.find((l) => l.orderSn === null && l.verified === false);
    expect(forgedLine).toMatchObject({ outcome: 'refused', reason: expect.any(String) });

    const paidLine = lines[1];
    const detail = await staffCall(t, adminApi.paymentCallback, { id: paidLine?.id ?? 0 }, { as: finance });
    expect(detail.body).toMatchObject({ code: 0, data: { id: paidLine?.id, outcome: 'paid', orderSn, body } });
    expect(detail.body.data.headers).toMatchObject({
      authorization: REDACTED,
      cookie: REDACTED,
      'content-type': 'application/json',
    });
    // The provider's own signature headers are kept as sent: they are what the verification read.
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'authorization' || name === 'cookie') continue;
      expect(detail.body.data.headers[name.toLowerCase()]).toBe(value);
    }
    expect(JSON.stringify(detail.body.data)).not.toContain('s3cr3t');

    const missing = await staffCall(t, adminApi.paymentCallback, { id: 999_999 }, { as: finance });
    expect(missing.body).toMatchObject({ code: -1, reason: 'callbackNotFound' });
  });

  it('a notify whose log write fails is still applied', async () => {
    const { orderSn, body } = await paidAtProvider();
    const headers = signSandboxNotify(t.app.ctx.secrets.sandboxSecret, body);
    // The app's own database handle refuses writes to the log table for this one notify.
    const realInsert = db().insertInto.bind(db());
    const broken = db() as unknown as { insertInto?: (table: string) => unknown };
    broken.insertInto = (table: string) => {
      if (table === 'payment_callbacks') throw new Error('log table unavailable');
      return realInsert(table as never);
    };
    try {
      expect((await orders.notify(headers, body, 'sandbox')).statusCode).toBe(200);
    } finally {
      delete broken.insertInto;
    }
    expect(t.serverErrors().join('\n')).toContain('payment callback log write failed');
    expect(await orders.orderOf(orderSn)).toMatchObject({ pay_status: 2 });
    expect(await callbacksOf(orderSn)).toEqual([]);
  });

  it('lists what the reconciliation job settled as source reconcile', async () => {
    const { orderSn, tradeNo } = await paidAtProvider();
    await orders.ageLaunches(orderSn, 31_000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    expect(await orders.orderOf(orderSn)).toMatchObject({ pay_status: 2 });

    const res = await staffCall(t, adminApi.listPaymentCallbacks, { source: 'reconcile', orderSn }, { as: owner });
    expect(res.body.data).toMatchObject({
      total: 1,
      list: [{ source: 'reconcile', orderSn, verified: true, outcome: 'paid', amount: '29.90', tradeNo }],
    });
    const detail = await staffCall(t, adminApi.paymentCallback, { id: res.body.data.list[0]?.id ?? 0 }, { as: owner });
    expect(detail.body.data.headers).toEqual({});
    expect(JSON.parse(detail.body.data.body)).toMatchObject({ state: 'paid', tradeNo });
  });
});

let shopSerial = 0;
/** A shop order waiting for review, paid through the sandbox (so a refund goes to the provider). */
async function paidShopOrder(): Promise<string> {
  shopSerial += 1;
  const orderSn = `HK${TEST_DB === 'sqlite' ? 3 : 4}${String(Date.now()).slice(-8)}${String(shopSerial).padStart(4, '0')}`;
  const now = Date.now();
  const prepayId = `sbx${randomUUID().replaceAll('-', '')}`;
  const tradeNo = `SBX${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await db()
    .insertInto('shop_orders')
    .values(
      shopOrderRow({
        order_sn: orderSn,
        order_status: 1,
        pay_status: 2,
        pay_amount_fen: 3900,
        pay_type: 'wxpay',
        paid_at: now,
        trade_no: tradeNo,
      }),
    )
    .execute();
  await db()
    .insertInto('payments')
    .values({
      order_sn: orderSn,
      kind: 'shop',
      channel: 'sandbox',
      pay_type: 'wxpay',
      amount_fen: 3900,
      prepay_id: prepayId,
      pay_url: null,
      status: 1,
      trade_no: tradeNo,
      refund_sn: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db()
    .insertInto('sandbox_payments')
    .values({
      prepay_id: prepayId,
      out_trade_no: orderSn,
      amount_fen: 3900,
      description: '测试号卡',
      notify_url: 'http://127.0.0.1/api/pay/notify/sandbox',
      return_url: 'http://127.0.0.1/',
      state: 'paid',
      trade_no: tradeNo,
      expire_at: now + 900_000,
      paid_at: now,
      created_at: now,
    })
    .execute();
  return orderSn;
}

describe(`payment records and refunds on ${TEST_DB}`, () => {
  it('pages the records with filters, and lists a staff refund with who made it', async () => {
    const orderSn = await paidShopOrder();
    const records = await staffCall(t, adminApi.listPayments, { orderSn }, { as: finance });
    expect(records.body).toMatchObject({
      code: 0,
      data: { total: 1, list: [{ orderSn, kind: 'shop', channel: 'sandbox', amount: '39.00', status: 1 }] },
    });
    const paidOnly = await staffCall(t, adminApi.listPayments, { status: 1, pageSize: 100 }, { as: finance });
    expect(paidOnly.body.data.list.every((p) => p.status === 1)).toBe(true);
    expect((await staffCall(t, adminApi.listPayments, { orderSn, status: 0 }, { as: finance })).body.data.total).toBe(
      0,
    );

    const refunded = await staffCall(
      t,
      adminApi.refundOrder,
      { orderSn, reason: '用户申请退款', idempotencyKey: randomUUID().replaceAll('-', '') },
      { as: finance },
    );
    expect(refunded.body).toMatchObject({ code: 0, data: { orderStatus: 7 } });

    const refunds = await staffCall(t, adminApi.listRefunds, { orderSn }, { as: support });
    expect(refunds.body.data).toMatchObject({
      total: 1,
      list: [{ orderSn, kind: 'shop', amount: '39.00', status: 3, refundSn: expect.stringMatching(/^RF/) }],
    });
    expect(refunds.body.data.list[0]?.refundedBy).toBe('fiona');
  });

  it('lists an automatic refund (a payment for a closed order) without a staff member', async () => {
    const { orderSn, body } = await paidAtProvider();
    await payTables(db())
      .updateTable('test_pay_orders')
      .set({ pay_status: 3, order_status: 5 })
      .where('order_sn', '=', orderSn)
      .execute();
    const headers = signSandboxNotify(t.app.ctx.secrets.sandboxSecret, body);
    expect((await orders.notify(headers, body, 'sandbox')).statusCode).toBe(200);

    const refunds = await staffCall(t, adminApi.listRefunds, { orderSn }, { as: finance });
    expect(refunds.body.data.list).toMatchObject([{ orderSn, status: 3, refundedBy: null }]);
    expect(await callbacksOf(orderSn)).toMatchObject([{ outcome: 'refunded', verified: true }]);
  });
});

describe(`the SMS log on ${TEST_DB}`, () => {
  it('records every code sent, masked, with the provider answer and the messages billed', async () => {
    const mobile = '13900001234';
    const sent = await callEndpoint(
      t,
      orderApi.sendShopCode,
      { mobile, scene: 'login' },
      { remoteAddress: '10.9.0.1' },
    );
    expect(sent.code).toBe(0);

    const res = await staffCall(t, adminApi.listSmsLog, { mobile }, { as: finance });
    expect(res.body.data).toMatchObject({
      total: 1,
      list: [
        {
          mobileMasked: '139****1234',
          purpose: 'login',
          template: 'login',
          provider: 'outbox',
          ok: true,
          answer: 'OK',
          cost: 1,
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain(mobile);
    expect((await staffCall(t, adminApi.listSmsLog, { mobile: '13900009999' }, { as: finance })).body.data.total).toBe(
      0,
    );
  });

  it('records a refusal with the provider code and no cost, and the refusal still reaches the caller', async () => {
    const refusing: SmsGateway = {
      name: 'aliyun',
      send: () => Promise.reject(new SmsRefusal('aliyun', 'isv.BUSINESS_LIMIT_CONTROL', 'too many', 'REQ-1')),
      notify: () => Promise.resolve(),
    };
    const logged = new LoggedSmsGateway(refusing, { db: db(), log: t.app.log, now: () => Date.now() });
    await expect(logged.send('13900005678', 'order', '123456')).rejects.toBeInstanceOf(SmsRefusal);
    await logged.notify('13900005678', 'renewFailed', { name: 'x' });

    const res = await staffCall(t, adminApi.listSmsLog, { mobile: '13900005678' }, { as: owner });
    expect(res.body.data.list).toMatchObject([
      { purpose: 'alert', template: 'renewFailed', provider: 'aliyun', ok: true, cost: 1 },
      {
        purpose: 'order',
        provider: 'aliyun',
        ok: false,
        cost: 0,
        answer: expect.stringContaining('isv.BUSINESS_LIMIT_CONTROL'),
      },
    ]);
    const refusedOnly = await staffCall(t, adminApi.listSmsLog, { mobile: '13900005678', ok: 0 }, { as: owner });
    expect(refusedOnly.body.data.total).toBe(1);
  });
});

describe(`roles on ${TEST_DB}`, () => {
  it('finance, support and the owner read payments and SMS; an operator is refused; no session is 401', async () => {
    for (const endpoint of [adminApi.listPayments, adminApi.listRefunds, adminApi.listSmsLog]) {
      for (const as of [owner, finance, support]) {
        expect((await staffCall(t, endpoint, {}, { as })).status).toBe(200);
      }
      const refused = await staffCall(t, endpoint, {}, { as: operator });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: -1, reason: 'staffForbidden' });
      expect((await staffCall(t, endpoint, {})).status).toBe(401);
    }
  });
});
