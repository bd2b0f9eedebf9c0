/** The job runner's lease, with several app instances over one database (SQLite file or PG schema). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { createTestApp, TEST_DB, type TestApp, testConfig } from '../test/harness.js';
import { jobHolderOf, registerJob, runJobOnce } from './runner.js';

/** Which instance ran each job, in order. */
const runs: Record<string, string[]> = { lease: [], failing: [], ticking: [] };

registerJob({
  name: 'test-lease',
  everyMs: 60_000,
  async run(ctx) {
    runs.lease?.push(jobHolderOf(ctx));
  },
});
registerJob({
  name: 'test-failing',
  everyMs: 60_000,
  async run(ctx) {
    runs.failing?.push(jobHolderOf(ctx));
    throw new Error('upstream down');
  },
});
registerJob({
  name: 'test-ticking',
  everyMs: 20,
  async run(ctx) {
    runs.ticking?.push(jobHolderOf(ctx));
  },
});

let t: TestApp;
const others: { app: FastifyInstance; handle: DatabaseHandle }[] = [];

/** Another server instance over the same database. */
async function anotherInstance(config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const handle = createDatabase(t.database.config);
  const app = await buildApp(testConfig(t.database.config, config), { database: handle });
  await app.ready();
  others.push({ app, handle });
  return app;
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  for (const { app, handle } of others) {
    await app.close();
    await handle.destroy();
  }
  await t.close();
});

const leaseOf = (name: string) =>
  t.database.handle.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirst();

describe(`job leases on ${TEST_DB}`, () => {
  it('only one of two instances runs a job within its lease; an expired lease is taken over', async () => {
    const a = t.app;
    const b = await anotherInstance();
    expect(jobHolderOf(a.ctx)).not.toBe(jobHolderOf(b.ctx));

    expect(await runJobOnce(a.ctx, 'test-lease')).toBe(true);
    expect(await runJobOnce(b.ctx, 'test-lease')).toBe(false);
    expect(await runJobOnce(a.ctx, 'test-lease')).toBe(true); // the holder renews its own lease
    expect(runs.lease).toEqual([jobHolderOf(a.ctx), jobHolderOf(a.ctx)]);
    const held = await leaseOf('test-lease');
    expect(held).toMatchObject({ holder: jobHolderOf(a.ctx), last_error: null, last_run_at: expect.any(Number) });
    expect(held?.lease_until).toBeGreaterThanOrEqual(Date.now() + 59_000);

    // The holder crashed: its lease runs out and the other instance takes over.
    await t.database.handle.db
      .updateTable('job_leases')
      .set({ lease_until: Date.now() - 1 })
      .where('name', '=', 'test-lease')
      .execute();
    expect(await runJobOnce(b.ctx, 'test-lease')).toBe(true);
    expect(await runJobOnce(a.ctx, 'test-lease')).toBe(false);
    expect(runs.lease).toEqual([jobHolderOf(a.ctx), jobHolderOf(a.ctx), jobHolderOf(b.ctx)]);
    expect(await leaseOf('test-lease')).toMatchObject({ holder: jobHolderOf(b.ctx) });
  });

  it('two instances racing for a new lease: exactly one wins', async () => {
    const instances = [t.app, await anotherInstance(), await anotherInstance()];
    runs.lease = [];
    await t.database.handle.db.deleteFrom('job_leases').where('name', '=', 'test-lease').execute();
    const ran = await Promise.all(instances.map((app) => runJobOnce(app.ctx, 'test-lease')));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs.lease).toHaveLength(1);
  });

  it('records the last error of a failing run', async () => {
    expect(await runJobOnce(t.app.ctx, 'test-failing')).toBe(true);
    expect(await leaseOf('test-failing')).toMatchObject({
      last_error: 'Error: upstream down',
      last_run_at: expect.any(Number),
    });
    await expect(runJobOnce(t.app.ctx, 'no-such-job')).rejects.toThrow(/unknown job/);
  });

  it('started instances tick their jobs, and only the lease holder runs them; tests start none', async () => {
    const a = await anotherInstance({ jobsEnabled: true });
    const b = await anotherInstance({ jobsEnabled: true });
    await vi.waitFor(() => expect(runs.ticking?.length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
    const holders = new Set(runs.ticking);
    expect(holders.size).toBe(1);
    expect([jobHolderOf(a.ctx), jobHolderOf(b.ctx)]).toContain([...holders][0]);
    expect(holders.has(jobHolderOf(t.app.ctx))).toBe(false);
  });
});
