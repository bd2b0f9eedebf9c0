/** `jobs status`: last run, next run and failures of every job, from the lease rows and the run history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { formatDateTime } from '../lib/time.js';
import { createTestApp, TEST_DB, type TestApp, testConfig } from '../test/harness.js';
import { API_JOBS } from '../test/jobs.js';
import { jobHolderOf, registeredJobs, registerJob, runJobOnce } from './runner.js';
import { formatInterval, jobsStatus, jobsStatusReport } from './status.js';

registerJob({ name: 'test-status-ok', everyMs: 60_000, async run() {} });
registerJob({
  name: 'test-status-failing',
  everyMs: 3600_000,
  async run() {
    throw new Error('carrier timeout');
  },
});

let t: TestApp;
const db = () => t.database.handle.db;
const others: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  for (const o of others) await o.close();
  await t.close();
});

describe(`jobs status on ${TEST_DB}`, () => {
  it('says so before any job ran', async () => {
    expect(await jobsStatusReport(db())).toMatch(/^No jobs have run yet/);
  });

  it('shows the last run, its outcome, the next run, the holder and the failures', async () => {
    expect(await runJobOnce(t.app.ctx, 'test-status-ok')).toBe(true);
    expect(await runJobOnce(t.app.ctx, 'test-status-ok')).toBe(true);
    expect(await runJobOnce(t.app.ctx, 'test-status-failing')).toBe(true);
    const now = Date.now();
    const [failing, ok] = await jobsStatus(db(), { now });

    expect(ok).toMatchObject({
      job: 'test-status-ok',
      everyMs: 60_000,
      lastOutcome: 'ok',
      lastError: null,
      holder: jobHolderOf(t.app.ctx),
      runs: 2,
      failures: 0,
      recentFailures: 0,
    });
    expect(ok?.nextRunAt).toBe((ok?.lastFinishedAt ?? 0) + 60_000);
    expect(ok?.lastStartedAt).toBeLessThanOrEqual(ok?.lastFinishedAt ?? 0);
    expect(failing).toMatchObject({
      job: 'test-status-failing',
      everyMs: 3600_000,
      lastOutcome: 'failed',
      lastError: 'Error: carrier timeout',
      runs: 1,
      failures: 1,
      recentFailures: 1,
      lastFailure: 'Error: carrier timeout',
    });

    const report = await jobsStatusReport(db(), { now });
    const lines = report.split('\n');
    expect(lines[0]).toMatch(/^job\s+every\s+last run\s+took\s+outcome\s+next run\s+lease holder\s+failures 24h\/all$/);
    const okLine = lines.find((l) => l.startsWith('test-status-ok '));
    expect(okLine).toContain('1 min');
    expect(okLine).toContain(formatDateTime(ok?.lastStartedAt ?? 0));
    expect(okLine).toContain(formatDateTime(ok?.nextRunAt ?? 0));
    expect(okLine).toMatch(/ ok /);
    expect(okLine).toContain(jobHolderOf(t.app.ctx));
    expect(okLine).toMatch(/ 0\/0$/);
    const failingLine = lines.find((l) => l.startsWith('test-status-failing '));
    expect(failingLine).toContain('1 h');
    expect(failingLine).toMatch(/ failed /);
    expect(failingLine).toMatch(/ 1\/1$/);
    expect(report).toContain(
      `Last failures:\n  test-status-failing at ${formatDateTime(failing?.lastFailureAt ?? 0)}: Error: carrier timeout`,
    );
  });

  it('records every run in the history, with the instance that ran it', async () => {
    const runs = await db()
      .selectFrom('job_runs')
      .selectAll()
      .where('job', 'like', 'test-status-%')
      .orderBy('id')
      .execute();
    expect(runs.map((r) => [r.job, r.outcome, r.holder, r.error])).toEqual([
      ['test-status-ok', 'ok', jobHolderOf(t.app.ctx), null],
      ['test-status-ok', 'ok', jobHolderOf(t.app.ctx), null],
      ['test-status-failing', 'failed', jobHolderOf(t.app.ctx), 'Error: carrier timeout'],
    ]);
  });

  it('a day later: the failure is old, the lease has run out, the next run is overdue', async () => {
    const later = Date.now() + 25 * 3600_000;
    const [failing] = await jobsStatus(db(), { now: later });
    expect(failing).toMatchObject({ recentFailures: 0, failures: 1, holder: null });
    const line = (await jobsStatusReport(db(), { now: later }))
      .split('\n')
      .find((l) => l.startsWith('test-status-ok '));
    expect(line).toContain('(overdue)');
    expect(line).toMatch(/ {2}- {2}/); // no lease holder
  });

  it('a started instance lists every registered job, API.md §7 included, before they run', async () => {
    const names = registeredJobs().map((j) => j.name);
    for (const name of API_JOBS) expect(names).toContain(name);

    const handle: DatabaseHandle = createDatabase(t.database.config);
    // Jobs run hourly here, so the list is read before most of them run.
    const app = await buildApp(
      testConfig(t.database.config, { jobsEnabled: true, jobs: { minLeaseMs: 30_000, intervalMs: 3600_000 } }),
      { database: handle },
    );
    others.push({ close: () => app.close().then(() => handle.destroy()) });
    await app.ready();
    const listed = (await jobsStatus(db())).map((s) => s.job);
    for (const name of [...API_JOBS, 'test-status-ok', 'test-status-failing']) expect(listed).toContain(name);
    const report = await jobsStatusReport(db());
    for (const name of API_JOBS) expect(report).toMatch(new RegExp(`^${name} +1 h `, 'm'));
  });

  it('registered jobs no instance announced yet can be listed too', async () => {
    const statuses = await jobsStatus(db(), {
      jobs: [{ name: 'test-never', everyMs: 86_400_000, run: async () => {} }],
    });
    expect(statuses.find((s) => s.job === 'test-never')).toMatchObject({
      everyMs: 86_400_000,
      lastOutcome: null,
      runs: 0,
    });
  });
});

describe('formatInterval', () => {
  it.each([
    [60_000, '1 min'],
    [3600_000, '1 h'],
    [86_400_000, '1 d'],
    [90_000, '90 s'],
    [250, '250 ms'],
    [null, '-'],
  ])('%j → %s', (ms, text) => {
    expect(formatInterval(ms)).toBe(text);
  });
});
