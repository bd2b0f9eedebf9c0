/**
 * Redis outage proof (issue 18, docs/reliability.md): two built servers on one PostgreSQL share a Redis of
 * the test's own. Under steady SMS and card-login traffic the Redis server is stopped, then started again
 * (empty). While it is away: no answer is a 5xx or takes a second, the limits still hold in each
 * instance's memory, `/healthz` answers 200 `degraded` with the reason, `/metrics` counts the fallbacks
 * and the log says it once. Within 10 s of its return the counters are shared by both instances again.
 * PostgreSQL run only (several instances need PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_DOWN_REASON } from '../http/observability.js';
import { DEMO_SIMS } from '../seed/demo-iot-cards.js';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../test/harness.js';
import {
  assertBuilt,
  killServerProcess,
  type ServerProcess,
  serverEnv,
  startServerProcess,
} from '../test/server-process.js';
import { type RedisServer, startRedisServer } from '../test/services.js';
import { type Answer, freshIp, freshMobile, runTraffic, sleep, timedCall, waitFor } from '../test/traffic.js';

const onPostgres = TEST_DB === 'postgres';
const SMS_TOO_FREQUENT = REASONS.smsTooFrequent.zh;

let database: TestDatabase;
let redis: RedisServer;
let dir: string;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (!onPostgres) return;
  assertBuilt('http/rate-limit.ts');
  dir = mkdtempSync(join(tmpdir(), 'haoka-redis-outage-'));
  redis = await startRedisServer();
  database = await createTestDatabase({ demo: true, demoNumbers: 200 });
  const env = serverEnv(database, dir, { REDIS_URL: redis.url, TRUST_PROXY: '1', JOBS_ENABLED: '0' });
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 90_000);

afterAll(async () => {
  for (const server of [a, b]) if (server) await killServerProcess(server);
  await redis?.remove();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One request of the mix: an SMS code for a fresh mobile, a card login, a wrong card login. */
function shopper(i: number): Promise<Answer> {
  const server = i % 2 === 0 ? a : b;
  const ip = { 'x-forwarded-for': freshIp() };
  switch (i % 3) {
    case 0:
      return timedCall(server.url, 'POST', '/api/hk/sendCode', ip, { mobile: freshMobile(), scene: 'login' });
    case 1:
      return timedCall(server.url, 'POST', '/api/simLogin', ip, { simNo: DEMO_SIMS.normal, agreeProtocol: 1 });
    default:
      return timedCall(server.url, 'POST', '/api/simLogin', ip, { simNo: '1440000000000', agreeProtocol: 1 });
  }
}

/** A second code for the same mobile and scene within the minute is refused on `second` after `first`. */
async function throttled(first: ServerProcess, second: ServerProcess): Promise<boolean> {
  const ip = { 'x-forwarded-for': freshIp() };
  const mobile = freshMobile();
  const sent = await timedCall(first.url, 'POST', '/api/hk/sendCode', ip, { mobile, scene: 'login' });
  if (sent.body?.code !== 0) return false;
  const again = await timedCall(second.url, 'POST', '/api/hk/sendCode', ip, { mobile, scene: 'login' });
  return again.body?.message === SMS_TOO_FREQUENT;
}

const outageLines = (server: ServerProcess) => server.output.filter((line) => line.includes('Redis unreachable:'));

describe.skipIf(!onPostgres)('Redis stopped under traffic (two instances, one PostgreSQL)', () => {
  it('answers without 5xx or a 1 s wait, keeps limits per instance, and shares them again within 10 s', async () => {
    // Shared while Redis runs.
    expect(await throttled(a, b)).toBe(true);

    const traffic = runTraffic(6, shopper);
    await sleep(1_000);
    await redis.stop();
    const stoppedAt = Date.now();
    await sleep(1_500);

    // During the outage.
    const health = await timedCall(a.url, 'GET', '/healthz');
    const perInstance = await throttled(a, a);
    const crossInstance = await throttled(a, b);
    await sleep(1_000);
    const metrics = await (await fetch(`${a.url}/metrics`)).text();

    await redis.start();
    const startedAt = Date.now();
    const sharedAfterMs = await waitFor(() => throttled(b, a), 10_000);
    await sleep(500);
    const answers = await traffic.stop();

    const during = answers.filter((x) => x.at >= stoppedAt && x.at < startedAt);
    expect(during.length, 'requests made while Redis was away').toBeGreaterThan(10);
    const failed = answers.filter((x) => x.status === 0 || x.status >= 500);
    expect(failed.map((x) => `${x.path} ${x.status} ${x.error ?? JSON.stringify(x.body)}`)).toEqual([]);
    // A generous bound, not a speed figure: no request waits on Redis retries (they took 3 s).
    const slow = answers.filter((x) => x.ms >= 1_000);
    expect(slow.map((x) => `${x.path} ${x.ms} ms`)).toEqual([]);
    for (const x of answers) expect(x.body?.reason, JSON.stringify(x.body)).not.toBe('serverBusy');

    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'degraded', db: 'ok', redis: 'down', reason: REDIS_DOWN_REASON });
    expect(perInstance, 'the SMS throttle holds in one instance during the outage').toBe(true);
    expect(crossInstance, 'during the outage each instance counts on its own').toBe(false);
    expect(Number(/^rate_limit_fallbacks_total (\d+)$/m.exec(metrics)?.[1] ?? 0)).toBeGreaterThan(0);
    expect(outageLines(a), 'one log line for the outage').toHaveLength(1);

    expect(sharedAfterMs, 'the counters are shared again after Redis returned').not.toBeNull();
    expect((await timedCall(b.url, 'GET', '/healthz')).body).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
  }, 60_000);
});
