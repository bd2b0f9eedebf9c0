/**
 * The console's orders queue over the real app and a real database (SQLite and PostgreSQL): the table's
 * filters and paging, the detail drawer, each state-machine step and its refusal in a wrong state with its
 * audit line, notes, refund once per idempotency key (the same key twice, and ten concurrent calls), the
 * role check on refunds, batch ship with mixed lines, the XLSX export of a filter, the card and mall tabs,
 * and the CLI's `order ship` with its tracking number through the same service.
 */
import { randomUUID } from 'node:crypto';
import { type AdminShopOrder, adminApi, STAFF_COOKIE } from '@haoka/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ABANDONED_CLAIM_MS } from '../../http/idempotency.js';
import { cli } from '../../test/cli.js';
import { type ShopOrderInit, shopOrderRow } from '../../test/fixtures.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';
import { newSimRow } from '../iot-core/sim-row.js';
import { parseBatchShip } from './console.js';

let t: TestApp;
let owner: StaffSignIn;
let operator: StaffSignIn;
let finance: StaffSignIn;
let support: StaffSignIn;
const db = () => t.database.handle.db;
const T0 = Date.parse('2026-10-01T00:00:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-02T02:00:00Z'));
  t = await createTestApp({ demo: false });
  owner = await activeStaff(t, 'boss', 'owner');
  nextTotpStep();
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

let serial = 0;
/** A shop order row of its own number (`HK…`), created `minutesAgo` before now by default. */
async function order(init: Partial<ShopOrderInit> = {}): Promise<string> {
  serial += 1;
  const orderSn = init.order_sn ?? `HK${TEST_DB === 'sqlite' ? 1 : 2}${String(serial).padStart(12, '0')}`;
  await db()
    .insertInto('shop_orders')
    .values(shopOrderRow({ created_at: T0 + serial * 60_000, ...init, order_sn: orderSn }))
    .execute();
  return orderSn;
}

