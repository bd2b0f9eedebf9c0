/**
 * Log retention: the payment callback log (`payment_callbacks`) and the SMS log (`sms_log`) grow with every
 * payment and message. Hourly, lines older than LOG_RETENTION_DAYS (default 180) are deleted, a batch of
 * `BATCH` at a time, each batch its own short statement, so neither SQLite's write lock nor PostgreSQL's
 * row locks are held long; a run stops after `MAX_BATCHES` per table and the next run goes on.
 */
import type { AppContext } from '../context/app-context.js';
import { deleteLogLinesBefore, type RetainedLog } from './log-retention-repository.js';
import type { JobDefinition } from './runner.js';

export const LOG_RETENTION_JOB = 'log-retention';
const DAY_MS = 86_400_000;
/** Lines deleted per statement. */
export const BATCH = 1000;
/** Batches per table and run: at most 100,000 lines an hour, plenty for a shop's logs. */
const MAX_BATCHES = 100;
const TABLES: readonly RetainedLog[] = ['payment_callbacks', 'sms_log'];

/** Deletes the lines older than the retention; answers how many of each table. */
export async function sweepLogs(
  ctx: AppContext,
  now = ctx.clock.now(),
  batch = BATCH,
): Promise<Record<RetainedLog, number>> {
  const before = now - ctx.config.logRetentionDays * DAY_MS;
  const deleted: Record<RetainedLog, number> = { payment_callbacks: 0, sms_log: 0 };
  for (const table of TABLES) {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await deleteLogLinesBefore(ctx.db, table, before, batch);
      deleted[table] += n;
      if (n < batch) break;
    }
  }
  if (deleted.payment_callbacks + deleted.sms_log > 0) ctx.log.info({ deleted }, 'log retention: old lines deleted');
  return deleted;
}

export const logRetentionJob: JobDefinition = {
  name: LOG_RETENTION_JOB,
  everyMs: 3_600_000,
  run: (ctx) => sweepLogs(ctx).then(() => undefined),
};
