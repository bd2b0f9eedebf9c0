/**
 * `jobs status` (issue 9 "Jobs"): for every background job, its interval, last run (start, duration,
 * outcome), next run, who holds the lease, and its failures, read from `job_leases` and `job_runs`.
 * Jobs appear once any instance has started with jobs enabled (or a run happened).
 */
import type { DbOrTx } from '../db/database.js';
import { formatDateTime } from '../lib/time.js';
import * as repo from './repository.js';
import type { JobDefinition } from './runner.js';

export interface JobStatus {
  job: string;
  everyMs: number | null;
  /** Start of the last run, and its end; null when the job never ran. */
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastOutcome: 'ok' | 'failed' | null;
  lastError: string | null;
  nextRunAt: number | null;
  /** The instance holding the lease now; null when the lease has run out (nobody is running it). */
  holder: string | null;
  runs: number;
  failures: number;
  /** Failed runs in the last 24 hours. */
  recentFailures: number;
  lastFailureAt: number | null;
  lastFailure: string | null;
}

const DAY_MS = 24 * 3600_000;

/** Every known job's status, by name; `jobs` adds registered jobs no instance has announced yet. */
export async function jobsStatus(
  db: DbOrTx,
  options: { now?: number; jobs?: readonly JobDefinition[] } = {},
): Promise<JobStatus[]> {
  const now = options.now ?? Date.now();
  const rows = await repo.listLeases(db);
  const recent = await repo.countFailuresSince(db, now - DAY_MS);
  const recentByJob = new Map(recent.map((r) => [r.job, Number(r.n)]));
  const out = new Map<string, JobStatus>();
  for (const row of rows) {
    const ran = row.last_run_at !== null;
    out.set(row.name, {
      job: row.name,
      everyMs: row.every_ms === null ? null : Number(row.every_ms),
      lastStartedAt: ran && row.last_started_at !== null ? Number(row.last_started_at) : null,
      lastFinishedAt: ran ? Number(row.last_run_at) : null,
      lastOutcome: ran ? (row.last_error === null ? 'ok' : 'failed') : null,
      lastError: row.last_error,
      nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
      holder: row.holder && Number(row.lease_until) > now ? row.holder : null,
      runs: Number(row.run_count),
      failures: Number(row.failure_count),
      recentFailures: recentByJob.get(row.name) ?? 0,
      lastFailureAt: row.last_failure_at === null ? null : Number(row.last_failure_at),
      lastFailure: row.last_failure,
    });
  }
  for (const job of options.jobs ?? []) {
    if (out.has(job.name)) continue;
    out.set(job.name, {
      job: job.name,
      everyMs: job.everyMs,
      lastStartedAt: null,
      lastFinishedAt: null,
      lastOutcome: null,
      lastError: null,
      nextRunAt: null,
      holder: null,
      runs: 0,
      failures: 0,
      recentFailures: 0,
      lastFailureAt: null,
      lastFailure: null,
    });
  }
  return [...out.values()].sort((a, b) => a.job.localeCompare(b.job));
}

/** 60000 → "1 min", 3600000 → "1 h", 86400000 → "1 d", 250 → "250 ms". */
export function formatInterval(ms: number | null): string {
  if (ms === null) return '-';
  const units: [number, string][] = [
    [DAY_MS, 'd'],
    [3600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) if (ms >= size && ms % size === 0) return `${ms / size} ${unit}`;
  return `${ms} ms`;
}

const time = (ms: number | null) => (ms === null ? '-' : formatDateTime(ms));

/** The status as a text table (times in Asia/Shanghai), then the last error of each failing job. */
export function formatJobsStatus(statuses: readonly JobStatus[], now = Date.now()): string {
  if (statuses.length === 0) {
    return 'No jobs have run yet: start the server (JOBS_ENABLED=1) to run and list them.\n';
  }
  const header = ['job', 'every', 'last run', 'took', 'outcome', 'next run', 'lease holder', 'failures 24h/all'];
  const rows = statuses.map((s) => [
    s.job,
    formatInterval(s.everyMs),
    time(s.lastStartedAt),
    s.lastStartedAt !== null && s.lastFinishedAt !== null ? `${s.lastFinishedAt - s.lastStartedAt} ms` : '-',
    s.lastOutcome ?? 'never ran',
    s.nextRunAt === null ? '-' : `${time(s.nextRunAt)}${s.nextRunAt < now - 60_000 ? ' (overdue)' : ''}`,
    s.holder ?? '-',
    `${s.recentFailures}/${s.failures}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  const failing = statuses.filter((s) => s.lastFailure !== null);
  if (failing.length > 0) {
    out.push('', 'Last failures:');
    for (const s of failing) out.push(`  ${s.job} at ${time(s.lastFailureAt)}: ${s.lastFailure}`);
  }
  return `${out.join('\n')}\n`;
}

/** `jobs status`: the table of every job. */
export async function jobsStatusReport(
  db: DbOrTx,
  options: { now?: number; jobs?: readonly JobDefinition[] } = {},
): Promise<string> {
  const now = options.now ?? Date.now();
  return formatJobsStatus(await jobsStatus(db, { ...options, now }), now);
}
