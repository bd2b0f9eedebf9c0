/**
 * The queries of the staff console's accounts (`staff`) and of the audit page (`audit_log` read): the
 * repository of `service.ts`, which holds their rules (lockout, one-time codes, the audit lines). The
 * sessions' queries are `http/staff-session-repository.ts`; the log's one insert is `recordAudit`.
 */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type { StaffTable } from '../../db/schema-staff.js';

export type StaffRow = Selectable<StaffTable>;

export function findStaff(db: DbOrTx, username: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
}

export function listStaffRows(db: DbOrTx): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().orderBy('id').execute();
}

export async function insertStaff(db: DbOrTx, row: Insertable<StaffTable>): Promise<void> {
  await db.insertInto('staff').values(row).execute();
}

export async function updateStaff(db: DbOrTx, id: number, values: Updateable<StaffTable>): Promise<void> {
  await db.updateTable('staff').set(values).where('id', '=', id).execute();
}

/**
 * Counts one failed sign-in with an atomic increment in the database (concurrent guesses, other
 * instances and restarts all count); answers the new count, undefined when the row is gone.
 */
export async function countFailedLogin(db: DbOrTx, id: number, now: number): Promise<number | undefined> {
  const counted = await db
    .updateTable('staff')
    .set({ failed_logins: sql`failed_logins + 1`, updated_at: now })
    .where('id', '=', id)
    .returning('failed_logins')
    .executeTakeFirst();
  return counted?.failed_logins;
}

/**
 * Records a successful sign-in with TOTP step `step`, guarded on the last step taken: of two sign-ins
 * racing with one code at most one is answered true.
 */
export async function takeLoginStep(db: DbOrTx, id: number, step: number, now: number): Promise<boolean> {
  const taken = await db
    .updateTable('staff')
    .set({ failed_logins: 0, locked_until: null, totp_last_step: step, last_login_at: now, updated_at: now })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export interface AuditFilter {
  staff?: string | undefined;
  /** An exact action, or an area when it ends with `.` (e.g. `order.`). */
  action?: string | undefined;
  target?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A page of the audit log, newest first, filtered by actor, action (or `area.`), target and time. */
export function pageAuditLog(db: DbOrTx, filter: AuditFilter, page: number, pageSize: number) {
  let scope = db.selectFrom('audit_log');
  if (filter.staff) scope = scope.where('actor', '=', filter.staff);
  if (filter.action) {
    scope = filter.action.endsWith('.')
      ? scope.where('action', 'like', `${filter.action.replace(/[\\%_]/g, '')}%`)
      : scope.where('action', '=', filter.action);
  }
  if (filter.target) scope = scope.where('target', '=', filter.target);
  if (filter.from !== undefined) scope = scope.where('at', '>=', filter.from);
  if (filter.to !== undefined) scope = scope.where('at', '<', filter.to);
  return pageOf(scope, page, pageSize, (s) => s.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'));
}

/**
 * The newest audit line of each target among `targets` with one of `actions`: who did it last (the payments
 * console names who refunded an order). At most one row per target.
 */
export async function latestActorsOf(
  db: DbOrTx,
  targets: readonly string[],
  actions: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (targets.length === 0 || actions.length === 0) return found;
  const rows = await db
    .selectFrom('audit_log')
    .select(['target', 'actor'])
    .where('target', 'in', [...targets])
    .where('action', 'in', [...actions])
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) found.set(row.target, row.actor);
  return found;
}