/** A paid order waiting for review, with its settled sandbox payment (so a refund goes to the provider). */
async function paidOrder(init: Partial<ShopOrderInit> = {}): Promise<string> {
  const now = Date.now();
  const orderSn = await order({
    order_status: 1,
    pay_status: 2,
    pay_amount_fen: 3900,
    pay_type: 'wxpay',
    paid_at: now,
    trade_no: `T${randomUUID().slice(0, 8)}`,
    ...init,
  });
  const prepayId = `sbx${randomUUID().replaceAll('-', '')}`;
  const tradeNo = `SBX${randomUUID().replaceAll('-', '').slice(0, 20)}`;
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

const stateOf = (orderSn: string) =>
  db()
    .selectFrom('shop_orders')
    .select(['order_status', 'pay_status', 'express_company', 'tracking_no', 'cancel_reason'])
    .where('order_sn', '=', orderSn)
    .executeTakeFirstOrThrow();

const auditLines = (orderSn: string) =>
  db().selectFrom('audit_log').selectAll().where('target', '=', `order:${orderSn}`).orderBy('id').execute();

const key = () => randomUUID().replaceAll('-', '');

describe(`the shop orders table on ${TEST_DB}`, () => {
  const sns: Record<string, string> = {};
  beforeAll(async () => {
    await db().deleteFrom('shop_orders').execute();
    sns.a = await order({ order_status: 1, pay_status: 2, promo_code: 'P1', contact_mobile: '13900000001' });
    sns.b = await order({ order_status: 2, pay_status: 2, promo_code: 'P1', number: '13812345678', order_type: 1 });
    sns.c = await order({ order_status: 1, pay_status: 0, promo_code: 'P2', number: '13899990000', order_type: 1 });
    sns.d = await order({ order_status: 5, pay_status: 0, contact_mobile: '13900000001' });
    sns.e = await order({ order_status: 1, pay_status: 2, promo_code: 'P2' });
  });

  const list = async (query: Record<string, unknown>, as = support) => {
    const res = await staffCall(t, adminApi.listOrders, query as never, { as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data;
  };
  const sn = (rows: AdminShopOrder[]) => rows.map((r) => r.orderSn);

  it('pages newest first, with the count of the whole filter and masked mobiles', async () => {
    const first = await list({ page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(sn(first.list)).toEqual([sns.e, sns.d]);
    const third = await list({ page: 3, pageSize: 2 });
    expect(sn(third.list)).toEqual([sns.a]);
    expect(third.list[0]).toMatchObject({ contactMobileMasked: '139****0001', orderStatus: 1, payStatus: 2 });
    expect(JSON.stringify(first)).not.toContain('13900000001');
    expect((await list({ page: 4, pageSize: 2 })).list).toEqual([]);
  });

  it('filters by status, pay status, promoter, mobile, order number, number and date', async () => {
    expect(sn((await list({ status: 1 })).list)).toEqual([sns.e, sns.c, sns.a]);
    expect(sn((await list({ status: 1, payStatus: 2 })).list)).toEqual([sns.e, sns.a]);
    expect(sn((await list({ promoCode: 'P1' })).list)).toEqual([sns.b, sns.a]);
    expect(sn((await list({ mobile: '13900000001' })).list)).toEqual([sns.d, sns.a]);
    expect(sn((await list({ orderSn: sns.c })).list)).toEqual([sns.c]);
    expect(sn((await list({ number: '1381' })).list)).toEqual([sns.b]);
    expect(sn((await list({ number: '138' })).list)).toEqual([sns.c, sns.b]);
    expect(sn((await list({ number: '13899990000' })).list)).toEqual([sns.c]);
    const createdB = (await list({ orderSn: sns.b })).list[0]?.createdAt as number;
    const createdD = (await list({ orderSn: sns.d })).list[0]?.createdAt as number;
    const range = await list({ from: createdB, to: createdD });
    expect(sn(range.list)).toEqual([sns.c, sns.b]);
    expect(range.total).toBe(2);
    const none = await list({ status: 7 });
    expect(none).toMatchObject({ list: [], total: 0 });
  });

  it('refuses a malformed filter with the field', async () => {
    const res = await staffCall(t, adminApi.listOrders, { mobile: '12345' } as never, { as: support });
    expect(res.body).toMatchObject({ code: -1, data: { field: 'mobile' } });
  });
});

describe(`the order steps on ${TEST_DB}`, () => {
  it('audits, ships with courier and tracking number, completes; each step audited with its fields', async () => {
    const orderSn = await order({ order_status: 1, pay_status: 2, pay_amount_fen: 0 });
    const audit = await staffCall(t, adminApi.auditOrder, { orderSn }, { as: operator, remoteAddress: '10.9.0.1' });
    expect(audit.body).toMatchObject({ code: 0, data: { orderSn, orderStatus: 2, payStatus: 2 } });
    // Completing before shipping is refused and changes nothing.
    const early = await staffCall(t, adminApi.completeOrder, { orderSn }, { as: operator });
    expect(early.body).toMatchObject({ code: -1, reason: 'completeStatus', data: { status: 2 } });
    const badTracking = await staffCall(
      t,
      adminApi.shipOrder,
      { orderSn, company: '顺丰速运', trackingNo: 'no!' },
      { as: operator },
    );
    expect(badTracking.body).toMatchObject({ code: -1, reason: 'trackingNoInvalid', data: { field: 'trackingNo' } });
    const ship = await staffCall(
      t,
      adminApi.shipOrder,
      { orderSn, company: '顺丰速运', trackingNo: 'SF1234567890' },
      { as: operator },
    );
    expect(ship.body).toMatchObject({ code: 0, data: { orderStatus: 3 } });
    expect(await stateOf(orderSn)).toMatchObject({ express_company: '顺丰速运', tracking_no: 'SF1234567890' });
    const again = await staffCall(
      t,
      adminApi.shipOrder,
      { orderSn, company: '京东快递', trackingNo: 'JD0000000001' },
      { as: operator },
    );
    expect(again.body).toMatchObject({ code: -1, reason: 'shipStatus', data: { status: 3 } });
    expect((await staffCall(t, adminApi.completeOrder, { orderSn }, { as: operator })).body.data).toMatchObject({
      orderStatus: 4,
    });
    expect((await staffCall(t, adminApi.auditOrder, { orderSn }, { as: operator })).body).toMatchObject({
      code: -1,
      reason: 'reviewStatus',
    });

    const lines = await auditLines(orderSn);
    expect(lines.map((l) => [l.action, l.actor])).toEqual([
      ['order.audit', 'olga'],
      ['order.ship', 'olga'],
      ['order.complete', 'olga'],
    ]);
    expect(lines[0]).toMatchObject({ ip: '10.9.0.1' });
    expect(JSON.parse(lines[0]?.before_json ?? '')).toEqual({ orderStatus: 1 });
    expect(JSON.parse(lines[0]?.after_json ?? '')).toEqual({ orderStatus: 2 });
    expect(JSON.parse(lines[1]?.before_json ?? '')).toEqual({ orderStatus: 2, expressCompany: '', trackingNo: '' });
    expect(JSON.parse(lines[1]?.after_json ?? '')).toEqual({
      orderStatus: 3,
      expressCompany: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
  });

  it('rejects an unpaid order with a reason (6), a paid one ends refunded (7), and refuses a second reject', async () => {
    const unpaid = await order({ order_status: 1, pay_status: 0 });
    const res = await staffCall(t, adminApi.rejectOrder, { orderSn: unpaid, reason: '资料不全' }, { as: operator });
    expect(res.body).toMatchObject({ code: 0, data: { orderStatus: 6, payStatus: 0 } });
    expect(await stateOf(unpaid)).toMatchObject({ order_status: 6, cancel_reason: '资料不全' });
    const twice = await staffCall(t, adminApi.rejectOrder, { orderSn: unpaid, reason: '资料不全' }, { as: operator });
    expect(twice.body).toMatchObject({ code: -1, reason: 'rejectStatus', data: { status: 6 } });

    const paid = await paidOrder();
    const rejected = await staffCall(t, adminApi.rejectOrder, { orderSn: paid, reason: '无法开卡' }, { as: operator });
    expect(rejected.body).toMatchObject({ code: 0, data: { orderStatus: 7, payStatus: 5 } });
    const lines = await auditLines(paid);
    expect(lines.map((l) => l.action)).toEqual(['order.reject']);
    expect(JSON.parse(lines[0]?.after_json ?? '')).toMatchObject({ orderStatus: 7, cancelReason: '无法开卡' });
  });

  it('answers orderNotFound for an unknown order', async () => {
    const res = await staffCall(t, adminApi.auditOrder, { orderSn: 'HK0000000000000' }, { as: operator });
    expect(res.body).toMatchObject({ code: -1, reason: 'orderNotFound' });
  });
});

describe(`refunds on ${TEST_DB}`, () => {
  const refund = (orderSn: string, idempotencyKey: string, as = finance) =>
    staffCall(t, adminApi.refundOrder, { orderSn, reason: '用户申请退款', idempotencyKey }, { as });
  const sandboxRefunds = () => {
    const gateway = t.app.ctx.payments.byChannel('sandbox');
    if (!gateway) throw new Error('no sandbox gateway');
    return vi.spyOn(gateway, 'refund');
  };
  beforeEach(() => vi.restoreAllMocks());

  it('refunds through the provider once; the same key again answers the same and refunds nothing', async () => {
    const orderSn = await paidOrder();
    const spy = sandboxRefunds();
    const k = key();
    const first = await refund(orderSn, k);
    expect(first.body).toMatchObject({ code: 0, data: { orderSn, orderStatus: 7, payStatus: 5 } });
    const second = await refund(orderSn, k);
    expect(second.body).toEqual(first.body);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toMatchObject({ orderSn, amountFen: 3900, reason: '用户申请退款' });
    expect((await auditLines(orderSn)).map((l) => [l.action, l.actor])).toEqual([['order.refund', 'fred']]);
    // A new key (a new confirmation) is a new refund: refused, the order is refunded already.
    expect((await refund(orderSn, key())).body).toMatchObject({
      code: -1,
      reason: 'refundStatus',
      data: { status: 7 },
    });
    const payments = await db().selectFrom('payments').select('status').where('order_sn', '=', orderSn).execute();
    expect(payments.map((p) => p.status)).toEqual([3]);
  });

  it('refunds once for ten concurrent calls with one key: one provider refund, one audit line, ten answers alike', async () => {
    const orderSn = await paidOrder();
    const spy = sandboxRefunds();
    const k = key();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(orderSn, k)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 0, data: { orderSn, orderStatus: 7, payStatus: 5 } });
    }
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await auditLines(orderSn)).filter((l) => l.action === 'order.refund')).toHaveLength(1);
    const stored = await db().selectFrom('idempotency_keys').selectAll().where('idem_key', '=', k).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      action: 'order.refund',
      target: `order:${orderSn}`,
      staff_id: expect.any(Number),
    });
  });

  it('refuses a shipped order, gives the key back, and refuses a key used for another order', async () => {
    const shipped = await order({ order_status: 3, pay_status: 2 });
    const k = key();
    expect((await refund(shipped, k)).body).toMatchObject({ code: -1, reason: 'refundStatus', data: { status: 3 } });
    expect(await db().selectFrom('idempotency_keys').selectAll().where('idem_key', '=', k).execute()).toEqual([]);
    expect(await auditLines(shipped)).toEqual([]);

    const a = await order({ order_status: 1, pay_status: 0 });
    const b = await order({ order_status: 1, pay_status: 0 });
    const reused = key();
    expect((await refund(a, reused)).body).toMatchObject({ code: 0, data: { orderStatus: 7 } });
    expect((await refund(b, reused)).body).toMatchObject({ code: -1, reason: 'duplicateRequest' });
    expect((await stateOf(b)).order_status).toBe(1);
  });

  it('takes over a claim a stopped process left without an answer', async () => {
    const orderSn = await paidOrder();
    const k = key();
    await db()
      .insertInto('idempotency_keys')
      .values({
        idem_key: k,
        action: 'order.refund',
        target: `order:${orderSn}`,
        staff_id: null,
        answer_json: null,
        at: Date.now() - ABANDONED_CLAIM_MS - 1,
      })
      .execute();
    expect((await refund(orderSn, k)).body).toMatchObject({ code: 0, data: { orderStatus: 7, payStatus: 5 } });
    const stored = await db().selectFrom('idempotency_keys').selectAll().where('idem_key', '=', k).execute();
    expect(stored.map((r) => JSON.parse(r.answer_json ?? 'null'))).toEqual([{ orderSn, orderStatus: 7, payStatus: 5 }]);
  });

  it('refuses a refund by support or an operator with 403, and by anyone without a session with 401', async () => {
    const orderSn = await paidOrder();
    for (const as of [support, operator]) {
      const res = await refund(orderSn, key(), as);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: -1, reason: 'staffForbidden' });
    }
    const anonymous = await staffCall(t, adminApi.refundOrder, {
      orderSn,
      reason: 'x',
      idempotencyKey: key(),
    });
    expect(anonymous.status).toBe(401);
    expect((await stateOf(orderSn)).order_status).toBe(1);
  });
});

