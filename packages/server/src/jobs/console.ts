/**
 * The console's jobs page (BACKOFFICE.md "System", issue 23 item 6): every job's status, from the same
 * service as `jobs status` (status.ts), and run now (owner only), through the job's lease as a tick would,
 * audited as `job.run` on `job:<name>`; and the console's batch jobs (`db/console-jobs.ts`), of the kinds
 * the member may read.
 */
import {
  type AdminBatchJob,
  type AdminJob,
  BATCH_JOB_KINDS,
  BATCH_JOBS_LISTED,
  batchJobPermission,
  roleMay,
  type StaffRole,
} from '@haoka/contract';
import type { AppContext } from '../context/app-context.js';
import * as consoleJobs from '../db/console-jobs.js';
import { fail } from '../http/app-error.js';
import { type AuditActor, recordAudit } from '../http/audit.js';
import { registeredJobs, runJobOnce } from './runner.js';
import { jobsStatus } from './status.js';

/** Every registered job (and any other an instance announced), by name. */
export async function listJobs(ctx: AppContext): Promise<{ list: AdminJob[] }> {
  return { list: await jobsStatus(ctx.db, { now: ctx.clock.now(), jobs: registeredJobs() }) };
}

/** The latest batch jobs of the kinds `role` may read on their own pages, newest first. */
export async function listBatchJobs(ctx: AppContext, role: StaffRole): Promise<{ list: AdminBatchJob[] }> {
  const kinds = BATCH_JOB_KINDS.filter((kind) => {
    const permission = batchJobPermission(kind);
    return permission !== null && roleMay(role, permission);
  });
  const rows = await consoleJobs.listJobs(ctx.db, kinds, BATCH_JOBS_LISTED, ctx.clock.now());
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      reason: row.reason,
      progress: row.progress,
      total: row.total,
      staff: row.staff_name,
      createdAt: Number(row.created_at),
      finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    })),
  };
}

/**
 * Runs `name` now and answers once the run is over: `ran` false when another instance holds its lease (it
 * runs there at its next tick) or a run of it is already going on here. The audit line, written after the
 * run, says whether it ran and how it ended; the run itself is in the job's history like any other.
 */
export async function runJobNow(
  ctx: AppContext,
  actor: AuditActor,
  name: string,
): Promise<{ ran: boolean; job: AdminJob }> {
  const job = registeredJobs().find((j) => j.name === name);
  if (!job) throw fail('jobNotFound', { job: name });
  const ran = await runJobOnce(ctx, name);
  const now = ctx.clock.now();
  const status = (await jobsStatus(ctx.db, { now, jobs: [job] })).find((s) => s.job === name);
  if (!status) throw new Error(`job ${name} has no status`);
  await recordAudit(
    ctx.db,
    actor,
    {
      action: 'job.run',
      target: `job:${name}`,
      before: null,
      after: { ran, outcome: ran ? status.lastOutcome : null },
    },
    now,
  );
  return { ran, job: status };
}
