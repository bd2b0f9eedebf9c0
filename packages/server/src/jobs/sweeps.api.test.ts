/** The number lock sweep, the round-robin upstream sync (API.md §7) and the log retention sweep. */
import { PayStatus } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSimRow } from '../seed/demo-iot-cards.js';
import { insertNumber } from '../test/catalogue-fixtures.js';
import { shopOrderRow } from '../test/fixtures.js';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';
import { sweepLogs } from './log-retention.js';
import { sweepNumberLocks } from './number-lock-sweep.js';
import { registeredJobs } from './runner.js';
import { syncOldestCards } from './upstream-sync.js';

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const HOUR = 3600_000;

/** A shop order row holding `numberId`, in `payStatus`. */
async function orderFor(numberId: number, payStatus: number): Promise<string> {
  const orderSn = `SO2026112300000${String(++seq).padStart(7, '0')}`;
  await db()
    .insertInto('shop_orders')
    .values(
      shopOrderRow({
        order_sn: orderSn,
        order_type: 1,
        number_id: numberId,
        title: '靓号',
        pay_amount_fen: 100,
        pay_status: payStatus,
        expire_at: Date.now() - HOUR,
        created_at: Date.now() - 2 * HOUR,
        updated_at: Date.now() - 2 * HOUR,
      }),
    )
    .execute();
  return orderSn;
}

/** A number locked until `lockExpireAt` by the order `orderSn` (made with `payStatus` unless null). */
async function lockedNumber(number: string, lockExpireAt: number, payStatus: number | 'no order') {
  const id = await insertNumber(db(), { number, operator_type: 1, status: 2, lock_expire_at: lockExpireAt });
  const orderSn = payStatus === 'no order' ? `SO2026112300000999${number.slice(-4)}` : await orderFor(id, payStatus);
  await db().updateTable('numbers').set({ lock_order_sn: orderSn }).where('id', '=', id).execute();
  return id;
}

const statusOf = async (id: number) =>
  await db()
    .selectFrom('numbers')
    .select(['status', 'lock_order_sn', 'lock_expire_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe(`number lock sweep on ${TEST_DB}`, () => {
  it('puts expired locks of missing or ended orders back on sale, and nothing else', async () => {
    const now = Date.now();
    const orphan = await lockedNumber('13511110001', now - HOUR, 'no order');
    const closed = await lockedNumber('13511110002', now - HOUR, PayStatus.CLOSED);
    const refunded = await lockedNumber('13511110003', now - HOUR, PayStatus.REFUNDED);
    const unpaid = await lockedNumber('13511110004', now - HOUR, PayStatus.UNPAID);
    const paying = await lockedNumber('13511110005', now - HOUR, PayStatus.PAYING);
    const paid = await lockedNumber('13511110006', now - HOUR, PayStatus.PAID);
    const live = await lockedNumber('13511110007', now + HOUR, 'no order');
    const versionBefore = await db()
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'numbers')
      .executeTakeFirst();

    expect(await sweepNumberLocks(t.app.ctx, now)).toBe(3);
    for (const id of [orphan, closed, refunded]) {
      expect(await statusOf(id)).toEqual({ status: 1, lock_order_sn: null, lock_expire_at: null });
    }
    // Unpaid and paying orders are the shop order timeout's to close; a paid one sells the number.
    for (const id of [unpaid, paying, paid, live]) expect((await statusOf(id)).status).toBe(2);
    const versionAfter = await db()
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'numbers')
      .executeTakeFirst();
    expect(Number(versionAfter?.value)).toBeGreaterThan(Number(versionBefore?.value));

    expect(await sweepNumberLocks(t.app.ctx, now)).toBe(0); // nothing left to do
  });
});

