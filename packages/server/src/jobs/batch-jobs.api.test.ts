/**
 * The console's batch jobs over the real app and database (SQLite and PostgreSQL): the jobs page lists the
 * latest of the kinds a member may read on their own pages, and a job a stopped process left queued or
 * running (not touched for JOB_STALE_MS) reads as failed with `jobInterrupted`, on its own page and on the
 * jobs page alike; a late progress write of such a job does not revive it.
 */
import { adminApi, type StaffRole } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob, JOB_STALE_MS, reportProgress } from '../db/console-jobs.js';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../test/staff.js';
import { listBatchJobs } from './console.js';

let t: TestApp;
let owner: StaffSignIn;
let operator: StaffSignIn;
let finance: StaffSignIn;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  owner = await activeStaff(t, 'boss', 'owner');
  nextTotpStep();
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
});
afterAll(async () => {
  await t.close();
});

const staff = { staffId: null, name: 'cli' };

describe(`the console's batch jobs on ${TEST_DB}`, () => {
  it('fails a job a stopped process left running, and lists the kinds the member may read', async () => {
    const db = t.database.handle.db;
    const now = Date.now();
    const long = now - JOB_STALE_MS - 1000;
    const lostImport = await createJob(db, { kind: 'inventory.import', total: 10, staff, status: 'running' }, long);
    const lostBatch = await createJob(db, { kind: 'card.suspend', total: 3, staff }, long);
    const live = await createJob(db, { kind: 'card.resync', total: 3, staff, status: 'running' }, now - 60_000);

    const imported = await staffCall(t, adminApi.inventoryJob, { id: lostImport.id }, { as: owner });
    expect(imported.body.data).toMatchObject({ status: 'failed', reason: 'jobInterrupted', result: null });
    const batch = await staffCall(t, adminApi.cardJob, { id: lostBatch.id }, { as: owner });
    expect(batch.body.data).toMatchObject({ status: 'failed', reason: 'jobInterrupted', results: [] });
    const running = await staffCall(t, adminApi.cardJob, { id: live.id }, { as: owner });
    expect(running.body.data).toMatchObject({ status: 'running', reason: null });

    // The process was only slow: its next progress write does not bring the job back.
    await reportProgress(db, lostBatch.id, 2, Date.now());
    const still = await staffCall(t, adminApi.cardJob, { id: lostBatch.id }, { as: owner });
    expect(still.body.data).toMatchObject({ status: 'failed', reason: 'jobInterrupted', progress: 0 });

    const all = await staffCall(t, adminApi.listBatchJobs, {}, { as: owner });
    expect(all.status).toBe(200);
    expect(all.body.data.list.map((j) => [j.id, j.kind, j.status, j.reason])).toEqual([
      [live.id, 'card.resync', 'running', null],
      [lostBatch.id, 'card.suspend', 'failed', 'jobInterrupted'],
      [lostImport.id, 'inventory.import', 'failed', 'jobInterrupted'],
    ]);
    expect(all.body.data.list[0]).toMatchObject({ staff: 'cli', progress: 0, total: 3, finishedAt: null });
  });

  it('lists only the kinds the role may read on their own pages; the page itself is system.read', async () => {
    const kinds = async (role: StaffRole) =>
      [...new Set((await listBatchJobs(t.app.ctx, role)).list.map((j) => j.kind))].sort();
    expect(await kinds('owner')).toEqual(['card.resync', 'card.suspend', 'inventory.import']);
    // Finance reads cards but not the inventory.
    expect(await kinds('finance')).toEqual(['card.resync', 'card.suspend']);
    const status = async (as: StaffSignIn) => (await staffCall(t, adminApi.listBatchJobs, {}, { as })).status;
    expect(await status(operator)).toBe(403);
    expect(await status(finance)).toBe(403);
  });
});
