/** Queries of the log retention sweep: the oldest lines of a log table, deleted a batch at a time. */
import type { DbOrTx } from '../db/database.js';

/** The log tables the sweep keeps for LOG_RETENTION_DAYS: each has an `id` and a `created_at`. */
export type RetainedLog = 'payment_callbacks' | 'sms_log';

/**
 * Deletes at most `limit` lines of `table` written before `before`, oldest first, in one short statement
 * (the ids are picked through the table's `created_at` index); answers how many it deleted.
 */
export async function deleteLogLinesBefore(
  db: DbOrTx,
  table: RetainedLog,
  before: number,
  limit: number,
): Promise<number> {
  const ids = await db
    .selectFrom(table)
    .select('id')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom(table)
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
