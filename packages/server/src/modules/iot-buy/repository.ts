/** Queries of card buying: packages and their orders, recharge, the ledgers, coupons and activities. */
import { PayStatus } from '@haoka/contract';
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
  IotBalanceLogsTable,
  IotBalanceOrdersTable,
  IotCoinLogsTable,
  IotCouponActivitiesTable,
  IotCouponOrdersTable,
  IotCouponsTable,
  IotIntegralLogsTable,
  IotPackageOrdersTable,
  IotPackagesTable,
  SimsTable,
} from '../../db/schema.js';

export type PackageRow = Selectable<IotPackagesTable>;
export type PackageOrderRow = Selectable<IotPackageOrdersTable>;
export type BalanceOrderRow = Selectable<IotBalanceOrdersTable>;
export type CouponOrderRow = Selectable<IotCouponOrdersTable>;
export type CouponRow = Selectable<IotCouponsTable>;
export type ActivityRow = Selectable<IotCouponActivitiesTable>;

// ---- cards

/**
 * Takes the card's row lock for the rest of the transaction (PostgreSQL; SQLite's BEGIN IMMEDIATE
 * already serialises writers), so the limit counts and balance checks of one card never interleave.
 */
export async function lockCard(tx: Tx, simId: number): Promise<Selectable<SimsTable>> {
  return tx
    .updateTable('sims')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', simId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSimById(db: DbOrTx, id: number) {
  return db.selectFrom('sims').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Cards with flow in their pool and no package order at all (opening-package.ts); only `simIds` when
 * given.
 */
export function listCardsWithoutPackageOrders(tx: Tx, simIds?: readonly number[]) {
  let query = tx
    .selectFrom('sims')
    .select(['id', 'total_flow', 'use_flow', 'is_infinite_flow', 'end_at', 'created_at'])
    .where((eb) => eb.or([eb('total_flow', '>', 0), eb('is_infinite_flow', '=', 1)]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('iot_package_orders').select('id').whereRef('iot_package_orders.sim_id', '=', 'sims.id'))),
    );
  if (simIds) query = query.where('id', 'in', [...simIds]);
  return query.orderBy('id').execute();
}

/** Normal cards with a renew package whose end falls in (from, until] (the auto-renew job), at most 500. */
export function listCardsToRenew(db: DbOrTx, from: number, until: number) {
  return db
    .selectFrom('sims')
    .selectAll()
    .where('renew_package_id', '>', 0)
    .where('status', '=', 1)
    .where('end_at', '>', from)
    .where('end_at', '<=', until)
    .limit(500)
    .execute();
}

/** Adds pay-as-you-go charges the balance could not cover to the card's arrears. */
export async function addArrears(tx: Tx, simId: number, fen: number): Promise<void> {
  await tx
    .updateTable('sims')
    .set((eb) => ({ arrears_fen: eb('arrears_fen', '+', fen) }))
    .where('id', '=', simId)
    .execute();
}

export async function countRecharge(tx: Tx, simId: number): Promise<void> {
  await tx
    .updateTable('sims')
    .set((eb) => ({ recharge_times: eb('recharge_times', '+', 1) }))
    .where('id', '=', simId)
    .execute();
}

// ---- the pay password (pay-password.ts)

/** Counts one wrong pay password, up to `max`: the count after, or undefined when it was already at `max`. */
export async function countPayPasswordFail(db: DbOrTx, simId: number, max: number): Promise<number | undefined> {
  const row = await db
    .updateTable('sims')
    .set((eb) => ({ pay_password_fails: eb('pay_password_fails', '+', 1) }))
    .where('id', '=', simId)
    .where('pay_password_fails', '<', max)
    .returning('pay_password_fails')
    .executeTakeFirst();
  return row ? Number(row.pay_password_fails) : undefined;
}

