/**
 * Queries of `payments` (one row per launch of a payment with a provider, whatever the order kind) and of
 * `payment_callbacks` (the callback log the console reads).
 */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type { PaymentsTable } from '../../db/schema.js';
import type { PaymentCallbacksTable } from '../../db/schema-payments-console.js';

/** payments.status */
export const PaymentRowStatus = { OPEN: 0, PAID: 1, CLOSED: 2, REFUNDED: 3 } as const;

export type PaymentRow = Omit<PaymentsTable, 'id'> & { id: number };

export async function insertPayment(db: DbOrTx, row: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

/**
 * A launch's new page address from the provider (the old one expired): `created_at` is when its address
 * was made, which is what decides whether it may be handed out again.
 */
export async function renewPayUrl(db: DbOrTx, id: number, payUrl: string, now: number): Promise<void> {
  await db.updateTable('payments').set({ pay_url: payUrl, created_at: now }).where('id', '=', id).execute();
}

/** An order's launches in one status, newest first. */
function launchesIn(db: DbOrTx, orderSn: string, status: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_sn', '=', orderSn)
    .where('status', '=', status)
    .orderBy('id', 'desc');
}

export function findOpenPayments(db: DbOrTx, orderSn: string): Promise<PaymentRow[]> {
  return launchesIn(db, orderSn, PaymentRowStatus.OPEN).execute();
}

/** The launch a settlement belongs to: the one with the provider's prepay id, else the channel's newest. */
export async function findSettledPayment(
  db: DbOrTx,
  where: { orderSn: string; channel: string; prepayId: string },
): Promise<PaymentRow | undefined> {
  if (where.prepayId) {
    const byPrepay = await db
      .selectFrom('payments')
      .selectAll()
      .where('order_sn', '=', where.orderSn)
      .where('channel', '=', where.channel)
      .where('prepay_id', '=', where.prepayId)
      .executeTakeFirst();
    if (byPrepay) return byPrepay;
  }
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_sn', '=', where.orderSn)
    .where('channel', '=', where.channel)
    .orderBy('status', 'asc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** open/closed → paid; false when the row was already paid or refunded. */
export async function markPaymentPaid(db: DbOrTx, id: number, tradeNo: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: PaymentRowStatus.PAID, trade_no: tradeNo, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [PaymentRowStatus.OPEN, PaymentRowStatus.CLOSED])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** open → closed for the order's launches on a channel (closed at the provider). */
export async function markPaymentsClosed(db: DbOrTx, orderSn: string, channel: string, now: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: PaymentRowStatus.CLOSED, updated_at: now })
    .where('order_sn', '=', orderSn)
    .where('channel', '=', channel)
    .where('status', '=', PaymentRowStatus.OPEN)
    .execute();
}

/**
 * Claims the right to ask the provider about a launch now: only one caller (of any instance) wins per
 * `updated_at` value, so polls do not multiply provider queries.
 */
export async function claimProviderQuery(db: DbOrTx, id: number, seenUpdatedAt: number, now: number) {
  const result = await db
    .updateTable('payments')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('updated_at', '=', seenUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The paid launch of an order (at most one is ever paid per order). */
export function findPaidPayment(db: DbOrTx, orderSn: string): Promise<PaymentRow | undefined> {
  return launchesIn(db, orderSn, PaymentRowStatus.PAID).executeTakeFirst();
}

/** The launch whose refund is `refundSn` (a provider's refund callback names it). */
export function findPaymentByRefund(
  db: DbOrTx,
  where: { orderSn: string; channel: string; refundSn: string },
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_sn', '=', where.orderSn)
    .where('channel', '=', where.channel)
    .where('refund_sn', '=', where.refundSn)
    .executeTakeFirst();
}

/** Claims the refund of a late payment: the first caller sets refund_sn, every later one sees it set. */
export async function claimRefund(db: DbOrTx, id: number, refundSn: string, tradeNo: string, now: number) {
  const result = await db
    .updateTable('payments')
    .set({ refund_sn: refundSn, trade_no: tradeNo, updated_at: now })
    .where('id', '=', id)
    .where('refund_sn', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A claimed refund went through at the provider; false when it was already recorded. */
export async function markPaymentRefunded(db: DbOrTx, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: PaymentRowStatus.REFUNDED, updated_at: now })
    .where('id', '=', id)
    .where('refund_sn', 'is not', null)
    .where('status', '!=', PaymentRowStatus.REFUNDED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Launches open since before `createdBefore`, least recently checked first: with `touchOpenPayments` after
 * each check, a batch limit cycles through all of them instead of starving the newest.
 */
export function findStaleOpenPayments(
  db: DbOrTx,
  createdBefore: number,
  checkedBefore: number,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', PaymentRowStatus.OPEN)
    .where('created_at', '<=', createdBefore)
    .where('updated_at', '<', checkedBefore)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records that the order's open launches on a channel were just checked with the provider. */
export async function touchOpenPayments(db: DbOrTx, orderSn: string, channel: string, now: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ updated_at: now })
    .where('order_sn', '=', orderSn)
    .where('channel', '=', channel)
    .where('status', '=', PaymentRowStatus.OPEN)
    .execute();
}

/** Refunds claimed but not yet confirmed by the provider (the provider call failed). */
export function findPendingRefunds(db: DbOrTx, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('refund_sn', 'is not', null)
    .where('status', '!=', PaymentRowStatus.REFUNDED)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Every launch of a payment for an order, oldest first (the console's order detail). */
export function listPaymentsOf(db: DbOrTx, orderSn: string): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('order_sn', '=', orderSn).orderBy('id').execute();
}

/** The console's payment records filter (contract `paymentFilters`). */
export interface PaymentFilter {
  status?: number | undefined;
  channel?: string | undefined;
  kind?: string | undefined;
  orderSn?: string | undefined;
  tradeNo?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A page of launches, newest first. */
export function pagePayments(db: DbOrTx, filter: PaymentFilter, page: number, pageSize: number) {
  let scope = db.selectFrom('payments');
  if (filter.status !== undefined) scope = scope.where('status', '=', filter.status);
  if (filter.channel) scope = scope.where('channel', '=', filter.channel);
  if (filter.kind) scope = scope.where('kind', '=', filter.kind);
  if (filter.orderSn) scope = scope.where('order_sn', '=', filter.orderSn);
  if (filter.tradeNo) scope = scope.where('trade_no', '=', filter.tradeNo);
  if (filter.from !== undefined) scope = scope.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) scope = scope.where('created_at', '<', filter.to);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('id', 'desc'));
}

/** A page of refunded and refund-claimed launches (those with a refund number), newest change first. */
export function pageRefunds(
  db: DbOrTx,
  filter: { orderSn?: string | undefined; from?: number | undefined; to?: number | undefined },
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('payments').where('refund_sn', 'is not', null);
  if (filter.orderSn) scope = scope.where('order_sn', '=', filter.orderSn);
  if (filter.from !== undefined) scope = scope.where('updated_at', '>=', filter.from);
  if (filter.to !== undefined) scope = scope.where('updated_at', '<', filter.to);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'));
}

export type PaymentCallbackRow = Omit<PaymentCallbacksTable, 'id'> & { id: number };

export async function insertPaymentCallback(db: DbOrTx, row: Insertable<PaymentCallbacksTable>): Promise<void> {
  await db.insertInto('payment_callbacks').values(row).execute();
}

export interface CallbackFilter {
  source?: string | undefined;
  outcome?: string | undefined;
  channel?: string | undefined;
  orderSn?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A page of the callback log, newest first, without the raw headers and body. */
export function pagePaymentCallbacks(db: DbOrTx, filter: CallbackFilter, page: number, pageSize: number) {
  let scope = db.selectFrom('payment_callbacks');
  if (filter.source) scope = scope.where('source', '=', filter.source);
  if (filter.outcome) scope = scope.where('outcome', '=', filter.outcome);
  if (filter.channel) scope = scope.where('channel', '=', filter.channel);
  if (filter.orderSn) scope = scope.where('order_sn', '=', filter.orderSn);
  if (filter.from !== undefined) scope = scope.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) scope = scope.where('created_at', '<', filter.to);
  return pageOf(scope, page, pageSize, (q) =>
    q
      .select([
        'id',
        'source',
        'channel',
        'order_sn',
        'verified',
        'outcome',
        'reason',
        'amount_fen',
        'trade_no',
        'created_at',
      ])
      .orderBy('id', 'desc'),
  );
}

export function findPaymentCallback(db: DbOrTx, id: number): Promise<PaymentCallbackRow | undefined> {
  return db.selectFrom('payment_callbacks').selectAll().where('id', '=', id).executeTakeFirst();
}
