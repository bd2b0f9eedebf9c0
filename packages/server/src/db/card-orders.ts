/**
 * The queries every IoT order table shares, written once: the conditional move of an order by its
 * order_sn (a guarded status change), the lookup of what a card's request uuid created (idempotency)
 * and the unpaid orders past their expiry (the timeout jobs). The repositories keep their own named
 * functions and call these with their table.
 */
import { type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
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

/** The kinds of card order the console's card tab lists, and the table of each. */
export const CARD_ORDER_KINDS = ['package', 'balance', 'coupon', 'vip', 'accelerate'] as const;
export type CardOrderKind = (typeof CARD_ORDER_KINDS)[number];

export interface CardOrderFilter {
  kind?: CardOrderKind | undefined;
  /** The card's id (the caller looks its number up). */
  simId?: number | undefined;
  orderSn?: string | undefined;
  payStatus?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A card order as the console lists it, whatever its table. */
export interface CardOrderListRow {
  order_sn: string;
  kind: string;
  sim_no: string;
  title: string;
  pay_amount_fen: number;
  pay_type: string;
  status: number;
  pay_status: number;
  created_at: number;
  paid_at: number | null;
}

/**
 * A page of the card orders of every IoT order table (package, balance, coupon, VIP and acceleration),
 * newest first, and the filter's count: one `union all` of the tables the kind filter leaves.
 */
export async function pageCardOrders(
  db: DbOrTx,
  filter: CardOrderFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: CardOrderListRow[]; total: number }> {
  const want = (kind: CardOrderKind) => filter.kind === undefined || filter.kind === kind;
  /** The common filters on one table's query. */
  const scoped = <Q extends CardOrderScope>(q: Q): Q => {
    let s = q;
    if (filter.simId !== undefined) s = s.where('sim_id', '=', filter.simId) as Q;
    if (filter.orderSn) s = s.where('order_sn', '=', filter.orderSn) as Q;
    if (filter.payStatus !== undefined) s = s.where('pay_status', '=', filter.payStatus) as Q;
    if (filter.from !== undefined) s = s.where('created_at', '>=', filter.from) as Q;
    if (filter.to !== undefined) s = s.where('created_at', '<', filter.to) as Q;
    return s;
  };
  const parts: UnionPart[] = [];
  if (want('package')) {
    parts.push(
      scoped(db.selectFrom('iot_package_orders')).select([
        'order_sn',
        sql<string>`'package'`.as('kind'),
        'sim_id',
        'package_name as title',
        'pay_amount_fen',
        'pay_type',
        'status',
        'pay_status',
        'created_at',
        'paid_at',
      ]),
    );
  }
  if (want('balance')) {
    parts.push(
      scoped(db.selectFrom('iot_balance_orders')).select([
        'order_sn',
        sql<string>`'balance'`.as('kind'),
        'sim_id',
        'recharge_no as title',
        'amount_fen as pay_amount_fen',
        'pay_type',
        'status',
        'pay_status',
        'created_at',
        'paid_at',
      ]),
    );
  }
  if (want('coupon')) {
    parts.push(
      scoped(db.selectFrom('iot_coupon_orders')).select([
        'order_sn',
        sql<string>`'coupon'`.as('kind'),
        'sim_id',
        'activity_name as title',
        'pay_amount_fen',
        'pay_type',
        'status',
        'pay_status',
        'created_at',
        'paid_at',
      ]),
    );
  }
  const memberKinds = (['vip', 'accelerate'] as const).filter(want);
  if (memberKinds.length > 0) {
    parts.push(
      scoped(db.selectFrom('iot_member_orders'))
        .where('kind', 'in', memberKinds)
        .select([
          'order_sn',
          'kind',
          'sim_id',
          'name as title',
          'pay_amount_fen',
          'pay_type',
          'status',
          'pay_status',
          'created_at',
          'paid_at',
        ]),
    );
  }
  const [first, ...rest] = parts;
  if (!first) return { rows: [], total: 0 };
  const union = rest.reduce((acc, part) => acc.unionAll(part), first);
  const [rows, counted] = await Promise.all([
    db
      .selectFrom(union.as('o'))
      .innerJoin('sims', 'sims.id', 'o.sim_id')
      .select([
        'o.order_sn',
        'o.kind',
        'sims.sim_no',
        'o.title',
        'o.pay_amount_fen',
        'o.pay_type',
        'o.status',
        'o.pay_status',
        'o.created_at',
        'o.paid_at',
      ])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.order_sn', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom(union.as('o'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, kind: String(r.kind) })), total: Number(counted.n) };
}

type CardOrderTable = 'iot_package_orders' | 'iot_balance_orders' | 'iot_coupon_orders' | 'iot_member_orders';
// biome-ignore lint/complexity/noBannedTypes: Kysely's own type of a query without a selection
type CardOrderScope = SelectQueryBuilder<Database, CardOrderTable, {}>;
type UnionPart = SelectQueryBuilder<
  Database,
  CardOrderTable,
  {
    order_sn: string;
    kind: string;
    sim_id: number;
    title: string;
    pay_amount_fen: number;
    pay_type: string;
    status: number;
    pay_status: number;
    created_at: number;
    paid_at: number | null;
  }
>;
