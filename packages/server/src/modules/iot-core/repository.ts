/** Queries of the IoT card core: cards, their device and vice SIMs, layouts, daily usage, network tasks. */
import type { Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { SimsTable } from '../../db/schema.js';

export type SimRow = Awaited<ReturnType<typeof findSimByNo>> & {};

export function findSimByNo(db: DbOrTx, simNo: string) {
  return db.selectFrom('sims').selectAll().where('sim_no', '=', simNo).executeTakeFirst();
}

/**
 * Open cards not closed by the operator (sim_status 4) whose cached state was never synced or synced
 * no later than `syncedBefore`, oldest first, at most `limit` (the upstream sync job).
 */
export function listCardsToSync(db: DbOrTx, syncedBefore: number, limit: number) {
  return db
    .selectFrom('sims')
    .selectAll()
    .where('status', '=', 1)
    .where('sim_status', '<>', 4)
    .where((eb) => eb.or([eb('last_robin_at', 'is', null), eb('last_robin_at', '<=', syncedBefore)]))
    .orderBy((eb) => eb.fn.coalesce('last_robin_at', eb.lit(0)))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The enabled cards among these numbers (the cards an operator platform says it changed). */
export function listActiveCards(db: DbOrTx, simNos: readonly string[]) {
  if (simNos.length === 0) return Promise.resolve([]);
  return db.selectFrom('sims').selectAll().where('sim_no', 'in', simNos).where('status', '=', 1).execute();
}

/**
 * The card a login identifier names: its number, ICCID or device number first, else the card most
 * recently bound to that mobile (a mobile may hold up to 10 cards).
 */
export async function findSimByLoginId(db: DbOrTx, id: string) {
  const direct = await db
    .selectFrom('sims')
    .selectAll()
    .where((eb) => eb.or([eb('sim_no', '=', id), eb('iccid', '=', id), eb('device_no', '=', id)]))
    .orderBy('id')
    .execute();
  const exact = direct.find((r) => r.sim_no === id) ?? direct.find((r) => r.iccid === id) ?? direct[0];
  if (exact || !/^1\d{10}$/.test(id)) return exact;
  return db
    .selectFrom('sims')
    .selectAll()
    .where('mobile', '=', id)
    .orderBy('mobile_bound_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function updateSim(db: DbOrTx, id: number, values: Updateable<SimsTable>) {
  return db.updateTable('sims').set(values).where('id', '=', id).execute();
}

/**
 * Writes a sync's result only if no other sync landed since `lastRobinAt` was read, so two concurrent
 * refreshes cannot add the same usage twice; false when another one won. Usage is added (`usedMb`), not
 * overwritten, so a package applied or expired meanwhile keeps its own change to the pool.
 */
export async function applySync(
  db: DbOrTx,
  id: number,
  lastRobinAt: number | null,
  usedMb: number,
  values: Updateable<SimsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('sims')
    .set((eb) => ({ ...values, use_flow: eb('use_flow', '+', usedMb) }))
    .where('id', '=', id)
    .where('last_robin_at', lastRobinAt === null ? 'is' : '=', lastRobinAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts a wrong card password and answers the new count. */
export async function countCardPasswordFail(db: DbOrTx, id: number): Promise<number> {
  const row = await db
    .updateTable('sims')
    .set((eb) => ({ card_password_fails: eb('card_password_fails', '+', 1) }))
    .where('id', '=', id)
    .returning('card_password_fails')
    .executeTakeFirstOrThrow();
  return Number(row.card_password_fails);
}

export function findDevice(db: DbOrTx, simId: number) {
  return db.selectFrom('sim_devices').selectAll().where('sim_id', '=', simId).executeTakeFirst();
}

export function listViceSims(db: DbOrTx, simId: number) {
  return db.selectFrom('vice_sims').selectAll().where('sim_id', '=', simId).orderBy('sort').orderBy('id').execute();
}

export async function findLayoutJson(db: DbOrTx, code: string): Promise<string | undefined> {
  if (!code) return undefined;
  const row = await db.selectFrom('sim_layouts').select('layout_json').where('code', '=', code).executeTakeFirst();
  return row?.layout_json;
}

export async function findPromoterDomain(db: DbOrTx, code: string): Promise<string> {
  if (!code) return '';
  const row = await db.selectFrom('promoters').select('domain').where('code', '=', code).executeTakeFirst();
  return row?.domain ?? '';
}

export async function countCardsOfMobile(db: DbOrTx, mobile: string, exceptSimId: number): Promise<number> {
  const row = await db
    .selectFrom('sims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mobile', '=', mobile)
    .where('id', '!=', exceptSimId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds usage to the day rows (creating them). */
export async function addDailyUsage(db: DbOrTx, simId: number, usage: { day: string; flowMb: number }[]) {
  for (const { day, flowMb } of usage) {
    await db
      .insertInto('sim_usage_daily')
      .values({ sim_id: simId, day, flow_mb: flowMb })
      .onConflict((oc) =>
        oc.columns(['sim_id', 'day']).doUpdateSet((eb) => ({
          flow_mb: eb(eb.ref('sim_usage_daily.flow_mb'), '+', eb.ref('excluded.flow_mb')),
        })),
      )
      .execute();
  }
}

export function listDailyUsage(db: DbOrTx, simId: number, fromDay: string) {
  return db
    .selectFrom('sim_usage_daily')
    .select(['day', 'flow_mb'])
    .where('sim_id', '=', simId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
}

export function updateDevice(db: DbOrTx, simId: number, values: { conn_count: number; signal: number }, now: number) {
  return db
    .updateTable('sim_devices')
    .set({ ...values, updated_at: now })
    .where('sim_id', '=', simId)
    .execute();
}

export function insertNetTask(
  db: DbOrTx,
  task: { id: string; simId: number; kind: string; payload: unknown; createdAt: number; expiresAt: number },
) {
  return db
    .insertInto('sim_net_tasks')
    .values({
      id: task.id,
      sim_id: task.simId,
      kind: task.kind,
      payload_json: JSON.stringify(task.payload),
      state: 'pending',
      created_at: task.createdAt,
      expires_at: task.expiresAt,
    })
    .execute();
}

export function findLayoutRow(db: DbOrTx, code: string) {
  return db.selectFrom('sim_layouts').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Stores a layout under its code, replacing what was stored. */
export async function upsertLayout(db: DbOrTx, code: string, layoutJson: string, now: number): Promise<void> {
  await db
    .insertInto('sim_layouts')
    .values({ code, layout_json: layoutJson, updated_at: now })
    .onConflict((oc) => oc.column('code').doUpdateSet({ layout_json: layoutJson, updated_at: now }))
    .execute();
}

/** A page of stored layouts by code keyword, by code. */
export function pageLayouts(db: DbOrTx, filter: { keyword?: string | undefined }, page: number, pageSize: number) {
  let scope = db.selectFrom('sim_layouts');
  if (filter.keyword) scope = scope.where(containsText('code', filter.keyword));
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('code'));
}

/** How many cards use each of these layout codes (codes no card uses are absent). */
export async function countCardsByLayout(db: DbOrTx, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('sims')
    .select((eb) => ['layout_code', eb.fn.countAll().as('n')])
    .where('layout_code', 'in', codes)
    .groupBy('layout_code')
    .execute();
  return new Map(rows.map((r) => [r.layout_code, Number(r.n)]));
}
