/**
 * The queries of the console's batch jobs (`console_jobs`, migration 0023), below the modules: the
 * inventory import (numbers) and the card batches (iot-sync) keep their jobs here, and the jobs page lists
 * them. `console-jobs.ts` beside it holds the rules.
 */
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from './database.js';
import type { ConsoleJobsTable } from './schema-staff.js';

export type ConsoleJobRow = Selectable<ConsoleJobsTable>;
type JobStatus = ConsoleJobRow['status'];

const UNFINISHED: JobStatus[] = ['queued', 'running'];

export function insertConsoleJob(db: DbOrTx, row: Insertable<ConsoleJobsTable>): Promise<ConsoleJobRow> {
  return db.insertInto('console_jobs').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Moves an unfinished job (queued or running): a job already ended, or failed as interrupted, stays so. */
export async function moveUnfinishedJob(
  db: DbOrTx,
  id: number,
  patch: Partial<Pick<ConsoleJobRow, 'status' | 'progress'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('console_jobs')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', UNFINISHED)
    .execute();
}

/** Ends a job: done or failed, with its result and reason. */
export async function endConsoleJob(
  db: DbOrTx,
  id: number,
  end: Pick<ConsoleJobRow, 'status' | 'result_json' | 'reason'> & { progress?: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('console_jobs')
    .set({ ...end, updated_at: now, finished_at: now })
    .where('id', '=', id)
    .execute();
}

/** Fails, with `reason`, every unfinished job not touched since `before`; answers how many. */
export async function failUntouchedJobs(db: DbOrTx, before: number, reason: string, now: number): Promise<number> {
  const result = await db
    .updateTable('console_jobs')
    .set({ status: 'failed', reason, updated_at: now, finished_at: now })
    .where('status', 'in', UNFINISHED)
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findConsoleJob(db: DbOrTx, id: number, kinds: readonly string[]): Promise<ConsoleJobRow | undefined> {
  if (kinds.length === 0) return Promise.resolve(undefined);
  return db.selectFrom('console_jobs').selectAll().where('id', '=', id).where('kind', 'in', kinds).executeTakeFirst();
}

/** The latest `limit` jobs of those kinds, newest first. */
export function listConsoleJobs(db: DbOrTx, kinds: readonly string[], limit: number): Promise<ConsoleJobRow[]> {
  if (kinds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('console_jobs')
    .selectAll()
    .where('kind', 'in', kinds)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
