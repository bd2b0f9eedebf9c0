/**
 * Rolling-deploy proof (issue 18, docs/deploy.md "Rolling deploys"): two built servers on one PostgreSQL
 * and a Redis of the test's own, their jobs on, under steady traffic from a client that honours readiness
 * (it polls each instance's `/healthz` and sends only to instances that answered 200). Just before
 * SIGTERM, 20 complete requests are written on 20 open keep-alive connections to the instance that stops.
 * Every request gets its answer: none lost, none reset; the stopping instance reports `draining`, exits 0
 * and hands its job leases back. PostgreSQL run only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../test/harness.js';
import {
  assertBuilt,
  killServerProcess,
  type ServerProcess,
  serverEnv,
  startServerProcess,
} from '../test/server-process.js';
import { type RedisServer, startRedisServer } from '../test/services.js';
import { type Answer, freshIp, runTraffic, sleep, timedCall, waitFor } from '../test/traffic.js';

const onPostgres = TEST_DB === 'postgres';
// Long enough for the client's next readiness poll on a busy machine (it polls every 100 ms).
const GRACE_MS = 3_000;

let database: TestDatabase;
let redis: RedisServer;
let dir: string;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (!onPostgres) return;
  assertBuilt('http/draining.ts');
  dir = mkdtempSync(join(tmpdir(), 'haoka-rolling-'));
  redis = await startRedisServer();
  database = await createTestDatabase({ demo: true, demoNumbers: 200 });
  const env = serverEnv(database, dir, {
    REDIS_URL: redis.url,
    TRUST_PROXY: '1',
    JOBS_ENABLED: '1',
    JOBS_INTERVAL_MS: '500',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
  });
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 90_000);

afterAll(async () => {
  for (const server of [a, b]) if (server) await killServerProcess(server);
  await redis?.remove();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A client in front of both instances that sends only to those whose last `/healthz` was 200. */
function readinessClient(servers: ServerProcess[]) {
  const ready = new Map(servers.map((s) => [s.url, true]));
  let polling = true;
  const poll = (async () => {
    while (polling) {
      await Promise.all(
        servers.map(async (s) => ready.set(s.url, (await timedCall(s.url, 'GET', '/healthz')).status === 200)),
      );
      await sleep(100);
    }
  })();
  let turn = 0;
  return {
    pick(): ServerProcess {
      const up = servers.filter((s) => ready.get(s.url));
      turn += 1;
      return up[turn % up.length] ?? (servers[0] as ServerProcess);
    },
    async stop() {
      polling = false;
      await poll;
    },
  };
}

/**
 * Opens `count` keep-alive connections; `send()` then writes one complete request on each, at once,
 * and gives each raw answer (resolved when the server closes the connection).
 */
async function openConnections(url: string, count: number): Promise<{ send(): Promise<string>[] }> {
  const { port } = new URL(url);
  const sockets = await Promise.all(
    Array.from({ length: count }, async () => {
      const socket: Socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      return socket;
    }),
  );
  return {
    send: () =>
      sockets.map((socket, i) => {
        let received = '';
        const answer = new Promise<string>((resolve) => {
          socket.on('data', (chunk) => {
            received += chunk.toString('utf8');
          });
          socket.on('error', (error) => resolve(`${received}\n[socket error: ${error.message}]`));
          socket.on('close', () => resolve(received));
        });
        socket.write(
          [
            `GET /api/hk/baseConfig?r=${i} HTTP/1.1`,
            'Host: 127.0.0.1',
            'hostname: 127.0.0.1',
            'platform: h5',
            'Connection: keep-alive',
            '',
            '',
          ].join('\r\n'),
        );
        return answer;
      }),
  };
}

describe.skipIf(!onPostgres)('SIGTERM of one of two instances under steady traffic', () => {
  it('loses no request: the instance drains, answers what it received, releases its leases and exits 0', async () => {
    const holderOfA = await waitFor(async () => a.output.some((l) => l.includes('"jobs started"')), 10_000);
    expect(holderOfA).not.toBeNull();
    const holder = JSON.parse(a.output.find((l) => l.includes('"jobs started"')) as string).holder as string;

    const client = readinessClient([a, b]);
    const traffic = runTraffic(8, (i) => {
      const server = client.pick();
      const headers = { 'x-forwarded-for': freshIp() };
      return i % 4 === 0
        ? timedCall(
            server.url,
            'POST',
            '/api/site/wifiCreate',
            { ...headers, 'order-session-id': `${i.toString(16).padStart(8, '0')}${'d'.repeat(24)}` },
            {
              ssid: `rolling-${i}`,
              password: 'password123',
              encrypt: 'WPA',
            },
          )
        : timedCall(server.url, 'GET', '/api/hk/baseConfig', headers);
    });
    await sleep(1_500);

    const connections = await openConnections(a.url, 20);
    const exitCode = new Promise<number | null>((resolve) => a.proc.once('exit', (code) => resolve(code)));
    // 20 complete requests written just before the signal.
    const pending = connections.send();
    a.proc.kill('SIGTERM');
    const signalledAt = Date.now();
    const drainingSeen = await waitFor(
      async () => (await timedCall(a.url, 'GET', '/healthz')).body?.status === 'draining',
      GRACE_MS,
    );
    const raw = await Promise.all(pending);
    const code = await exitCode;
    await sleep(1_000);
    const answers = await traffic.stop();
    await client.stop();

    const lost = answers.filter((x: Answer) => !(x.status === 200 && x.body?.code === 0));
    expect(lost.map((x) => `${x.path} ${x.status} ${x.error ?? JSON.stringify(x.body)}`)).toEqual([]);
    expect(answers.filter((x) => x.at > signalledAt).length).toBeGreaterThan(0);
    for (const text of raw) {
      expect(text, 'a complete request written before SIGTERM gets its answer').toMatch(/^HTTP\/1\.1 200 /);
      // …and then its connection is closed by the server (the answer resolves on close), without a reset.
      expect(text).not.toContain('[socket error');
    }
    expect(drainingSeen, '/healthz said draining during the grace period').not.toBeNull();
    expect(code, a.output.slice(-10).join('\n')).toBe(0);

    // Its leases were handed back: none is still held by the stopped instance.
    const held = await database.handle.db
      .selectFrom('job_leases')
      .select(['name', 'lease_until'])
      .where('holder', '=', holder)
      .where('lease_until', '>', Date.now())
      .execute();
    expect(held).toEqual([]);
  }, 60_000);
});
