/**
 * The queries every IoT order table shares, written once: the conditional move of an order by its
 * order_sn (a guarded status change), the lookup of what a card's request uuid created (idempotency)
 * and the unpaid orders past their expiry (the timeout jobs). This is the repository of that shared
 * concern, below the modules: only the modules' own repositories (iot-buy, iot-member, iot-mall,
 * iot-rewards) call it, from their own named functions, with their table.
 */
import type { Selectable, Updateable } from 'kysely';
import type { DbOrTx } from './database.js';
import type { Database } from './schema.js';

/** Names of the tables whose rows have all the columns in `Columns`. */
type TablesWith<Columns> = {
  [K in keyof Database]: Database[K] extends Columns ? K : never;
}[keyof Database];

/**
 * The IoT order tables (package, balance, coupon, member and mall orders): found by order_sn, moved
 * through status and pay_status, unpaid until expire_at.
 */
export type OrderTable = TablesWith<{
  order_sn: string;
  status: number;
  pay_status: number;
  expire_at: number | null;
  updated_at: number;
}>;

/** Tables with one row per (card, request uuid). */
export type CardUuidTable = TablesWith<{ sim_id: number; uuid: string }>;

/** The states an order may move from; an omitted list does not restrict. */
export interface OrderMoveFrom {
  status?: number[];
  payStatus?: number[];
}

/**
 * Conditional move of an order: sets `values` (and updated_at) only while its status and pay_status are
 * in the given lists; true when the row moved.
 */
export async function moveOrderRow<T extends OrderTable>(
  db: DbOrTx,
  table: T,
  orderSn: string,
  from: OrderMoveFrom,
  values: Updateable<Database[T]>,
  now = Date.now(),
): Promise<boolean> {
  // Kysely resolves column names on a concrete table set, not on a type parameter: query through the union.
  const orders: OrderTable = table;
  let q = db
    .updateTable(orders)
    .set({ ...values, updated_at: now })
    .where('order_sn', '=', orderSn);
  if (from.status) q = q.where('status', 'in', from.status);
  if (from.payStatus) q = q.where('pay_status', 'in', from.payStatus);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The row a card's request uuid created, if any. `also` adds equality filters of the table's own columns
 * (member orders are unique per card, kind and uuid).
 */
export async function findByCardUuid<T extends CardUuidTable>(
  db: DbOrTx,
  table: T,
  simId: number,
  uuid: string,
  also?: Partial<Selectable<Database[T]>>,
): Promise<Selectable<Database[T]> | undefined> {
  const rows: CardUuidTable = table;
  let q = db.selectFrom(rows).selectAll().where('sim_id', '=', simId).where('uuid', '=', uuid);
  if (also) q = q.where((eb) => eb.and(also));
  // Selecting from the union types the row as every table's columns at once; it is one row of `table`.
  return (await q.executeTakeFirst()) as Selectable<Database[T]> | undefined;
}

/** Orders still unpaid (status 0) at `now` past their expiry, oldest first, 500 at a time. */
export function listExpiredUnpaidOrders(db: DbOrTx, table: OrderTable, now: number) {
  return db
    .selectFrom(table)
    .select('order_sn')
    .where('status', '=', 0)
    .where('expire_at', '<=', now)
    .orderBy('expire_at')
    .limit(500)
    .execute();
}
