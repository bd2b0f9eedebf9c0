/** Queries for shop orders and the stock or number they hold. */

import type { ShopOrderFilter } from '@haoka/contract';
import type { Selectable } from 'kysely';
import type { DbOrTx, Tx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type { ShopOrdersTable } from '../../db/schema.js';
import { nextNumbersVersion } from '../numbers/repository.js';

export type ShopOrderRow = Selectable<ShopOrdersTable>;
export type NewShopOrder = Omit<ShopOrderRow, 'id'>;

/** Orders that still hold a card against an ID (一证五号): everything but cancelled, failed, refunded. */
export const HOLDING_STATUSES = [0, 1, 2, 3, 4];

export function findOrderBySn(db: DbOrTx, orderSn: string) {
  return db.selectFrom('shop_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}

export function findOrderByUuid(db: DbOrTx, orderSessionId: string, uuid: string) {
  return db
    .selectFrom('shop_orders')
    .selectAll()
    .where('order_session_id', '=', orderSessionId)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

export async function countHoldingOrders(db: DbOrTx, idCardHmac: string, operatorType: number): Promise<number> {
  const row = await db
    .selectFrom('shop_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_card_hmac', '=', idCardHmac)
    .where('operator_type', '=', operatorType)
    .where('order_status', 'in', HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOrder(tx: Tx, order: NewShopOrder): Promise<void> {
  await tx.insertInto('shop_orders').values(order).execute();
}

export async function pageOrdersByMobile(
  db: DbOrTx,
  mobile: string,
  status: number | undefined,
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('shop_orders').where('contact_mobile', '=', mobile);
  if (status !== undefined) scope = scope.where('order_status', '=', status);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('id', 'desc'));
}

/** Moves an order between statuses only from the expected one; returns whether it moved. */
export async function moveOrder(
  tx: DbOrTx,
  orderSn: string,
  from: { orderStatus?: number[]; payStatus?: number[] },
  set: Partial<Omit<ShopOrderRow, 'id' | 'order_sn'>>,
  now = Date.now(),
): Promise<boolean> {
  let q = tx
    .updateTable('shop_orders')
    .set({ ...set, updated_at: now })
    .where('order_sn', '=', orderSn);
  if (from.orderStatus) q = q.where('order_status', 'in', from.orderStatus);
  if (from.payStatus) q = q.where('pay_status', 'in', from.payStatus);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Goods stock: one unit taken if any is left (NULL = unlimited). */
export async function takeGoodsUnit(tx: Tx, goodsId: number, now = Date.now()): Promise<boolean> {
  const result = await tx
    .updateTable('goods')
    .set((eb) => ({ stock: eb('stock', '-', 1), sales: eb('sales', '+', 1), updated_at: now }))
    .where('id', '=', goodsId)
    .where('stock', '>=', 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  const unlimited = await tx
    .updateTable('goods')
    .set((eb) => ({ sales: eb('sales', '+', 1), updated_at: now }))
    .where('id', '=', goodsId)
    .where('stock', 'is', null)
    .executeTakeFirst();
  return Number(unlimited.numUpdatedRows) === 1;
}

export async function returnGoodsUnit(tx: Tx, goodsId: number, now = Date.now()): Promise<void> {
  await tx
    .updateTable('goods')
    .set((eb) => ({
      stock: eb
        .case()
        .when('stock', 'is', null)
        .then(null)
        .else(eb('stock', '+', 1))
        .end(),
      sales: eb
        .case()
        .when('sales', '>', 0)
        .then(eb('sales', '-', 1))
        .else(0)
        .end(),
      updated_at: now,
    }))
    .where('id', '=', goodsId)
    .execute();
}

export function findGoods(db: DbOrTx, goodsId: number) {
  return db.selectFrom('goods').selectAll().where('id', '=', goodsId).executeTakeFirst();
}

export function findPackage(db: DbOrTx, packageId: number) {
  return db.selectFrom('number_packages').selectAll().where('id', '=', packageId).executeTakeFirst();
}

/** Orders left unpaid past their expiry (the timeout job). */
export function listExpiredUnpaid(db: DbOrTx, now: number, limit = 200) {
  return db
    .selectFrom('shop_orders')
    .select('order_sn')
    .where('order_status', '=', 0)
    .where('expire_at', '<', now)
    .orderBy('expire_at')
    .limit(limit)
    .execute();
}

/** The number plans a number of this operator and level can be ordered with: the default first. */
export function listNumberPackagesFor(db: DbOrTx, operatorType: number, level: number) {
  return db
    .selectFrom('number_packages')
    .selectAll()
    .where('operator_type', '=', operatorType)
    .where('min_level', '<=', level)
    .where('enabled', '=', 1)
    .orderBy('is_default', 'desc')
    .orderBy('sort')
    .execute();
}

/**
 * Takes a number on sale for an order: held (2) until `expireAt` or sold (3), with a new number version.
 * False when it is no longer on sale.
 */
export async function takeNumber(
  tx: Tx,
  numberId: number,
  take: { status: 2 | 3; orderSn: string; expireAt: number | null },
  now: number,
): Promise<boolean> {
  const taken = await tx
    .updateTable('numbers')
    .set({
      status: take.status,
      lock_order_sn: take.orderSn,
      lock_expire_at: take.expireAt,
      version: await nextNumbersVersion(tx),
      updated_at: now,
    })
    .where('id', '=', numberId)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Moves the number an order holds: back on sale (1, lock cleared) or sold (3), only while the order's lock
 * is on it and it is in one of `from`; with a new number version, so every search index sees it.
 */
export async function moveOrderNumber(
  tx: Tx,
  numberId: number,
  orderSn: string,
  to: 1 | 3,
  from: number[],
  now = Date.now(),
): Promise<void> {
  await tx
    .updateTable('numbers')
    .set({
      status: to,
      ...(to === 1 ? { lock_order_sn: null } : {}),
      lock_expire_at: null,
      version: await nextNumbersVersion(tx),
      updated_at: now,
    })
    .where('id', '=', numberId)
    .where('lock_order_sn', '=', orderSn)
    .where('status', 'in', from)
    .execute();
}

// ---- the console's orders queue (console.ts)

/** The columns of a row of the console's shop orders table (and its export). */
const CONSOLE_COLUMNS = [
  'id',
  'order_sn',
  'order_type',
  'title',
  'number',
  'contact_name',
  'contact_mobile',
  'pay_amount_fen',
  'pay_type',
  'order_status',
  'pay_status',
  'promo_code',
  'express_company',
  'tracking_no',
  'created_at',
  'paid_at',
  'shipped_at',
] as const;

export type ConsoleOrderRow = Pick<ShopOrderRow, (typeof CONSOLE_COLUMNS)[number]>;

/** True when the filter narrows nothing. */
export function isUnfiltered(filter: ShopOrderFilter): boolean {
  return Object.values(filter).every((value) => value === undefined || value === '');
}

/**
 * The orders a console filter selects. Every filter is an equality or a range an index of migration 0018
 * serves; a number prefix is the range of the 11-digit numbers it starts (digits compare alike in every
 * collation).
 */
function consoleScope(db: DbOrTx, filter: ShopOrderFilter) {
  let scope = db.selectFrom('shop_orders');
  if (filter.status !== undefined) scope = scope.where('order_status', '=', filter.status);
  if (filter.payStatus !== undefined) scope = scope.where('pay_status', '=', filter.payStatus);
  if (filter.from !== undefined) scope = scope.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) scope = scope.where('created_at', '<', filter.to);
  if (filter.promoCode) scope = scope.where('promo_code', '=', filter.promoCode);
  if (filter.mobile) scope = scope.where('contact_mobile', '=', filter.mobile);
  if (filter.orderSn) scope = scope.where('order_sn', '=', filter.orderSn);
  if (filter.number) {
    scope =
      filter.number.length === 11
        ? scope.where('number', '=', filter.number)
        : scope
            .where('number', '>=', filter.number.padEnd(11, '0'))
            .where('number', '<=', filter.number.padEnd(11, '9'));
  }
  return scope;
}

/**
 * A page of the console's table, newest first (`created_at desc, id desc`). The page's ids are read from
 * an index first and only those rows fetched, so a deep page does not read the rows it skips.
 */
export function pageConsoleOrders(
  db: DbOrTx,
  filter: ShopOrderFilter,
  page: number,
  pageSize: number,
): Promise<ConsoleOrderRow[]> {
  const ids = consoleScope(db, filter)
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return db
    .selectFrom('shop_orders')
    .select(CONSOLE_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many orders a console filter selects (an index range of migration 0018 for each filter). */
export async function countConsoleOrders(db: DbOrTx, filter: ShopOrderFilter): Promise<number> {
  const row = await consoleScope(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The next `limit` orders of a filter after `after` (newest first; the export reads the whole filter this
 * way, a batch at a time, without an offset).
 */
export function consoleOrdersAfter(
  db: DbOrTx,
  filter: ShopOrderFilter,
  after: { createdAt: number; id: number } | null,
  limit: number,
): Promise<ConsoleOrderRow[]> {
  let q = consoleScope(db, filter).select(CONSOLE_COLUMNS);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The internal notes on a target, oldest first. */
export function listStaffNotes(db: DbOrTx, target: string) {
  return db.selectFrom('staff_notes').selectAll().where('target', '=', target).orderBy('at').orderBy('id').execute();
}

export async function insertStaffNote(
  db: DbOrTx,
  note: { target: string; staffId: number | null; author: string; text: string; at: number },
): Promise<number> {
  const row = await db
    .insertInto('staff_notes')
    .values({ target: note.target, staff_id: note.staffId, author: note.author, text: note.text, at: note.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
