/** Queries of VIP and acceleration: the two product shelves and the one order table of both kinds. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import {
  findByCardUuid,
  listExpiredUnpaidOrders,
  moveOrderRow,
  type OrderMoveFrom,
} from '../../db/card-order-repository.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type {
  IotAccelerateProductsTable,
  IotMemberOrdersTable,
  IotVipProductsTable,
} from '../../db/schema-iot-membership.js';

export type MemberKind = 'vip' | 'accelerate';
export type VipProductRow = Selectable<IotVipProductsTable>;
export type AccelerateProductRow = Selectable<IotAccelerateProductsTable>;
export type MemberOrderRow = Selectable<IotMemberOrdersTable>;

/** A valid (1) or queued (2) order: what a new one of the same kind stacks after. */
export const HELD_STATUSES = [1, 2];

// ---- products

/** Enabled VIP products of a card's promoter and of every promoter, in shelf order. */
export function listVipProducts(db: DbOrTx, promoCode: string) {
  return db
    .selectFrom('iot_vip_products')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', promoCode)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findVipProduct(db: DbOrTx, id: number) {
  return db.selectFrom('iot_vip_products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Enabled acceleration passes for a card: its promoter's and everyone's, its operator's and every operator's. */
export function listAccelerateProducts(db: DbOrTx, card: { promo_code: string; operator_type: number }) {
  return db
    .selectFrom('iot_accelerate_products')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', card.promo_code)]))
    .where((eb) => eb.or([eb('operator_type', 'is', null), eb('operator_type', '=', card.operator_type)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findAccelerateProduct(db: DbOrTx, id: number) {
  return db.selectFrom('iot_accelerate_products').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- orders

export function findOrder(db: DbOrTx, orderSn: string) {
  return db.selectFrom('iot_member_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}

export function findOrderByUuid(db: DbOrTx, simId: number, kind: MemberKind, uuid: string) {
  return findByCardUuid(db, 'iot_member_orders', simId, uuid, { kind });
}

export async function insertOrder(tx: Tx, row: Insertable<IotMemberOrdersTable>): Promise<void> {
  await tx.insertInto('iot_member_orders').values(row).execute();
}

/** Conditional move of an order: only from the given statuses; true when it moved. */
export function moveOrder(
  db: DbOrTx,
  orderSn: string,
  from: OrderMoveFrom,
  values: Updateable<IotMemberOrdersTable>,
  now = Date.now(),
): Promise<boolean> {
  return moveOrderRow(db, 'iot_member_orders', orderSn, from, values, now);
}

/** The card's valid and queued orders of a kind, in the order they run. */
export function listHeldOrders(db: DbOrTx, simId: number, kind: MemberKind) {
  return db
    .selectFrom('iot_member_orders')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('kind', '=', kind)
    .where('status', 'in', HELD_STATUSES)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** The latest end of the card's valid and queued orders of a kind (where a new one starts). */
export async function latestHeldEnd(db: DbOrTx, simId: number, kind: MemberKind): Promise<number | null> {
  const row = await db
    .selectFrom('iot_member_orders')
    .select((eb) => eb.fn.max('end_at').as('end'))
    .where('sim_id', '=', simId)
    .where('kind', '=', kind)
    .where('status', 'in', HELD_STATUSES)
    .executeTakeFirst();
  return row?.end == null ? null : Number(row.end);
}

export async function pageOrders(
  db: DbOrTx,
  simId: number,
  kind: MemberKind,
  filter: { status?: number | undefined; page: number; pageSize: number },
): Promise<{ rows: MemberOrderRow[]; total: number }> {
  let scope = db.selectFrom('iot_member_orders').where('sim_id', '=', simId).where('kind', '=', kind);
  if (filter.status !== undefined) scope = scope.where('status', '=', filter.status);
  return pageOf(scope, filter.page, filter.pageSize, (q) =>
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}

// ---- lifecycle

/** Valid orders whose run is over (the expiry job). */
export function listEnded(db: DbOrTx, now: number) {
  return db
    .selectFrom('iot_member_orders')
    .selectAll()
    .where('status', '=', 1)
    .where('end_at', '<=', now)
    .orderBy('end_at')
    .limit(500)
    .execute();
}

/** Queued orders whose start has come. */
export function listStarted(db: DbOrTx, now: number) {
  return db
    .selectFrom('iot_member_orders')
    .selectAll()
    .where('status', '=', 2)
    .where('start_at', '<=', now)
    .orderBy('start_at')
    .limit(500)
    .execute();
}

/** Unpaid orders past their 15 minutes. */
export function listExpiredUnpaid(db: DbOrTx, now: number) {
  return listExpiredUnpaidOrders(db, 'iot_member_orders', now);
}

/** Valid acceleration orders the operator has not taken yet (older than `before`). */
export function listSpeedToApply(db: DbOrTx, before: number) {
  return db
    .selectFrom('iot_member_orders')
    .select('order_sn')
    .where('kind', '=', 'accelerate')
    .where('status', '=', 1)
    .where('applied_at', 'is', null)
    .where('updated_at', '<=', before)
    .limit(100)
    .execute();
}

/** Ended or refunded acceleration orders whose profile is still on at the operator. */
export function listSpeedToClear(db: DbOrTx) {
  return db
    .selectFrom('iot_member_orders')
    .select('order_sn')
    .where('kind', '=', 'accelerate')
    .where('status', 'in', [3, 4])
    .where('applied_at', 'is not', null)
    .where('cleared_at', 'is', null)
    .limit(100)
    .execute();
}

/** The acceleration's profile is on the card (once). */
export async function markSpeedApplied(db: DbOrTx, orderSn: string, now: number): Promise<void> {
  await db
    .updateTable('iot_member_orders')
    .set({ applied_at: now, updated_at: now })
    .where('order_sn', '=', orderSn)
    .where('applied_at', 'is', null)
    .execute();
}

/** The acceleration's profile is off the card (once). */
export async function markSpeedCleared(db: DbOrTx, orderSn: string, now: number): Promise<void> {
  await db
    .updateTable('iot_member_orders')
    .set({ cleared_at: now, updated_at: now })
    .where('order_sn', '=', orderSn)
    .where('cleared_at', 'is', null)
    .execute();
}
