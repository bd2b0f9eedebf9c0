/**
 * The console's batch jobs (docs/design.md "Console batch jobs"): one table (`console_jobs`) and these few
 * rules for every job a staff member starts from the browser — the inventory import, the card batches. A
 * job runs in the process that started it and writes its progress as it goes; the page polls it.
 *
 * A process that stops (a restart, a crash) leaves its jobs queued or running forever. Every progress
 * write touches the row, so a job not touched for `JOB_STALE_MS` is no longer running anywhere: reading
 * jobs first fails those with the reason `jobInterrupted`, and the page asks to run it again. A progress
 * write never revives a job that was failed so.
 */
import type { Reason } from '@haoka/contract';
import * as repo from './console-job-repository.js';
import type { DbOrTx } from './database.js';

export type { ConsoleJobRow } from './console-job-repository.js';

/** A queued or running job not touched for this long was interrupted (its jobs write far more often). */
export const JOB_STALE_MS = 10 * 60_000;

const INTERRUPTED: Reason = 'jobInterrupted';

export interface NewConsoleJob {
  kind: string;
  total: number;
  /** What it was started with, kept as JSON. */
  input?: unknown;
  staff: { staffId: number | null; name: string };
  /** `queued` (the default) until the run begins, or `running` at once. */
  status?: 'queued' | 'running';
}

export function createJob(db: DbOrTx, job: NewConsoleJob, now: number): Promise<repo.ConsoleJobRow> {
  return repo.insertConsoleJob(db, {
    kind: job.kind,
    status: job.status ?? 'queued',
    progress: 0,
    total: job.total,
    input_json: job.input === undefined ? null : JSON.stringify(job.input),
    result_json: null,
    reason: null,
    staff_id: job.staff.staffId,
    staff_name: job.staff.name,
    created_at: now,
    updated_at: now,
    finished_at: null,
  });
}

/** The run has begun. */
export function startJob(db: DbOrTx, id: number, now: number): Promise<void> {
  return repo.moveUnfinishedJob(db, id, { status: 'running' }, now);
}

/** `progress` of the job's total handled so far (also the job's sign of life). */
export function reportProgress(db: DbOrTx, id: number, progress: number, now: number): Promise<void> {
  return repo.moveUnfinishedJob(db, id, { progress }, now);
}

/** The job is done: every item handled, with its result (the kind's own JSON). */
export function finishJob(db: DbOrTx, id: number, total: number, result: unknown, now: number): Promise<void> {
  return repo.endConsoleJob(
    db,
    id,
    { status: 'done', progress: total, result_json: JSON.stringify(result), reason: null },
    now,
  );
}

/** The job failed as a whole, with a reason of the contract and, when the kind has one, a result. */
export function failJob(db: DbOrTx, id: number, reason: Reason, result: unknown, now: number): Promise<void> {
  const result_json = result === undefined ? null : JSON.stringify(result);
  return repo.endConsoleJob(db, id, { status: 'failed', result_json, reason }, now);
}

/** Fails the unfinished jobs nobody touched for `JOB_STALE_MS` (`jobInterrupted`); answers how many. */
export function failInterruptedJobs(db: DbOrTx, now: number): Promise<number> {
  return repo.failUntouchedJobs(db, now - JOB_STALE_MS, INTERRUPTED, now);
}

/** A job of one of `kinds`, after failing the interrupted ones; undefined when there is none. */
export async function readJob(
  db: DbOrTx,
  id: number,
  kinds: readonly string[],
  now: number,
): Promise<repo.ConsoleJobRow | undefined> {
  await failInterruptedJobs(db, now);
  return repo.findConsoleJob(db, id, kinds);
}

/** The latest `limit` jobs of `kinds`, newest first, after failing the interrupted ones. */
export async function listJobs(
  db: DbOrTx,
  kinds: readonly string[],
  limit: number,
  now: number,
): Promise<repo.ConsoleJobRow[]> {
  await failInterruptedJobs(db, now);
  return repo.listConsoleJobs(db, kinds, limit);
}

/** A job's result as its kind wrote it; null until it has one. */
export function resultOf<T>(row: repo.ConsoleJobRow): T | null {
  return row.result_json === null ? null : (JSON.parse(row.result_json) as T);
}
