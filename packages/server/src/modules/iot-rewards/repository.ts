/** Queries of tasks, sign-ins, task claims and video watches, coupon exchange and the two ledgers. */
import type { Insertable, Selectable } from 'kysely';
import { findByCardUuid } from '../../db/card-order-repository.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type { IotCouponsTable } from '../../db/schema.js';
import type {
  IotCouponExchangeRecordsTable,
  IotCouponExchangesTable,
  IotTaskClaimsTable,
  IotTasksTable,
} from '../../db/schema-iot-rewards.js';

export type TaskRow = Selectable<IotTasksTable>;
export type ClaimRow = Selectable<IotTaskClaimsTable>;
export type ExchangeRow = Selectable<IotCouponExchangesTable>;
export type ExchangeRecordRow = Selectable<IotCouponExchangeRecordsTable>;

// ---- tasks and claims

/** Enabled tasks (with the sign-in) of a card's promoter: its own rows replace everyone's of the same code. */
export async function listTasksFor(db: DbOrTx, promoCode: string): Promise<TaskRow[]> {
  const rows = await db
    .selectFrom('iot_tasks')
    .selectAll()
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', promoCode)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const own = new Set(rows.filter((r) => r.promo_code !== '').map((r) => r.task_code));
  // A promoter's disabled row hides everyone's row of that code too.
  return rows.filter((r) => (r.promo_code !== '' || !own.has(r.task_code)) && r.enabled === 1);
}

/** The card's claims of these tasks with these occurrence keys. */
export function listClaims(db: DbOrTx, simId: number, taskCodes: string[], periodKeys: string[]) {
  if (taskCodes.length === 0 || periodKeys.length === 0) return Promise.resolve([] as ClaimRow[]);
  return db
    .selectFrom('iot_task_claims')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('task_code', 'in', taskCodes)
    .where('period_key', 'in', periodKeys)
    .execute();
}

export async function insertClaim(tx: Tx, row: Insertable<IotTaskClaimsTable>): Promise<void> {
  await tx.insertInto('iot_task_claims').values(row).execute();
}

/** Package orders the card paid for itself (not the opening package, not refunded or cancelled). */
export async function countPaidPackages(db: DbOrTx, simId: number, since: number | null): Promise<number> {
  let q = db
    .selectFrom('iot_package_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sim_id', '=', simId)
    .where('source', '!=', 'opening')
    .where('pay_status', '=', 2)
    .where('status', 'in', [1, 2, 3]);
  if (since !== null) q = q.where('paid_at', '>=', since);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function putWatch(db: DbOrTx, simId: number, taskCode: string, startedAt: number): Promise<void> {
  await db
    .insertInto('iot_task_watches')
    .values({ sim_id: simId, task_code: taskCode, started_at: startedAt })
    .onConflict((oc) => oc.columns(['sim_id', 'task_code']).doUpdateSet({ started_at: startedAt }))
    .execute();
}

export function findWatch(db: DbOrTx, simId: number, taskCode: string) {
  return db
    .selectFrom('iot_task_watches')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('task_code', '=', taskCode)
    .executeTakeFirst();
}

/** Uses up a watch that started at `startedAt`; false when another claim already used it. */
export async function takeWatch(tx: Tx, simId: number, taskCode: string, startedAt: number): Promise<boolean> {
  const result = await tx
    .deleteFrom('iot_task_watches')
    .where('sim_id', '=', simId)
    .where('task_code', '=', taskCode)
    .where('started_at', '=', startedAt)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---- coupon exchange

export function findExchange(db: DbOrTx, id: number) {
  return db.selectFrom('iot_coupon_exchanges').selectAll().where('id', '=', id).executeTakeFirst();
}

function exchangesFor(db: DbOrTx, promoCode: string) {
  return db
    .selectFrom('iot_coupon_exchanges')
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', promoCode)]));
}

export async function pageExchanges(db: DbOrTx, promoCode: string, page: number, pageSize: number) {
  return pageOf(exchangesFor(db, promoCode), page, pageSize, (q) => q.selectAll().orderBy('sort').orderBy('id'));
}

/** One unit of stock (null = unlimited); false when none is left. */
export async function takeExchangeStock(tx: Tx, id: number): Promise<boolean> {
  const result = await tx
    .updateTable('iot_coupon_exchanges')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .where('stock', '>=', 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  const row = await tx.selectFrom('iot_coupon_exchanges').select('stock').where('id', '=', id).executeTakeFirst();
  return row !== undefined && row.stock === null;
}

/** The card's exchanges, per item. */
export async function countExchangesByItem(db: DbOrTx, simId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('iot_coupon_exchange_records')
    .select(['exchange_id', (eb) => eb.fn.countAll().as('n')])
    .where('sim_id', '=', simId)
    .where('exchange_id', 'in', ids)
    .groupBy('exchange_id')
    .execute();
  return new Map(rows.map((r) => [r.exchange_id, Number(r.n)]));
}

export function findExchangeRecordByUuid(db: DbOrTx, simId: number, uuid: string) {
  return findByCardUuid(db, 'iot_coupon_exchange_records', simId, uuid);
}

export async function insertExchangeRecord(tx: Tx, row: Insertable<IotCouponExchangeRecordsTable>): Promise<void> {
  await tx.insertInto('iot_coupon_exchange_records').values(row).execute();
}

// ---- ledgers

export async function pageIntegralLogs(
  db: DbOrTx,
  simId: number,
  type: number | undefined,
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('iot_integral_logs').where('sim_id', '=', simId);
  if (type !== undefined) scope = scope.where('type', '=', type);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('id', 'desc'));
}

export async function pageCoinLogs(
  db: DbOrTx,
  simId: number,
  type: number | undefined,
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('iot_coin_logs').where('sim_id', '=', simId);
  if (type !== undefined) scope = scope.where('type', '=', type);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('id', 'desc'));
}

export async function insertCoupon(tx: Tx, row: Insertable<IotCouponsTable>): Promise<number> {
  const { id } = await tx.insertInto('iot_coupons').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** A unique index refused the insert (another request took the same claim or uuid first). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