describe(`notes and the detail drawer on ${TEST_DB}`, () => {
  it('adds notes (support may), and the detail has the contact, address names, payments, notes and history', async () => {
    const orderSn = await paidOrder({
      contact_mobile: '13712345678',
      id_card_masked: '440305********1234',
      address_detail: '科技园南区 1 栋 101',
    });
    const note = await staffCall(t, adminApi.addOrderNote, { orderSn, text: '客户来电要求周末送达' }, { as: support });
    expect(note.body).toMatchObject({ code: 0, data: { author: 'sue', text: '客户来电要求周末送达' } });
    await staffCall(t, adminApi.auditOrder, { orderSn }, { as: operator });
    const missing = await staffCall(
      t,
      adminApi.addOrderNote,
      { orderSn: 'HK0000000000001', text: 'x' },
      { as: support },
    );
    expect(missing.body).toMatchObject({ code: -1, reason: 'orderNotFound' });

    const res = await staffCall(t, adminApi.orderDetail, { orderSn }, { as: support });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const detail = res.body.data;
    expect(detail).toMatchObject({
      orderSn,
      orderStatus: 2,
      contactMobile: '13712345678',
      contactMobileMasked: '137****5678',
      idCardMasked: '440305********1234',
      address: { provinceName: '广东省', cityName: '深圳市', countyName: '南山区', detail: '科技园南区 1 栋 101' },
    });
    expect(detail.payments).toEqual([
      expect.objectContaining({ channel: 'sandbox', payType: 'wxpay', amount: '39.00', status: 1 }),
    ]);
    expect(detail.notes).toEqual([expect.objectContaining({ author: 'sue', text: '客户来电要求周末送达' })]);
    expect(detail.history.map((l) => [l.action, l.actor])).toEqual([
      ['order.audit', 'olga'],
      ['order.note', 'sue'],
    ]);
  });
});

