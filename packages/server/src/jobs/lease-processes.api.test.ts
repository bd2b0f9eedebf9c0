/**
 * The lease test with two processes (issue 9): two built servers (`dist/main.js serve`) on one database
 * (one SQLite file, or one PostgreSQL schema) tick every job of API.md §7 every 500 ms under a 2 s lease.
 * From the run history (`job_runs`):
 * - no two runs of a job ever overlap, and a job changes hands only once its lease ran out;
 * - after the holder is killed with SIGKILL (no shutdown, its lease left in place), the other instance
 *   takes every job over once the lease expired, and runs them from then on.
 * Needs an up-to-date dist/ (`npm run build`; `npm test` builds it in its typecheck step).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunsTable } from '../db/schema.js';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../test/harness.js';
import { API_JOBS } from '../test/jobs.js';
import {
  assertBuilt,
  killServerProcess,
  type ServerProcess,
  serverEnv,
  startServerProcess,
} from '../test/server-process.js';
import { jobsStatus } from './status.js';

const INTERVAL_MS = 500;
const LEASE_MS = 2_000;

type JobRun = Selectable<JobRunsTable>;

let database: TestDatabase;
let dir: string;
const servers: ServerProcess[] = [];
const db = () => database.handle.db;

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess(
    serverEnv(database, dir, {
      JOBS_ENABLED: '1',
      JOBS_INTERVAL_MS: String(INTERVAL_MS),
      JOBS_MIN_LEASE_MS: String(LEASE_MS),
    }),
  );
  servers.push(server);
  return server;
}

const runsOf = (job: string) =>
  db().selectFrom('job_runs').selectAll().where('job', '=', job).orderBy('started_at').orderBy('id').execute();

/** Polls `check` until it holds (the processes run on their own clock); fails with `what` after 90 s. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 90_000; waited += 200) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting: ${what}\n${servers.map((s) => s.output.slice(-10).join('\n')).join('\n---\n')}`);
}

/** Every job has at least `count` runs by `holder` started at or after `since`. */
const everyJobRan =
  (holder: (h: string) => boolean, count: number, since = 0) =>
  async () => {
    for (const job of API_JOBS) {
      const runs = (await runsOf(job)).filter((r) => holder(r.holder) && Number(r.started_at) >= since);
      if (runs.length < count) return false;
    }
    return true;
  };

/** The lease invariant over one job's whole history. */
function expectOneRunnerPerLease(job: string, runs: JobRun[]): void {
  for (let i = 1; i < runs.length; i += 1) {
    const prev = runs[i - 1] as JobRun;
    const next = runs[i] as JobRun;
    const context = `${job}: run ${i} by ${next.holder} after a run by ${prev.holder}`;
    // Never two runs at once.
    expect(Number(next.started_at), context).toBeGreaterThanOrEqual(Number(prev.finished_at));
    // Another instance only once the previous holder's lease (taken when its run started) ran out.
    if (next.holder !== prev.holder) {
      expect(Number(next.started_at), context).toBeGreaterThanOrEqual(Number(prev.started_at) + LEASE_MS);
    }
  }
}

const pidOf = (holder: string) => Number(holder.split(':')[1]);

beforeAll(async () => {
  assertBuilt('jobs/runner.ts');
  assertBuilt('jobs/status.ts');
  dir = mkdtempSync(join(tmpdir(), 'haoka-lease-'));
  database = await createTestDatabase({ demo: false });
}, 60_000);

afterAll(async () => {
  for (const server of servers) await killServerProcess(server);
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`job leases across two server processes on ${TEST_DB}`, () => {
  it('one process runs each job per lease; after kill -9 the other takes over once the lease expired', async () => {
    const a = await startServer();
    await until(
      'the first server runs every job twice',
      everyJobRan(() => true, 2),
    );
    const holdersA = new Set((await db().selectFrom('job_runs').select('holder').execute()).map((r) => r.holder));
    expect([...holdersA].map(pidOf)).toEqual([a.proc.pid]);
    const holderA = [...holdersA][0] as string;

    const b = await startServer();
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
    const bothUp = Date.now();
    // Both tick every job for a few lease windows.
    await until(
      'several more windows pass with both up',
      everyJobRan(() => true, 4, bothUp + LEASE_MS),
    );
    for (const job of API_JOBS) expectOneRunnerPerLease(job, await runsOf(job));

    // The holder of the jobs crashes: no shutdown hook, its leases stay in the table until they run out.
    a.proc.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    const isB = (holder: string) => pidOf(holder) === b.proc.pid;
    await until('the second server runs every job after the kill', everyJobRan(isB, 3, killedAt));

    for (const job of API_JOBS) {
      const runs = await runsOf(job);
      expectOneRunnerPerLease(job, runs);
      const byA = runs.filter((r) => r.holder === holderA);
      const lastByA = byA[byA.length - 1] as JobRun;
      // Nothing of A's after the kill, and B's first run after A's last one waited for A's lease.
      expect(Number(lastByA.started_at)).toBeLessThan(killedAt);
      const takeover = runs.find((r) => Number(r.started_at) > Number(lastByA.started_at) && isB(r.holder));
      expect(takeover, job).toBeDefined();
      expect(Number(takeover?.started_at)).toBeGreaterThanOrEqual(Number(lastByA.started_at) + LEASE_MS);
      expect(runs.filter((r) => Number(r.started_at) > Number(lastByA.started_at)).every((r) => isB(r.holder))).toBe(
        true,
      );
      expect(
        runs.every((r) => r.outcome === 'ok'),
        `${job}: ${runs.find((r) => r.error)?.error}`,
      ).toBe(true);
    }

    // jobs status shows the survivor holding every job, with its next run.
    const statuses = await jobsStatus(db());
    for (const job of API_JOBS) {
      const status = statuses.find((s) => s.job === job);
      expect(status?.holder && isB(status.holder), job).toBe(true);
      expect(status?.everyMs).toBe(INTERVAL_MS);
      expect(status?.nextRunAt).toBeGreaterThan(killedAt);
    }
  }, 240_000);
});