/** Takes the card's reset ticket when it is this one and still valid (single use): whether it was. */
export async function takeResetTicket(db: DbOrTx, simId: number, ticketHash: string, now: number): Promise<boolean> {
  const taken = await db
    .updateTable('sims')
    .set({ pay_reset_ticket_hash: null, pay_reset_ticket_expires_at: null })
    .where('id', '=', simId)
    .where('pay_reset_ticket_hash', '=', ticketHash)
    .where('pay_reset_ticket_expires_at', '>', now)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

// ---- the card's ledgers (ledger.ts: every change writes its line)

/** Adds to the card's balance, unless a debit would take it below zero: the balance after, or undefined. */
export async function addToBalance(tx: Tx, simId: number, amountFen: number, now: number): Promise<number | undefined> {
  let q = tx
    .updateTable('sims')
    .set((eb) => ({ balance_fen: eb('balance_fen', '+', amountFen), updated_at: now }))
    .where('id', '=', simId);
  if (amountFen < 0) q = q.where('balance_fen', '>=', -amountFen);
  const row = await q.returning('balance_fen').executeTakeFirst();
  return row ? Number(row.balance_fen) : undefined;
}

/** A card's id and balance by its number (a staff adjustment). */
export function findSimBalanceByNo(db: DbOrTx, simNo: string) {
  return db.selectFrom('sims').select(['id', 'balance_fen']).where('sim_no', '=', simNo).executeTakeFirst();
}

/** Whether the card's ledger already holds a line of this type under this reference. */
export async function hasBalanceLog(db: DbOrTx, simId: number, type: number, orderSn: string): Promise<boolean> {
  const row = await db
    .selectFrom('iot_balance_logs')
    .select('id')
    .where('sim_id', '=', simId)
    .where('type', '=', type)
    .where('order_sn', '=', orderSn)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertBalanceLog(tx: Tx, row: Insertable<IotBalanceLogsTable>): Promise<void> {
  await tx.insertInto('iot_balance_logs').values(row).execute();
}

/** Adds to the card's coupon coins, unless a debit would take them below zero: the coins after, or undefined. */
export async function addToCoins(tx: Tx, simId: number, coins: number, now: number): Promise<number | undefined> {
  let q = tx
    .updateTable('sims')
    .set((eb) => ({ coupon_coin: eb('coupon_coin', '+', coins), updated_at: now }))
    .where('id', '=', simId);
  if (coins < 0) q = q.where('coupon_coin', '>=', -coins);
  const row = await q.returning('coupon_coin').executeTakeFirst();
  return row ? Number(row.coupon_coin) : undefined;
}

export async function insertCoinLog(tx: Tx, row: Insertable<IotCoinLogsTable>): Promise<void> {
  await tx.insertInto('iot_coin_logs').values(row).execute();
}

/** Adds to the card's points, unless a debit would take them below zero: the points after, or undefined. */
export async function addToIntegral(tx: Tx, simId: number, points: number, now: number): Promise<number | undefined> {
  let q = tx
    .updateTable('sims')
    .set((eb) => ({ integral: eb('integral', '+', points), updated_at: now }))
    .where('id', '=', simId);
  if (points < 0) q = q.where('integral', '>=', -points);
  const row = await q.returning('integral').executeTakeFirst();
  return row ? Number(row.integral) : undefined;
}

export async function insertIntegralLog(tx: Tx, row: Insertable<IotIntegralLogsTable>): Promise<void> {
  await tx.insertInto('iot_integral_logs').values(row).execute();
}

export function updateSim(db: DbOrTx, id: number, values: Updateable<SimsTable>) {
  return db.updateTable('sims').set(values).where('id', '=', id).execute();
}

// ---- packages

/** Packages on sale to a card: its promoter's and everyone's, its operator's and every operator's. */
export function listPackagesFor(
  db: DbOrTx,
  card: { promo_code: string; operator_type: number },
  filter: { packageType?: number | undefined; renewableOnly?: boolean } = {},
) {
  let q = db
    .selectFrom('iot_packages')
    .selectAll()
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', card.promo_code)]))
    .where((eb) => eb.or([eb('operator_type', 'is', null), eb('operator_type', '=', card.operator_type)]));
  if (filter.packageType !== undefined) q = q.where('package_type', '=', filter.packageType);
  if (filter.renewableOnly) q = q.where('renewable', '=', 1).where('package_type', '=', 1);
  return q.orderBy('sort').orderBy('id').execute();
}

export function findPackage(db: DbOrTx, id: number) {
  return db.selectFrom('iot_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One unit of stock (null = unlimited); false when none is left. */
export async function takePackageStock(tx: Tx, id: number): Promise<boolean> {
  const result = await tx
    .updateTable('iot_packages')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .where('stock', '>=', 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  const row = await tx.selectFrom('iot_packages').select('stock').where('id', '=', id).executeTakeFirst();
  return row !== undefined && row.stock === null;
}

export async function returnPackageStock(tx: Tx, id: number): Promise<void> {
  await tx
    .updateTable('iot_packages')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .execute();
}

/** Orders of a package that count against its per-card limit: all but refunded and cancelled. */
export async function countPackageOrders(db: DbOrTx, simId: number, packageId: number): Promise<number> {
  const row = await db
    .selectFrom('iot_package_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sim_id', '=', simId)
    .where('package_id', '=', packageId)
    .where('status', 'in', [0, 1, 2, 3])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per package: how many orders this card holds that count against the limit. */
export async function countPackageOrdersByPackage(db: DbOrTx, simId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('iot_package_orders')
    .select(['package_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sim_id', '=', simId)
    .where('status', 'in', [0, 1, 2, 3])
    .groupBy('package_id')
    .execute();
  return new Map(rows.map((r) => [r.package_id, Number(r.n)]));
}

export function findPackageOrder(db: DbOrTx, orderSn: string) {
  return db.selectFrom('iot_package_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}

export function findPackageOrderByUuid(db: DbOrTx, simId: number, uuid: string) {
  return findByCardUuid(db, 'iot_package_orders', simId, uuid);
}

export async function insertPackageOrder(tx: Tx, row: Insertable<IotPackageOrdersTable>): Promise<void> {
  await tx.insertInto('iot_package_orders').values(row).execute();
}

/** Conditional move of a package order: only from the given statuses; true when it moved. */
/** Ends the card's running pay-as-you-go orders (closing pay-as-you-go). */
export async function endVolumeOrders(tx: Tx, simId: number, now: number): Promise<void> {
  await tx
    .updateTable('iot_package_orders')
    .set({ status: 3, end_at: now, updated_at: now })
    .where('sim_id', '=', simId)
    .where('package_type', '=', 3)
    .where('status', '=', 2)
    .execute();
}

/** Claims an activated, running order for applying to its card (once per order): whether this call did. */
export async function claimPackageApply(tx: Tx, orderSn: string, now: number): Promise<boolean> {
  const claimed = await tx
    .updateTable('iot_package_orders')
    .set({ applied_at: now, updated_at: now })
    .where('order_sn', '=', orderSn)
    .where('status', '=', 2)
    .where('applied_at', 'is', null)
    .where('activated_at', 'is not', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Does the card run another unlimited-flow order than this one? */
export async function hasOtherInfiniteOrder(tx: Tx, simId: number, orderSn: string): Promise<boolean> {
  const other = await tx
    .selectFrom('iot_package_orders')
    .select('id')
    .where('sim_id', '=', simId)
    .where('status', '=', 2)
    .where('is_infinite_flow', '=', 1)
    .where('order_sn', '!=', orderSn)
    .executeTakeFirst();
  return other !== undefined;
}

/** Records the operator's acceptance (once): whether this call did. */
export async function markPackageActivated(tx: Tx, orderSn: string, now: number): Promise<boolean> {
  const done = await tx
    .updateTable('iot_package_orders')
    .set({ activated_at: now, updated_at: now })
    .where('order_sn', '=', orderSn)
    .where('activated_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Activated orders waiting to start whose start has come, at most 500. */
export function listDuePackageOrders(db: DbOrTx, now: number) {
  return db
    .selectFrom('iot_package_orders')
    .selectAll()
    .where('status', '=', 1)
    .where('start_at', '<=', now)
    .where('activated_at', 'is not', null)
    .limit(500)
    .execute();
}

/** Running orders past their end, at most 500. */
export function listEndedPackageOrders(db: DbOrTx, now: number) {
  return db
    .selectFrom('iot_package_orders')
    .selectAll()
    .where('status', '=', 2)
    .where('end_at', 'is not', null)
    .where('end_at', '<=', now)
    .limit(500)
    .execute();
}

/** Paid orders the operator has not accepted, untouched since `before`, at most 100. */
export function listUnactivatedPaidOrders(db: DbOrTx, before: number) {
  return db
    .selectFrom('iot_package_orders')
    .select('order_sn')
    .where('pay_status', '=', PayStatus.PAID)
    .where('status', 'in', [1, 2])
    .where('activated_at', 'is', null)
    .where('updated_at', '<=', before)
    .limit(100)
    .execute();
}

export async function setPackageUsage(tx: Tx, orderId: number, useFlowMb: number): Promise<void> {
  await tx.updateTable('iot_package_orders').set({ use_flow: useFlowMb }).where('id', '=', orderId).execute();
}

export function movePackageOrder(
  db: DbOrTx,
  orderSn: string,
  from: OrderMoveFrom,
  values: Updateable<IotPackageOrdersTable>,
): Promise<boolean> {
  return moveOrderRow(db, 'iot_package_orders', orderSn, from, values);
}

/** The latest end of the card's base packages that are active or waiting (for 到期续接). */
export async function latestBaseEnd(db: DbOrTx, simId: number): Promise<number | null> {
  const row = await db
    .selectFrom('iot_package_orders')
    .select((eb) => eb.fn.max('end_at').as('end'))
    .where('sim_id', '=', simId)
    .where('package_type', '=', 1)
    .where('status', 'in', [1, 2])
    .executeTakeFirst();
  return row?.end == null ? null : Number(row.end);
}

/** Active orders whose flow counts, earliest end first (usage is charged to them in that order). */
export function listActiveFlowOrders(db: DbOrTx, simId: number) {
  return db
    .selectFrom('iot_package_orders')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('status', '=', 2)
    .where('applied_at', 'is not', null)
    .where('package_type', 'in', [1, 2])
    .orderBy('end_at')
    .orderBy('id')
    .execute();
}

export function pagePackageOrders(
  db: DbOrTx,
  simId: number,
  statuses: number[] | undefined,
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('iot_package_orders').where('sim_id', '=', simId);
  if (statuses && statuses.length > 0) scope = scope.where('status', 'in', statuses);
  return pageOf(scope, page, pageSize, (q) =>
    // Active first when listing current packages (packageInfo); newest first otherwise.
    statuses?.length
      ? q.selectAll().orderBy('status', 'desc').orderBy('id', 'desc')
      : q.selectAll().orderBy('id', 'desc'),
  );
}

/** Latest paid package orders of a promoter's cards, for the lamp. */
export function listRecentPackageBuys(db: DbOrTx, promoCode: string, limit: number) {
  return db
    .selectFrom('iot_package_orders as o')
    .innerJoin('sims as s', 's.id', 'o.sim_id')
    .select(['o.package_name', 'o.paid_at', 's.mobile', 's.sim_no'])
    .where('s.promo_code', '=', promoCode)
    .where('o.pay_status', '=', 2)
    .where('o.status', 'in', [1, 2, 3])
    .where('o.source', '!=', 'opening')
    .orderBy('o.paid_at', 'desc')
    .limit(limit)
    .execute();
}

// ---- coupons

export function listCardCoupons(db: DbOrTx, simId: number, statuses?: number[]) {
  let q = db.selectFrom('iot_coupons').selectAll().where('sim_id', '=', simId);
  if (statuses) q = q.where('status', 'in', statuses);
  return q.orderBy('end_at').orderBy('id').limit(200).execute();
}

export function findCoupon(db: DbOrTx, id: number) {
  return db.selectFrom('iot_coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Coupon state change guarded by its current state and owner; true when it moved. */
export async function moveCoupon(
  tx: Tx,
  where: { id: number; simId: number; from: number; orderSn?: string | null; validAt?: number },
  values: { status: number; order_sn: string | null },
): Promise<boolean> {
  let q = tx
    .updateTable('iot_coupons')
    .set({ ...values, updated_at: Date.now() })
    .where('id', '=', where.id)
    .where('sim_id', '=', where.simId)
    .where('status', '=', where.from);
  if (where.orderSn) q = q.where('order_sn', '=', where.orderSn);
  if (where.validAt !== undefined) q = q.where('start_at', '<=', where.validAt).where('end_at', '>', where.validAt);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertCoupons(tx: Tx, rows: Insertable<IotCouponsTable>[]): Promise<void> {
  if (rows.length > 0) await tx.insertInto('iot_coupons').values(rows).execute();
}

export async function expireCoupons(db: DbOrTx, now: number): Promise<number> {
  const result = await db
    .updateTable('iot_coupons')
    .set({ status: 4, updated_at: now })
    .where('status', '=', 1)
    .where('end_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- recharge

export function listBalanceOptions(db: DbOrTx, promoCode: string) {
  return db
    .selectFrom('iot_balance_options')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', promoCode)]))
    .orderBy('sort')
    .orderBy('amount_fen')
    .execute();
}

export function findBalanceOrder(db: DbOrTx, orderSn: string) {
  return db.selectFrom('iot_balance_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}

export function findBalanceOrderByUuid(db: DbOrTx, simId: number, uuid: string) {
  return findByCardUuid(db, 'iot_balance_orders', simId, uuid);
}

export async function insertBalanceOrder(db: DbOrTx, row: Insertable<IotBalanceOrdersTable>): Promise<void> {
  await db.insertInto('iot_balance_orders').values(row).execute();
}

export function moveBalanceOrder(
  db: DbOrTx,
  orderSn: string,
  from: OrderMoveFrom,
  values: Updateable<IotBalanceOrdersTable>,
): Promise<boolean> {
  return moveOrderRow(db, 'iot_balance_orders', orderSn, from, values);
}

export function pageBalanceOrders(
  db: DbOrTx,
  simId: number,
  status: number | undefined,
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('iot_balance_orders').where('sim_id', '=', simId);
  if (status !== undefined) scope = scope.where('status', '=', status);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('id', 'desc'));
}

export function pageBalanceLogs(db: DbOrTx, simId: number, type: number | undefined, page: number, pageSize: number) {
  let scope = db.selectFrom('iot_balance_logs').where('sim_id', '=', simId);
  if (type !== undefined) scope = scope.where('type', '=', type);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('id', 'desc'));
}

// ---- recharge activities

export function listActivities(db: DbOrTx, promoCode: string) {
  return db
    .selectFrom('iot_coupon_activities')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', promoCode)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findActivity(db: DbOrTx, id: number) {
  return db.selectFrom('iot_coupon_activities').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function takeActivityStock(tx: Tx, id: number): Promise<boolean> {
  const result = await tx
    .updateTable('iot_coupon_activities')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .where('stock', '>=', 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  const row = await tx.selectFrom('iot_coupon_activities').select('stock').where('id', '=', id).executeTakeFirst();
  return row !== undefined && row.stock === null;
}

export async function returnActivityStock(tx: Tx, id: number): Promise<void> {
  await tx
    .updateTable('iot_coupon_activities')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .execute();
}

/** Orders of an activity that count against its per-card limit: unpaid (held) and paid. */
export async function countActivityOrders(db: DbOrTx, simId: number, activityId?: number) {
  const rows = await db
    .selectFrom('iot_coupon_orders')
    .select(['activity_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sim_id', '=', simId)
    .where('status', 'in', [0, 1])
    .$if(activityId !== undefined, (q) => q.where('activity_id', '=', activityId as number))
    .groupBy('activity_id')
    .execute();
  return new Map(rows.map((r) => [r.activity_id, Number(r.n)]));
}

export function findCouponOrder(db: DbOrTx, orderSn: string) {
  return db.selectFrom('iot_coupon_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}

export function findCouponOrderByUuid(db: DbOrTx, simId: number, uuid: string) {
  return findByCardUuid(db, 'iot_coupon_orders', simId, uuid);
}

export async function insertCouponOrder(tx: Tx, row: Insertable<IotCouponOrdersTable>): Promise<void> {
  await tx.insertInto('iot_coupon_orders').values(row).execute();
}

export function moveCouponOrder(
  db: DbOrTx,
  orderSn: string,
  from: OrderMoveFrom,
  values: Updateable<IotCouponOrdersTable>,
): Promise<boolean> {
  return moveOrderRow(db, 'iot_coupon_orders', orderSn, from, values);
}

// ---- timeouts

export function listExpiredUnpaid(
  db: DbOrTx,
  table: 'iot_package_orders' | 'iot_balance_orders' | 'iot_coupon_orders',
  now: number,
) {
  return listExpiredUnpaidOrders(db, table, now);
}
