/**
 * The console's dashboard and jobs page over the real app and a real database (SQLite and PostgreSQL):
 * the figures per China day (an order at 23:59:59 and one at 00:00 China time fall on their own days on
 * both databases), a promoter's figures, the period's bounds, the health answer (the share of payments
 * settled by callback and by reconciliation, after settling one of each through the sandbox; failed jobs, card-sync state, live adapters), the jobs list, run now for the owner alone with its audit
 * line, and the role checks.
 */
import { randomUUID } from 'node:crypto';
import { adminApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxGateway } from '../../gateways/payment/sandbox.js';
import { sandboxNotifyFields, signSandboxNotify } from '../../gateways/payment/sandbox.js';
import { PAYMENT_RECONCILE_JOB } from '../../jobs/payment-reconcile.js';
import { registerJob, runJobOnce } from '../../jobs/runner.js';
import { type ShopOrderInit, shopOrderRow } from '../../test/fixtures.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { payableOrders, preparePayableOrders } from '../../test/payable-orders.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';
import { newSimRow } from '../iot-core/sim-row.js';

let t: TestApp;
let owner: StaffSignIn;
let operator: StaffSignIn;
let finance: StaffSignIn;
let support: StaffSignIn;
const db = () => t.database.handle.db;
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-02T02:00:00Z'); // 2026-11-02 10:00 in China
const SYNCED_AT = at('2026-11-01T00:00:00Z');

registerJob({
  name: 'dash-failing',
  everyMs: 3_600_000,
  run: async () => {
    throw new Error('boom');
  },
});

async function order(orderSn: string, init: Partial<ShopOrderInit>) {
  await db()
    .insertInto('shop_orders')
    .values(shopOrderRow({ ...init, order_sn: orderSn }))
    .execute();
}

async function payment(orderSn: string, kind: string, amountFen: number, status: number, updatedAt: number) {
  await db()
    .insertInto('payments')
    .values({
      order_sn: orderSn,
      kind,
      channel: 'sandbox',
      pay_type: 'wxpay',
      amount_fen: amountFen,
      prepay_id: `sbx${randomUUID().replaceAll('-', '')}`,
      pay_url: null,
      status,
      trade_no: null,
      refund_sn: status === 3 ? `RF${randomUUID().slice(0, 8)}` : null,
      created_at: updatedAt - 60_000,
      updated_at: updatedAt,
    })
    .execute();
}

