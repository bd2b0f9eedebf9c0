/**
 * The payment proofs' order kind, shared by every provider's proofs (sandbox, WeChat Pay…): a
 * package-like kind over a real table of its own, so the payment core is tested without the shop order
 * modules, and the helpers that create, launch, read and age its orders.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DbOrTx } from '../db/database.js';
import type { OnlinePayType } from '../gateways/payment/payment-gateway.js';
import { AppError } from '../http/app-error.js';
import { type PayableKind, registerPayableKind } from '../modules/payments/kinds.js';
import { launchPayment } from '../modules/payments/service.js';
import { clientHeaders, type TestApp } from './harness.js';

interface TestTables {
  test_pay_orders: {
    order_sn: string;
    owner: string;
    amount_fen: number;
    pay_status: number;
    order_status: number;
    expire_at: number | null;
    paid_at: number | null;
    trade_no: string | null;
    pay_type: string;
    refund_sn: string | null;
  };
  /** One row per side effect the kind applied, so "exactly once" is countable. */
  test_pay_effects: { order_sn: string; effect: string };
}
export const payTables = (db: DbOrTx) => db as unknown as Kysely<TestTables>;

export const OWNER = 'c'.repeat(32);
export const RETURN_PATH = (orderSn: string) => `/pages/iot/index/package/details/index?orderSn=${orderSn}&from=pay`;

/** A package-like order kind: pay → order status 1, refund → pay status 5. */
export const testKind: PayableKind = {
  kind: 'package',
  async find(db, orderSn) {
    const row = await payTables(db)
      .selectFrom('test_pay_orders')
      .selectAll()
      .where('order_sn', '=', orderSn)
      .executeTakeFirst();
    return row
      ? {
          orderSn: row.order_sn,
          kind: 'package',
          amountFen: row.amount_fen,
          payStatus: row.pay_status,
          orderStatus: row.order_status,
          expireAt: row.expire_at,
          paidAt: row.paid_at,
          description: '测试流量包 10GB',
        }
      : undefined;
  },
  async markPaying(tx, orderSn, payType) {
    await payTables(tx)
      .updateTable('test_pay_orders')
      .set({ pay_status: 1, pay_type: payType })
      .where('order_sn', '=', orderSn)
      .where('pay_status', 'in', [0, 1])
      .execute();
  },
  async markPaid(tx, orderSn, paid) {
    const result = await payTables(tx)
      .updateTable('test_pay_orders')
      .set({ pay_status: 2, order_status: 1, paid_at: paid.paidAt, trade_no: paid.tradeNo })
      .where('order_sn', '=', orderSn)
      .where('pay_status', 'in', [0, 1])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await payTables(tx).insertInto('test_pay_effects').values({ order_sn: orderSn, effect: 'paid' }).execute();
    return true;
  },
  async markRefunded(tx, orderSn, refundSn) {
    await payTables(tx)
      .updateTable('test_pay_orders')
      .set({ pay_status: 5, refund_sn: refundSn })
      .where('order_sn', '=', orderSn)
      .execute();
    await payTables(tx).insertInto('test_pay_effects').values({ order_sn: orderSn, effect: 'refunded' }).execute();
  },
  returnPath: RETURN_PATH,
  async canRead(db, orderSn, req) {
    const row = await payTables(db)
      .selectFrom('test_pay_orders')
      .select('owner')
      .where('order_sn', '=', orderSn)
      .executeTakeFirst();
    return row?.owner === req.client.orderSessionId;
  },
};

/**
 * Creates the kind's tables, registers it, and has the app listen on a random port (so a provider's
 * notify travels over real HTTP) with PUBLIC_URL set to it. Returns that base URL.
 */
export async function preparePayableOrders(t: TestApp): Promise<string> {
  const db = payTables(t.database.handle.db);
  await db.schema
    .createTable('test_pay_orders')
    .addColumn('order_sn', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('pay_status', 'integer', (c) => c.notNull())
    .addColumn('order_status', 'integer', (c) => c.notNull())
    .addColumn('expire_at', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addColumn('trade_no', 'varchar(64)')
    .addColumn('pay_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_sn', 'varchar(40)')
    .execute();
  await db.schema
    .createTable('test_pay_effects')
    .addColumn('order_sn', 'varchar(32)', (c) => c.notNull())
    .addColumn('effect', 'varchar(16)', (c) => c.notNull())
    .execute();
  registerPayableKind(testKind);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.ctx.config.publicUrl = base;
  return base;
}

/** A launch (or any call) the shopper is refused with this code and message. */
export async function expectRefusal(promise: Promise<unknown>, code: number, message: string) {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code, message });
}

/** The helpers over one prepared app. */
export function payableOrders(t: TestApp, base: string) {
  const db = () => payTables(t.database.handle.db);
  const paymentsOf = (orderSn: string) =>
    t.database.handle.db.selectFrom('payments').selectAll().where('order_sn', '=', orderSn).orderBy('id').execute();
  return {
    async createOrder(
      init: Partial<{ amountFen: number; payStatus: number; expireAt: number | null; owner: string }> = {},
    ) {
      const orderSn = `PK${String(Date.now())}${String(randomInt(0, 1e6)).padStart(6, '0')}00`.slice(0, 22);
      await db()
        .insertInto('test_pay_orders')
        .values({
          order_sn: orderSn,
          owner: init.owner ?? OWNER,
          amount_fen: init.amountFen ?? 2990,
          pay_status: init.payStatus ?? 0,
          order_status: 0,
          expire_at: init.expireAt === undefined ? Date.now() + 15 * 60_000 : init.expireAt,
          paid_at: null,
          trade_no: null,
          pay_type: '',
          refund_sn: null,
        })
        .execute();
      return orderSn;
    },

    launch: (orderSn: string, payType: OnlinePayType = 'wxpay', returnUrl?: string, openId = '') =>
      launchPayment(t.app.ctx, {
        kind: 'package',
        orderSn,
        payType,
        returnUrl,
        clientIp: '127.0.0.1',
        openId,
        origin: base,
      }),

    orderOf: (orderSn: string) =>
      db().selectFrom('test_pay_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirstOrThrow(),

    async effectsOf(orderSn: string, effect: string): Promise<number> {
      const rows = await db()
        .selectFrom('test_pay_effects')
        .select('effect')
        .where('order_sn', '=', orderSn)
        .where('effect', '=', effect)
        .execute();
      return rows.length;
    },

    paymentsOf,

    notify: (headers: Record<string, string>, payload: string, channel: string) =>
      t.app.inject({ method: 'POST', url: `/api/pay/notify/${channel}`, headers, payload }),

    status: (orderSn: string, orderSessionId = OWNER) =>
      t.app.inject({
        method: 'GET',
        url: `/api/pay/status?orderSn=${orderSn}`,
        headers: clientHeaders({ 'order-session-id': orderSessionId }),
      }),

    /** Moves the order to another state behind the payment core's back (an order closed meanwhile). */
    setOrder: (orderSn: string, change: { pay_status: number; order_status: number }) =>
      db().updateTable('test_pay_orders').set(change).where('order_sn', '=', orderSn).execute(),

    /** Makes a launch look older than it is (the status poll and the job only act on older launches). */
    async ageLaunches(orderSn: string, byMs: number) {
      for (const row of await paymentsOf(orderSn)) {
        await t.database.handle.db
          .updateTable('payments')
          .set({ created_at: row.created_at - byMs, updated_at: row.updated_at - byMs })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