describe(`batch ship on ${TEST_DB}`, () => {
  it('parses commas, tabs and spaces, skipping a header and blank lines', () => {
    expect(
      parseBatchShip('订单号,快递公司,快递单号\n\nA1,顺丰速运,SF1\r\nA2\t京东快递\tJD2\n  A3  中通 ZT3  '),
    ).toEqual([
      { line: 3, fields: ['A1', '顺丰速运', 'SF1'] },
      { line: 4, fields: ['A2', '京东快递', 'JD2'] },
      { line: 5, fields: ['A3', '中通', 'ZT3'] },
    ]);
  });

  it('ships each line on its own and answers a result per line', async () => {
    const ok1 = await order({ order_status: 2, pay_status: 2 });
    const ok2 = await order({ order_status: 2, pay_status: 2 });
    const pending = await order({ order_status: 1, pay_status: 2 });
    const text = [
      'orderSn,company,trackingNo',
      `${ok1},顺丰速运,SF0000000001`,
      '',
      `${ok2}\t京东快递\tJD0000000002`,
      `${pending},顺丰速运,SF0000000003`,
      'HK9999999999999,顺丰速运,SF0000000004',
      `${ok1},顺丰速运,bad!`,
      `${ok1},顺丰速运`,
    ].join('\n');
    const res = await staffCall(t, adminApi.batchShip, { text }, { as: operator });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data).toEqual({
      shipped: 2,
      failed: 4,
      lines: [
        { line: 2, orderSn: ok1, ok: true },
        { line: 4, orderSn: ok2, ok: true },
        { line: 5, orderSn: pending, ok: false, reason: 'shipStatus' },
        { line: 6, orderSn: 'HK9999999999999', ok: false, reason: 'orderNotFound' },
        { line: 7, orderSn: ok1, ok: false, reason: 'trackingNoInvalid' },
        { line: 8, orderSn: ok1, ok: false, reason: 'batchLineInvalid' },
      ],
    });
    expect(await stateOf(ok2)).toMatchObject({
      order_status: 3,
      express_company: '京东快递',
      tracking_no: 'JD0000000002',
    });
    expect((await auditLines(ok1)).map((l) => [l.action, l.actor])).toEqual([['order.batchShip', 'olga']]);
    expect(await auditLines(pending)).toEqual([]);
  });

  it('refuses more lines than allowed, shipping nothing', async () => {
    const sn = await order({ order_status: 2, pay_status: 2 });
    const lines = Array.from({ length: adminApi.BATCH_SHIP_MAX + 1 }, (_, i) => `${sn},顺丰速运,SF${1000000 + i}`);
    const res = await staffCall(t, adminApi.batchShip, { text: lines.join('\n') }, { as: operator });
    expect(res.body).toMatchObject({ code: -1, reason: 'batchTooLarge', data: { max: adminApi.BATCH_SHIP_MAX } });
    expect((await stateOf(sn)).order_status).toBe(2);
  });
});

