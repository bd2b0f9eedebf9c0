/** Queries of the job runner and `jobs status`: the leases (`job_leases`) and the run history (`job_runs`). */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { JobRunsTable } from '../db/schema.js';

/** Renews the lease while it has run out or is this holder's: whether it did. */
export async function renewLease(
  db: DbOrTx,
  name: string,
  holder: string,
  now: number,
  until: number,
): Promise<boolean> {
  const renewed = await db
    .updateTable('job_leases')
    .set({ holder, lease_until: until })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('lease_until', '<=', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0;
}

/** The first lease of a job (a conditional insert: one of two racing holders gets it): whether this one did. */
export async function insertLease(db: DbOrTx, name: string, holder: string, until: number): Promise<boolean> {
  const inserted = await db
    .insertInto('job_leases')
    .values({ name, holder, lease_until: until, last_run_at: null, last_error: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The finished run on its lease row, while `holder` still holds it. */
export async function recordRunOnLease(
  db: DbOrTx,
  run: { name: string; holder: string; startedAt: number; finishedAt: number; everyMs: number; error: string | null },
): Promise<void> {
  const failed = run.error !== null;
  await db
    .updateTable('job_leases')
    .set((eb) => ({
      last_run_at: run.finishedAt,
      last_error: run.error,
      last_started_at: run.startedAt,
      every_ms: run.everyMs,
      next_run_at: run.finishedAt + run.everyMs,
      run_count: eb('run_count', '+', 1),
      failure_count: eb('failure_count', '+', failed ? 1 : 0),
      ...(failed ? { last_failure_at: run.finishedAt, last_failure: run.error } : {}),
    }))
    .where('name', '=', run.name)
    .where('holder', '=', run.holder)
    .execute();
}

export async function insertRun(db: DbOrTx, row: Insertable<JobRunsTable>): Promise<void> {
  await db.insertInto('job_runs').values(row).execute();
}

/** Forgets a job's runs that started before `before`. */
export async function deleteRunsBefore(db: DbOrTx, job: string, before: number): Promise<void> {
  await db.deleteFrom('job_runs').where('job', '=', job).where('started_at', '<', before).execute();
}

/** A lease row for a job that never ran (kept as it is when the row exists). */
export async function announceJob(db: DbOrTx, name: string, everyMs: number, nextRunAt: number | null): Promise<void> {
  await db
    .insertInto('job_leases')
    .values({
      name,
      holder: '',
      lease_until: 0,
      last_run_at: null,
      last_error: null,
      every_ms: everyMs,
      next_run_at: nextRunAt,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Ends the leases `holder` still holds at `now`: how many. */
export async function releaseLeases(db: DbOrTx, holder: string, now: number): Promise<number> {
  const result = await db
    .updateTable('job_leases')
    .set({ lease_until: now })
    .where('holder', '=', holder)
    .where('lease_until', '>', now)
    .execute();
  return Number(result[0]?.numUpdatedRows ?? 0);
}

export function listLeases(db: DbOrTx) {
  return db.selectFrom('job_leases').selectAll().execute();
}

/** Failed runs per job that started after `since`. */
export function countFailuresSince(db: DbOrTx, since: number) {
  return db
    .selectFrom('job_runs')
    .select(['job', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('outcome', '=', 'failed')
    .where('started_at', '>', since)
    .groupBy('job')
    .execute();
}