async function card(simNo: string, init: Partial<Parameters<typeof newSimRow>[1]>): Promise<number> {
  const row = await db()
    .insertInto('sims')
    .values(
      newSimRow(NOW, {
        sim_no: simNo,
        iccid: `8986${simNo}`,
        operator_type: 1,
        promo_code: '',
        layout_code: '',
        ...init,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await createTestApp({ demo: false });
  owner = await activeStaff(t, 'boss', 'owner');
  nextTotpStep();
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
  vi.setSystemTime(NOW);

  // Shop orders: the last instant of Nov 1 and the first of Nov 2 in China, one paid, one of another
  // promoter paid and refunded, and one made before the period but paid in its first minutes.
  await order('HKDASH0001', { promo_code: 'p1', created_at: at('2026-11-01T15:59:59.999Z') });
  await order('HKDASH0002', {
    promo_code: 'p1',
    created_at: at('2026-11-01T16:00:00Z'),
    pay_status: 2,
    order_status: 1,
    pay_amount_fen: 3900,
    paid_at: at('2026-11-01T16:30:00Z'),
  });
  await order('HKDASH0003', {
    created_at: at('2026-10-25T04:00:00Z'),
    pay_status: 2,
    order_status: 7,
    pay_amount_fen: 10000,
    paid_at: at('2026-10-25T04:05:00Z'),
  });
  await payment('HKDASH0003', 'shop', 10000, 3, at('2026-10-26T03:00:00Z'));
  await order('HKDASH0004', {
    created_at: at('2026-10-19T15:00:00Z'),
    pay_status: 2,
    order_status: 1,
    pay_amount_fen: 2000,
    paid_at: at('2026-10-19T16:10:00Z'),
  });

  // Cards: one of p1 never synced, one synced, and a closed one (out of the sync and of the period).
  const p1Card = await card('1440000077001', {
    promo_code: 'p1',
    created_at: at('2026-10-30T01:00:00Z'),
    last_robin_at: null,
  });
  const otherCard = await card('1440000077002', { created_at: at('2026-10-31T20:00:00Z'), last_robin_at: SYNCED_AT });
  await card('1440000077003', { sim_status: 4, last_robin_at: at('2026-01-01T00:00:00Z') });

  const paidAt = at('2026-11-01T02:00:00Z');
  await db()
    .insertInto('iot_balance_orders')
    .values({
      order_sn: 'BLDASH1',
      sim_id: p1Card,
      option_id: null,
      amount_fen: 5000,
      gift_fen: 500,
      recharge_no: '1440000077001',
      pay_type: 'wxpay',
      status: 1,
      pay_status: 2,
      arrears_paid_fen: 0,
      expire_at: null,
      paid_at: paidAt,
      trade_no: null,
      uuid: randomUUID(),
      request_hash: '',
      created_at: paidAt - 60_000,
      updated_at: paidAt,
    })
    .execute();
  await payment('BLDASH1', 'balance', 5000, 3, at('2026-11-02T01:00:00Z'));
  const soldAt = at('2026-10-31T17:00:00Z');
  await db()
    .insertInto('iot_package_orders')
    .values({
      order_sn: 'PKDASH1',
      sim_id: otherCard,
      package_id: 1,
      package_name: '月包',
      package_type: 1,
      flow_mb: 1024,
      use_flow: 0,
      is_infinite_flow: 0,
      duration: 1,
      duration_unit: 2,
      price_fen: 2900,
      coupon_fen: 0,
      pay_amount_fen: 2900,
      pay_type: 'wxpay',
      effect_type: 1,
      status: 2,
      pay_status: 2,
      paid_at: soldAt,
      source: 'shop',
      uuid: randomUUID(),
      request_hash: '',
      remark: '',
      created_at: soldAt - 60_000,
      updated_at: soldAt,
    })
    .execute();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const zero = {
  orders: 0,
  paidOrders: 0,
  paid: '0.00',
  refunds: 0,
  refunded: '0.00',
  newCards: 0,
  recharges: 0,
  recharged: '0.00',
  packageSales: 0,
  packageSold: '0.00',
};

describe(`the dashboard on ${TEST_DB}`, () => {
  it('answers the last 14 China days by default, each figure on its own day', async () => {
    const res = await staffCall(t, adminApi.dashboard, {}, { as: finance });
    expect(res.status).toBe(200);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const data = res.body.data;
    expect(data).toMatchObject({ from: '2026-10-20', to: '2026-11-02', promoCode: null });
    expect(data.days.map((d) => d.day)).toHaveLength(14);
    const busy = Object.fromEntries(
      data.days
        .filter((d) => JSON.stringify({ ...d, day: undefined }) !== JSON.stringify({ ...zero, day: undefined }))
        .map(({ day, ...figures }) => [day, figures]),
    );
    expect(busy).toEqual({
      '2026-10-20': { ...zero, paidOrders: 1, paid: '20.00' },
      '2026-10-25': { ...zero, orders: 1, paidOrders: 1, paid: '100.00' },
      '2026-10-26': { ...zero, refunds: 1, refunded: '100.00' },
      '2026-10-30': { ...zero, newCards: 1 },
      '2026-11-01': {
        ...zero,
        orders: 1,
        newCards: 1,
        recharges: 1,
        recharged: '50.00',
        packageSales: 1,
        packageSold: '29.00',
      },
      '2026-11-02': { ...zero, orders: 1, paidOrders: 1, paid: '39.00', refunds: 1, refunded: '50.00' },
    });
    expect(data.totals).toEqual({
      orders: 3,
      paidOrders: 3,
      paid: '159.00',
      refunds: 2,
      refunded: '150.00',
      newCards: 2,
      recharges: 1,
      recharged: '50.00',
      packageSales: 1,
      packageSold: '29.00',
    });
  });

  it("answers one promoter's figures: its orders, its cards and their orders and refunds", async () => {
    const res = await staffCall(
      t,
      adminApi.dashboard,
      { from: '2026-10-01', to: '2026-11-02', promoCode: 'p1' },
      {
        as: operator,
      },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.days).toHaveLength(33);
    expect(res.body.data.promoCode).toBe('p1');
    expect(res.body.data.totals).toEqual({
      ...zero,
      orders: 2,
      paidOrders: 1,
      paid: '39.00',
      refunds: 1,
      refunded: '50.00',
      newCards: 1,
      recharges: 1,
      recharged: '50.00',
    });
    const nov1 = res.body.data.days.find((d) => d.day === '2026-11-01');
    expect(nov1).toMatchObject({ orders: 1, recharges: 1, packageSales: 0 });
  });

  it('answers up to 92 days and refuses a longer, reversed or impossible period', async () => {
    const ask = (input: { from?: string; to?: string }) => staffCall(t, adminApi.dashboard, input, { as: support });
    const longest = await ask({ from: '2026-08-03', to: '2026-11-02' });
    expect(longest.body.data.days).toHaveLength(92);
    expect(longest.body.data.totals.orders).toBe(4);
    for (const input of [
      { from: '2026-08-02', to: '2026-11-02' },
      { from: '2026-11-03', to: '2026-11-02' },
      { from: '2026-11-10' },
    ]) {
      const res = await ask(input);
      expect(res.status).toBe(200);
      expect(res.body, JSON.stringify(input)).toMatchObject({
        code: -1,
        reason: 'paramRange',
        data: { field: 'from' },
      });
    }
    for (const input of [{ to: '2026-02-30' }, { from: '2026-1-1' }]) {
      const res = await ask(input);
      expect(res.body, JSON.stringify(input)).toMatchObject({ code: -1, reason: 'paramFormat' });
    }
  });
});

describe(`health and jobs on ${TEST_DB}`, () => {
  it('lists every job for system.read, refuses the roles without it', async () => {
    const res = await staffCall(t, adminApi.listJobs, {}, { as: support });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const names = res.body.data.list.map((j) => j.job);
    expect(names).toEqual(expect.arrayContaining(['dash-failing', 'payment-reconcile', 'upstream-sync']));
    expect(res.body.data.list.find((j) => j.job === 'dash-failing')).toMatchObject({
      everyMs: 3_600_000,
      lastOutcome: null,
      runs: 0,
      failures: 0,
    });
    for (const who of [operator, finance]) {
      expect((await staffCall(t, adminApi.listJobs, {}, { as: who })).status).toBe(403);
    }
  });

  it('runs a job now for the owner alone, records the run and its audit line, and shows the failure', async () => {
    for (const who of [operator, finance, support]) {
      const refused = await staffCall(t, adminApi.runJob, { job: 'dash-failing' }, { as: who });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ reason: 'staffForbidden' });
    }
    const unknown = await staffCall(t, adminApi.runJob, { job: 'no-such-job' }, { as: owner });
    expect(unknown.body).toMatchObject({ code: -1, reason: 'jobNotFound' });

    const res = await staffCall(t, adminApi.runJob, { job: 'dash-failing' }, { as: owner });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.ran).toBe(true);
    expect(res.body.data.job).toMatchObject({ job: 'dash-failing', lastOutcome: 'failed', runs: 1, failures: 1 });
    expect(res.body.data.job.lastFailure).toContain('boom');

    const audit = await staffCall(t, adminApi.auditLog, { page: 1, pageSize: 50, action: 'job.run' }, { as: owner });
    expect(audit.body.data.list).toHaveLength(1);
    expect(audit.body.data.list[0]).toMatchObject({
      actor: 'boss',
      action: 'job.run',
      target: 'job:dash-failing',
      after: { ran: true, outcome: 'failed' },
    });

    const health = await staffCall(t, adminApi.health, {}, { as: finance });
    expect(health.body.code, JSON.stringify(health.body)).toBe(0);
    expect(health.body.data.failedJobs.map((j) => j.job)).toEqual(['dash-failing']);
  });

  it('answers the health: the settlement share, the card-sync state and the live adapters', async () => {
    const before = await staffCall(t, adminApi.health, {}, { as: support });
    expect(before.body.data.settlement).toEqual({
      from: '2026-10-20',
      to: '2026-11-02',
      byCallback: 0,
      byReconciliation: 0,
    });

    // One payment settled by the provider's callback, one by the reconciliation job (its notify dropped).
    const orders = payableOrders(t, await preparePayableOrders(t));
    const sandbox = t.app.ctx.payments.byChannel('sandbox') as SandboxGateway;
    const paidAtProvider = async () => {
      const orderSn = await orders.createOrder();
      const prepayId = new URL((await orders.launch(orderSn)).payUrl ?? '').searchParams.get('prepayId') ?? '';
      sandbox.deliverNotifies = false;
      try {
        expect((await sandbox.confirm(prepayId)).outcome).toBe('paid');
      } finally {
        sandbox.deliverNotifies = true;
      }
      const row = await sandbox.find(prepayId);
      if (!row) throw new Error('no sandbox payment');
      return { orderSn, body: JSON.stringify({ id: 'n-1', ...sandboxNotifyFields(row) }) };
    };
    const byNotify = await paidAtProvider();
    const headers = signSandboxNotify(t.app.ctx.secrets.sandboxSecret, byNotify.body);
    expect((await orders.notify(headers, byNotify.body, 'sandbox')).statusCode).toBe(200);
    // Its replay settles nothing again and is not counted twice.
    expect((await orders.notify(headers, byNotify.body, 'sandbox')).statusCode).toBe(200);
    const byJob = await paidAtProvider();
    await orders.ageLaunches(byJob.orderSn, 31_000);
    expect(await runJobOnce(t.app.ctx, PAYMENT_RECONCILE_JOB)).toBe(true);
    for (const { orderSn } of [byNotify, byJob]) expect(await orders.orderOf(orderSn)).toMatchObject({ pay_status: 2 });

    const res = await staffCall(t, adminApi.health, {}, { as: support });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const health = res.body.data;
    expect(health.settlement).toEqual({ from: '2026-10-20', to: '2026-11-02', byCallback: 1, byReconciliation: 1 });
    // A period before both: none.
    const earlier = await staffCall(t, adminApi.health, { from: '2026-10-01', to: '2026-10-31' }, { as: support });
    expect(earlier.body.data.settlement).toMatchObject({ byCallback: 0, byReconciliation: 0 });
    expect(health.cardSync).toMatchObject({ activeCards: 2, neverSynced: 1, oldestSyncedAt: SYNCED_AT });
    expect(health.cardSync.job).toMatchObject({ job: 'upstream-sync', lastOutcome: null });
    expect(health.adapters).toEqual([
      { area: 'payment', name: 'sandbox', builtIn: true },
      { area: 'sms', name: 'outbox', builtIn: true },
      { area: 'carrier', name: 'simulator', builtIn: true },
    ]);

    const run = await staffCall(t, adminApi.runJob, { job: 'upstream-sync' }, { as: owner });
    expect(run.body.data).toMatchObject({ ran: true, job: { job: 'upstream-sync', runs: 1 } });
    const after = await staffCall(t, adminApi.health, {}, { as: support });
    expect(after.body.data.cardSync.job?.lastFinishedAt).not.toBeNull();
  });
});