describe(`the XLSX export on ${TEST_DB}`, () => {
  const exportOf = (query: string, as: StaffSignIn | null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `${adminApi.ADMIN_EXPORT_PATH}${query}`,
      headers: { ...(as ? { cookie: `${STAFF_COOKIE}=${as.cookie}` } : {}), ...headers },
    });

  it('streams the filtered orders as a workbook with a zh-Hans header and masked mobiles, and audits it', async () => {
    const promo = `X${serial}`;
    const a = await order({ promo_code: promo, order_status: 2, contact_mobile: '13511112222', number: '13511119999' });
    const b = await order({ promo_code: promo, order_status: 1 });
    await order({ promo_code: 'OTHER', order_status: 2 });
    const res = await exportOf(`?promoCode=${promo}`, finance);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="orders-\d{8}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('订单');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual(['订单号', '订单类型', '商品', '号码', '联系人', '联系电话']);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(sheet.actualRowCount).toBe(3);
    expect(rows.map((r) => r[0])).toEqual([b, a]);
    expect(rows[1]?.[5]).toBe('135****2222');
    expect(rows[1]?.[3]).toBe('13511119999');
    expect(rows[1]?.[13]).toBeInstanceOf(Date);

    const english = await exportOf(`?promoCode=${promo}&status=1`, finance, { 'accept-language': 'en-US,en;q=0.9' });
    const en = new ExcelJS.Workbook();
    await en.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(en.worksheets[0]?.getRow(1).getCell(1).value).toBe('Order number');
    expect(en.worksheets[0]?.actualRowCount).toBe(2);

    const lines = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.export')
      .orderBy('id')
      .execute();
    expect(lines.map((l) => l.actor)).toEqual(['fred', 'fred']);
    expect(JSON.parse(lines[0]?.after_json ?? '')).toEqual({ filter: { promoCode: promo } });
  });

  it('needs a session and exports.read, and a valid filter', async () => {
    expect((await exportOf('', null)).statusCode).toBe(401);
    const refused = await exportOf('', support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: -1, reason: 'staffForbidden' });
    expect((await exportOf('', operator)).statusCode).toBe(403);
    const bad = await exportOf('?mobile=123', owner);
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ code: -1, data: { field: 'mobile' } });
  });
});

