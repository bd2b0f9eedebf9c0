/**
 * The queries of the staff console's sessions (`staff_sessions`, read with their staff member): the
 * repository of `http/staff-sessions.ts`, which holds their rules (idle time, touch interval, cookie).
 */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { StaffSessionsTable } from '../db/schema-staff.js';

export async function insertStaffSession(db: DbOrTx, row: Insertable<StaffSessionsTable>): Promise<void> {
  await db.insertInto('staff_sessions').values(row).execute();
}

/** A session with its staff member, while that member is enabled. */
export function findStaffSession(db: DbOrTx, id: string) {
  return db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as m', 'm.id', 's.staff_id')
    .select(['s.id', 's.staff_id', 's.csrf_token', 's.last_seen_at', 'm.username', 'm.role', 'm.must_change_password'])
    .where('s.id', '=', id)
    .where('m.disabled', '=', 0)
    .executeTakeFirst();
}

export async function touchStaffSession(db: DbOrTx, id: string, now: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteStaffSession(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id', '=', id).execute();
}

/** Deletes every session of a staff member, or every one but `except`. */
export async function deleteStaffSessions(db: DbOrTx, staffId: number, except?: string): Promise<void> {
  let query = db.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}
