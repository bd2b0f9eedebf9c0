/** Queries for analytics beacons (table `point_reports`). */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { PointReportsTable } from '../../db/schema.js';

/**
 * Stores one beacon; a second row with the same non-null dedupe_key is skipped (ON CONFLICT DO NOTHING,
 * the same on SQLite and PostgreSQL). Answers the new id, or undefined when the row was a repeat.
 */
export async function insertPointReport(db: DbOrTx, row: Insertable<PointReportsTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('point_reports')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function markForwarded(db: DbOrTx, id: number, at: number): Promise<void> {
  await db.updateTable('point_reports').set({ forwarded_at: at }).where('id', '=', id).execute();
}
