/**
 * Queries of the console's dashboard: per-day counts and sums over the orders, payments and cards
 * tables, each bucketed by its China day in SQL. China keeps UTC+8 all year, so a time's day is
 * `(t + 8 h) / 1 day` in integer arithmetic, which reads the same on SQLite and PostgreSQL (the times are
 * integer epoch milliseconds on both); the cast keeps it an integer whatever a driver hands back.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export const CHINA_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;

/** A China day's number: days since 1970-01-01 in China. */
function dayOf(column: string) {
  return sql<number>`cast((${sql.ref(column)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)} as integer)`;
}

/** The period, epoch ms: from (inclusive) to (exclusive); and the promoter, if any. */
export interface DashboardWindow {
  from: number;
  to: number;
  promoCode: string | null;
}

/** One day's count and amount (fen) of one figure. */
export interface DayFigure {
  day: number;
  n: number;
  fen: number;
}

const toFigures = (rows: { day: unknown; n: unknown; fen?: unknown }[]): DayFigure[] =>
  rows.map((r) => ({ day: Number(r.day), n: Number(r.n), fen: Number(r.fen ?? 0) }));

/** Shop orders created per day. */
export async function ordersCreatedPerDay(db: DbOrTx, w: DashboardWindow): Promise<DayFigure[]> {
  let q = db
    .selectFrom('shop_orders')
    .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll().as('n')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to);
  if (w.promoCode !== null) q = q.where('promo_code', '=', w.promoCode);
  return toFigures(await q.groupBy(dayOf('created_at')).execute());
}

/** Shop orders paid per day (by their payment time) and the amount paid. */
export async function ordersPaidPerDay(db: DbOrTx, w: DashboardWindow): Promise<DayFigure[]> {
  let q = db
    .selectFrom('shop_orders')
    .select((eb) => [dayOf('paid_at').as('day'), eb.fn.countAll().as('n'), eb.fn.sum('pay_amount_fen').as('fen')])
    .where('paid_at', '>=', w.from)
    .where('paid_at', '<', w.to);
  if (w.promoCode !== null) q = q.where('promo_code', '=', w.promoCode);
  return toFigures(await q.groupBy(dayOf('paid_at')).execute());
}

/**
 * Refunded payments of any order kind per day (a refunded launch's `updated_at` is when the provider's
 * refund was recorded: no later write touches a refunded launch). With a promoter, the refunds of its
 * shop orders and of its cards' package and balance orders.
 */
export async function refundsPerDay(db: DbOrTx, w: DashboardWindow): Promise<DayFigure[]> {
  let q = db
    .selectFrom('payments')
    .select((eb) => [dayOf('updated_at').as('day'), eb.fn.countAll().as('n'), eb.fn.sum('amount_fen').as('fen')])
    .where('status', '=', 3)
    .where('updated_at', '>=', w.from)
    .where('updated_at', '<', w.to);
  const promoCode = w.promoCode;
  if (promoCode !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('order_sn', 'in', db.selectFrom('shop_orders').select('order_sn').where('promo_code', '=', promoCode)),
        eb(
          'order_sn',
          'in',
          db
            .selectFrom('iot_package_orders as o')
            .innerJoin('sims as s', 's.id', 'o.sim_id')
            .select('o.order_sn')
            .where('s.promo_code', '=', promoCode),
        ),
        eb(
          'order_sn',
          'in',
          db
            .selectFrom('iot_balance_orders as o')
            .innerJoin('sims as s', 's.id', 'o.sim_id')
            .select('o.order_sn')
            .where('s.promo_code', '=', promoCode),
        ),
      ]),
    );
  }
  return toFigures(await q.groupBy(dayOf('updated_at')).execute());
}

/** IoT cards added per day. */
export async function cardsAddedPerDay(db: DbOrTx, w: DashboardWindow): Promise<DayFigure[]> {
  let q = db
    .selectFrom('sims')
    .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll().as('n')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to);
  if (w.promoCode !== null) q = q.where('promo_code', '=', w.promoCode);
  return toFigures(await q.groupBy(dayOf('created_at')).execute());
}

/** Balance recharges paid per day and their amount (the amount paid, without the gift). */
export async function rechargesPerDay(db: DbOrTx, w: DashboardWindow): Promise<DayFigure[]> {
  let q = db
    .selectFrom('iot_balance_orders as o')
    .innerJoin('sims as s', 's.id', 'o.sim_id')
    .select((eb) => [dayOf('o.paid_at').as('day'), eb.fn.countAll().as('n'), eb.fn.sum('o.amount_fen').as('fen')])
    .where('o.paid_at', '>=', w.from)
    .where('o.paid_at', '<', w.to);
  if (w.promoCode !== null) q = q.where('s.promo_code', '=', w.promoCode);
  return toFigures(await q.groupBy(dayOf('o.paid_at')).execute());
}

/** Card packages paid per day and the amount paid for them. */
export async function packageSalesPerDay(db: DbOrTx, w: DashboardWindow): Promise<DayFigure[]> {
  let q = db
    .selectFrom('iot_package_orders as o')
    .innerJoin('sims as s', 's.id', 'o.sim_id')
    .select((eb) => [dayOf('o.paid_at').as('day'), eb.fn.countAll().as('n'), eb.fn.sum('o.pay_amount_fen').as('fen')])
    .where('o.paid_at', '>=', w.from)
    .where('o.paid_at', '<', w.to);
  if (w.promoCode !== null) q = q.where('s.promo_code', '=', w.promoCode);
  return toFigures(await q.groupBy(dayOf('o.paid_at')).execute());
}

/**
 * The cards the upstream sync keeps fresh (enabled, not closed: as `listCardsToSync` picks them): how
 * many, how many were never synced, and the oldest sync time of the others.
 */
export async function cardSyncState(
  db: DbOrTx,
): Promise<{ activeCards: number; neverSynced: number; oldestSyncedAt: number | null }> {
  const row = await db
    .selectFrom('sims')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.count('last_robin_at').as('synced'),
      eb.fn.min('last_robin_at').as('oldest'),
    ])
    .where('status', '=', 1)
    .where('sim_status', '<>', 4)
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return {
    activeCards: n,
    neverSynced: n - Number(row.synced),
    oldestSyncedAt: row.oldest === null ? null : Number(row.oldest),
  };
}

/**
 * The payments settled in the period, by how (the payment callback log's `paid` lines: one per settled
 * payment): `notify` the provider's callback; `reconcile`, `query`, `launch` a query of the provider.
 */
export async function settlementsBySource(db: DbOrTx, w: { from: number; to: number }) {
  const rows = await db
    .selectFrom('payment_callbacks')
    .select((eb) => ['source', eb.fn.countAll<number>().as('n')])
    .where('outcome', '=', 'paid')
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .groupBy('source')
    .execute();
  return rows.map((r) => ({ source: r.source, n: Number(r.n) }));
}