describe(`the card and mall tabs on ${TEST_DB}`, () => {
  it('lists card orders of every kind and mall orders, and ships a courier mall order with its tracking number', async () => {
    const now = Date.now();
    const sim = await db()
      .insertInto('sims')
      .values(
        newSimRow(now, {
          sim_no: '1440000099001',
          iccid: '89860000000099001',
          operator_type: 1,
          promo_code: '',
          layout_code: '',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { sim_id: sim.id, pay_type: 'wxpay', uuid: '', request_hash: '', updated_at: now };
    await db()
      .insertInto('iot_coupon_orders')
      .values({
        ...base,
        order_sn: 'CP1',
        activity_id: 1,
        activity_name: '券包',
        pay_amount_fen: 990,
        status: 1,
        pay_status: 2,
        expire_at: null,
        paid_at: now,
        trade_no: null,
        created_at: now - 2000,
        uuid: randomUUID(),
      })
      .execute();
    await db()
      .insertInto('iot_balance_orders')
      .values({
        ...base,
        order_sn: 'BL1',
        option_id: null,
        amount_fen: 5000,
        gift_fen: 0,
        recharge_no: '1440000099001',
        status: 1,
        pay_status: 2,
        arrears_paid_fen: 0,
        expire_at: null,
        paid_at: now,
        trade_no: null,
        created_at: now - 1000,
        uuid: randomUUID(),
      })
      .execute();
    const cards = await staffCall(t, adminApi.listCardOrders, { simNo: '1440000099001' } as never, { as: support });
    expect(cards.body.code, JSON.stringify(cards.body)).toBe(0);
    expect(cards.body.data.total).toBe(2);
    expect(cards.body.data.list.map((o) => [o.orderSn, o.kind, o.simNo, o.payAmount])).toEqual([
      ['BL1', 'balance', '1440000099001', '50.00'],
      ['CP1', 'coupon', '1440000099001', '9.90'],
    ]);
    const coupons = await staffCall(t, adminApi.listCardOrders, { kind: 'coupon' } as never, { as: support });
    expect(coupons.body.data.list.map((o) => o.orderSn)).toEqual(['CP1']);
    const unknown = await staffCall(t, adminApi.listCardOrders, { simNo: '1440000000000' } as never, { as: support });
    expect(unknown.body.data).toMatchObject({ list: [], total: 0 });

    await db()
      .insertInto('iot_mall_orders')
      .values({
        ...base,
        order_sn: 'MO1',
        goods_id: 1,
        sku_id: null,
        goods_name: '运动水杯',
        goods_image: '',
        spec_text: '',
        quantity: 1,
        points: 500,
        cash_fen: 0,
        freight_fen: 0,
        pay_amount_fen: 0,
        pay_type: 'points',
        status: 1,
        pay_status: 2,
        delivery_type: 1,
        address_json: JSON.stringify({ name: '王五', mobile: '13600001111', detail: '某路 1 号' }),
        store_json: null,
        pick_code: null,
        express_company: '',
        tracking_no: '',
        logistics_json: null,
        logistics_at: null,
        remark: '',
        cancel_reason: '',
        expire_at: null,
        paid_at: now,
        trade_no: null,
        shipped_at: null,
        finished_at: null,
        cancelled_at: null,
        created_at: now,
        uuid: randomUUID(),
      })
      .execute();
    const mall = await staffCall(t, adminApi.listMallOrders, { simNo: '1440000099001' } as never, { as: support });
    expect(mall.body.data.list).toEqual([
      expect.objectContaining({
        orderSn: 'MO1',
        simNo: '1440000099001',
        consigneeName: '王五',
        consigneeMobileMasked: '136****1111',
        status: 1,
      }),
    ]);
    const ship = await staffCall(
      t,
      adminApi.shipMallOrder,
      { orderSn: 'MO1', company: '顺丰速运', trackingNo: 'SF5555555555' },
      { as: operator },
    );
    expect(ship.body).toMatchObject({ code: 0, data: { orderSn: 'MO1', status: 2 } });
    const again = await staffCall(
      t,
      adminApi.shipMallOrder,
      { orderSn: 'MO1', company: '顺丰速运', trackingNo: 'SF5555555555' },
      { as: operator },
    );
    expect(again.body).toMatchObject({ code: -1, reason: 'mallShipStatus' });
    const line = await db().selectFrom('audit_log').selectAll().where('target', '=', 'mallOrder:MO1').execute();
    expect(line.map((l) => [l.action, l.actor])).toEqual([['mallOrder.ship', 'olga']]);
  });
});

describe(`the CLI's order command on ${TEST_DB}`, () => {
  it('ships with the courier and tracking number through the same service, audited as cli', async () => {
    const orderSn = await order({ order_status: 2, pay_status: 2 });
    const missing = await cli(t, 'order', orderSn, 'ship', '顺丰速运');
    expect(missing.code).toBe(2);
    const bad = await cli(t, 'order', orderSn, 'ship', '顺丰速运', 'x');
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.err).toContain('tracking number');
    const run = await cli(t, 'order', orderSn, 'ship', '顺丰速运', 'SF2026000000001');
    expect(run).toMatchObject({ code: 0, out: `${orderSn}: order status 3, pay status 2\n` });
    expect(await stateOf(orderSn)).toMatchObject({ express_company: '顺丰速运', tracking_no: 'SF2026000000001' });
    const lines = await auditLines(orderSn);
    expect(lines.map((l) => [l.action, l.actor, l.staff_id])).toEqual([['order.ship', 'cli', null]]);
    const twice = await cli(t, 'order', orderSn, 'ship', '顺丰速运', 'SF2026000000001');
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('only orders waiting for shipment (2) can be shipped');
    const refund = await cli(t, 'order', orderSn, 'refund');
    expect(refund.code).toBe(2);
  });
});