describe(`upstream sync on ${TEST_DB}`, () => {
  it('syncs the cards with the oldest state, skips fresh, closed and disabled ones, and moves lastRobinAt', async () => {
    const now = Date.now();
    const add = async (n: string, values: Record<string, unknown>) => {
      const row = demoSimRow(now, {
        sim_no: `14407788${n}`,
        iccid: `8986042017788${n}00`,
        operator_type: 1,
        ...values,
      });
      return (await db().insertInto('sims').values(row).returning('id').executeTakeFirstOrThrow()).id;
    };
    const never = await add('00001', { last_robin_at: null });
    const old = await add('00002', { last_robin_at: now - 2 * HOUR });
    const older = await add('00003', { last_robin_at: now - 3 * HOUR });
    const fresh = await add('00004', { last_robin_at: now - 60_000 });
    const closed = await add('00005', { last_robin_at: now - 5 * HOUR, sim_status: 4 });
    const disabled = await add('00006', { last_robin_at: now - 5 * HOUR, status: 0 });
    const robinOf = async (id: number) =>
      Number(
        (await db().selectFrom('sims').select('last_robin_at').where('id', '=', id).executeTakeFirstOrThrow())
          .last_robin_at ?? 0,
      );

    // A batch of 2: the never-synced card and the oldest one first.
    expect(await syncOldestCards(t.app.ctx, now, 2)).toBe(2);
    expect(await robinOf(never)).toBe(now);
    expect(await robinOf(older)).toBe(now);
    expect(await robinOf(old)).toBe(now - 2 * HOUR);
    // The next round takes the rest; fresh, closed and disabled cards are never synced.
    expect(await syncOldestCards(t.app.ctx, now, 100)).toBe(1);
    expect(await robinOf(old)).toBe(now);
    expect(await robinOf(fresh)).toBe(now - 60_000);
    expect(await robinOf(closed)).toBe(now - 5 * HOUR);
    expect(await robinOf(disabled)).toBe(now - 5 * HOUR);
    expect(await syncOldestCards(t.app.ctx, now, 100)).toBe(0);
  });
});

describe(`log retention on ${TEST_DB}`, () => {
  it('deletes the callback and SMS log lines older than LOG_RETENTION_DAYS, in batches, and keeps the rest', async () => {
    const now = Date.now();
    const DAY = 24 * HOUR;
    const days = t.app.ctx.config.logRetentionDays;
    expect(days).toBe(180);
    const callback = (createdAt: number, orderSn: string) => ({
      source: 'notify',
      channel: 'sandbox',
      order_sn: orderSn,
      verified: 1,
      outcome: 'paid',
      reason: null,
      amount_fen: 100,
      trade_no: null,
      headers_json: null,
      body: null,
      created_at: createdAt,
    });
    const sms = (createdAt: number, template: string) => ({
      mobile_masked: '139****0000',
      mobile_hash: 'h',
      purpose: 'login',
      template,
      provider: 'outbox',
      ok: 1,
      answer: 'ok',
      cost: 1,
      created_at: createdAt,
    });
    const old = now - days * DAY - 1000;
    // 25 old callback lines: three batches of 10 in the test; the line just inside the retention stays.
    await db()
      .insertInto('payment_callbacks')
      .values([
        ...Array.from({ length: 25 }, (_, i) => callback(old - i * HOUR, `OLD${i}`)),
        callback(now - days * DAY + 60_000, 'KEPT-EDGE'),
        callback(now, 'KEPT-NOW'),
      ])
      .execute();
    await db()
      .insertInto('sms_log')
      .values([sms(old, 'old'), sms(now - DAY, 'recent')])
      .execute();

    expect(await sweepLogs(t.app.ctx, now, 10)).toEqual({ payment_callbacks: 25, sms_log: 1 });
    const kept = await db().selectFrom('payment_callbacks').select('order_sn').orderBy('order_sn').execute();
    expect(kept.map((r) => r.order_sn)).toEqual(['KEPT-EDGE', 'KEPT-NOW']);
    expect((await db().selectFrom('sms_log').select('template').execute()).map((r) => r.template)).toEqual(['recent']);
    expect(await sweepLogs(t.app.ctx, now, 10)).toEqual({ payment_callbacks: 0, sms_log: 0 });
  });
});

it('all run as registered jobs', () => {
  const names = registeredJobs().map((j) => j.name);
  expect(names).toContain('number-lock-sweep');
  expect(names).toContain('upstream-sync');
  expect(names).toContain('log-retention');
});
