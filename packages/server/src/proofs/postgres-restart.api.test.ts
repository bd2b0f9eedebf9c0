/**
 * PostgreSQL restart proof (issue 18, docs/reliability.md): a built server runs on a PostgreSQL cluster of
 * the test's own (initdb + pg_ctl on a free port; the machine's server is never touched) with a Redis of
 * its own, its jobs on. Under steady traffic that writes (Wi-Fi codes, SMS codes) and reads, the cluster
 * is stopped with `pg_ctl stop -m fast` (every connection is terminated "due to administrator command"),
 * left down for two seconds and started again. The process stays up; while the database is away every
 * answer is a success or the busy envelope (HTTP 503, `serverBusy`), never another error, a reset or a
 * hang; requests succeed again within 10 s of the database's return; every acknowledged write is in the
 * database; and the jobs run again under their leases. PostgreSQL run only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../test/harness.js';
import {
  assertBuilt,
  killServerProcess,
  type ServerProcess,
  serverEnv,
  startServerProcess,
} from '../test/server-process.js';
import { type PostgresCluster, type RedisServer, startPostgresCluster, startRedisServer } from '../test/services.js';
import { type Answer, freshIp, freshMobile, runTraffic, sleep, timedCall, waitFor } from '../test/traffic.js';

const onPostgres = TEST_DB === 'postgres';

let cluster: PostgresCluster;
let redis: RedisServer;
let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  if (!onPostgres) return;
  assertBuilt('db/database.ts');
  dir = mkdtempSync(join(tmpdir(), 'haoka-pg-restart-'));
  [cluster, redis] = await Promise.all([startPostgresCluster(), startRedisServer()]);
  const env = serverEnv({ config: { kind: 'postgres', url: cluster.url } }, dir, {
    REDIS_URL: redis.url,
    TRUST_PROXY: '1',
    SEED_DEMO: '1',
    DEMO_NUMBERS: '200',
    JOBS_ENABLED: '1',
    JOBS_INTERVAL_MS: '500',
    JOBS_MIN_LEASE_MS: '2000',
  });
  server = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  if (server) await killServerProcess(server);
  await redis?.remove();
  await cluster?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes and reads: a Wi-Fi code (a new row), an SMS code (an outbox row), the storefront. */
function shopper(i: number): Promise<Answer> {
  const headers = {
    'x-forwarded-for': freshIp(),
    'order-session-id': `${i.toString(16).padStart(8, '0')}${'c'.repeat(24)}`,
  };
  switch (i % 3) {
    case 0:
      return timedCall(server.url, 'POST', '/api/site/wifiCreate', headers, {
        ssid: `restart-${i}`,
        password: 'password123',
        encrypt: 'WPA',
      });
    case 1:
      return timedCall(server.url, 'POST', '/api/hk/sendCode', headers, { mobile: freshMobile(), scene: 'login' });
    default:
      return timedCall(server.url, 'GET', '/api/hk/baseConfig', headers);
  }
}

const isBusy = (x: Answer) =>
  x.status === 503 && x.body?.code === -1 && x.body?.reason === 'serverBusy' && x.body?.data === null;

describe.skipIf(!onPostgres)('PostgreSQL restarted under traffic', () => {
  it('stays up, answers busy during the gap, succeeds again within 10 s, and loses no acknowledged write', async () => {
    const traffic = runTraffic(6, shopper);
    await sleep(1_500);
    await cluster.stop();
    const stoppedAt = Date.now();
    await sleep(2_000);
    await cluster.start();
    const startedAt = Date.now();
    const backAfterMs = await waitFor(async () => (await shopper(2)).body?.code === 0, 10_000);
    await sleep(1_000);
    const answers = await traffic.stop();

    expect(server.proc.exitCode, server.output.slice(-20).join('\n')).toBeNull();
    expect(server.proc.signalCode).toBeNull();
    const during = answers.filter((x) => x.at >= stoppedAt && x.at < startedAt);
    expect(during.filter(isBusy).length, 'busy answers while the database was away').toBeGreaterThan(0);
    const other = answers.filter((x) => !(x.status === 200 && x.body?.code === 0) && !isBusy(x));
    expect(other.map((x) => `${x.path} ${x.status} ${x.error ?? JSON.stringify(x.body)}`)).toEqual([]);
    expect(backAfterMs, 'a request succeeds within 10 s of the database starting again').not.toBeNull();

    // Every acknowledged write is there.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const codes = answers.filter((x) => x.path === '/api/site/wifiCreate' && x.body?.code === 0);
      const stored = await client.query<{ code: string }>('select code from wifi_codes');
      const storedCodes = new Set(stored.rows.map((r) => r.code));
      expect(codes.length).toBeGreaterThan(0);
      for (const x of codes) expect(storedCodes.has(x.body.data.code), x.body.data.code).toBe(true);
      const sent = answers.filter((x) => x.path === '/api/hk/sendCode' && x.body?.code === 0).length;
      const outbox = await client.query<{ n: string }>('select count(*) as n from sms_outbox');
      expect(Number(outbox.rows[0]?.n)).toBeGreaterThanOrEqual(sent);

      // The jobs run again under their leases once the database is back.
      const ran = await waitFor(async () => {
        const runs = await client.query<{ n: string }>(
          "select count(*) as n from job_runs where outcome = 'ok' and started_at > $1",
          [startedAt],
        );
        return Number(runs.rows[0]?.n) > 0;
      }, 10_000);
      expect(ran, 'a job ran again after the restart').not.toBeNull();
    } finally {
      await client.end();
    }
  }, 90_000);
});
