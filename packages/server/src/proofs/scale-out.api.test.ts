/**
 * Scale-out proof (issue 9, docs/deploy.md): two built servers on one PostgreSQL and one Redis behave as
 * one shop. A shopper's SMS code sent through one instance logs them in on the other, and the session
 * works on both; a card session too; the SMS throttle and the card-login limit per address count the
 * attempts of both instances together. (The job leases across two processes are proved by
 * jobs/lease-processes.api.test.ts.) PostgreSQL run only: several instances need PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIMS } from '../seed/demo-iot-cards.js';
import { clientHeaders, createTestDatabase, TEST_DB, type TestDatabase } from '../test/harness.js';
import { resetLimitCounters, TEST_REDIS_URL } from '../test/redis.js';
import {
  assertBuilt,
  killServerProcess,
  type ServerProcess,
  serverEnv,
  startServerProcess,
} from '../test/server-process.js';

const LOGIN_TOO_MANY = REASONS.loginTooMany.zh;
const SMS_TOO_FREQUENT = REASONS.smsTooFrequent.zh;

const onPostgres = TEST_DB === 'postgres';

let database: TestDatabase;
let dir: string;
let a: ServerProcess;
let b: ServerProcess;

/** What this run used, so that afterAll can remove its limit counters from the shared Redis. */
const usedIps: string[] = [];
const usedMobiles: string[] = [];

/** A client address of this run only (the instances trust X-Forwarded-For), so Redis keys never meet. */
function freshIp(): string {
  const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] as number) % 250)}`;
  usedIps.push(ip);
  return ip;
}

function freshMobile(): string {
  const mobile = `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
  usedMobiles.push(mobile);
  return mobile;
}

async function call(server: ServerProcess, method: 'GET' | 'POST', path: string, headers: object, body?: object) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...clientHeaders(), ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  return (await res.json()) as { code: number; message: string; data: any };
}

beforeAll(async () => {
  if (!onPostgres) return;
  assertBuilt('app.ts');
  dir = mkdtempSync(join(tmpdir(), 'haoka-scale-'));
  database = await createTestDatabase({ demo: true, demoNumbers: 200 });
  const env = serverEnv(database, dir, { REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: '1', JOBS_ENABLED: '0' });
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 90_000);

afterAll(async () => {
  for (const server of [a, b]) if (server) await killServerProcess(server);
  await resetLimitCounters({ mobiles: usedMobiles, ips: usedIps });
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL and one Redis', () => {
  it('a shopper gets the code from A, logs in on B, and the session works on both', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    const mobile = freshMobile();
    const sent = await call(a, 'POST', '/api/hk/sendCode', ip, { mobile, scene: 'login' });
    expect(sent.code, sent.message).toBe(0);
    const outbox = await call(a, 'GET', `/api/dev/sms-outbox?mobile=${mobile}`, ip);
    const code = outbox.data.list[0]?.code as string;
    expect(code).toMatch(/^\d{6}$/);

    const login = await call(b, 'POST', '/api/shop/login', ip, { mobile, code, agreeProtocol: 1 });
    expect(login.code, login.message).toBe(0);
    const session = { ...ip, 'session-id': login.data.sessionId as string };
    for (const server of [a, b]) {
      const orders = await call(server, 'GET', '/api/shop/order/list', session);
      expect(orders.code, `${server.url}: ${orders.message}`).toBe(0);
    }
    // The code was used once: B's login consumed it for A as well.
    const again = await call(a, 'POST', '/api/shop/login', ip, { mobile, code, agreeProtocol: 1 });
    expect(again.code).not.toBe(0);
  });

  it('a card logged in on A is served by B', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    const login = await call(a, 'POST', '/api/simLogin', ip, { simNo: DEMO_SIMS.normal, agreeProtocol: 1 });
    expect(login.code, login.message).toBe(0);
    const card = { ...ip, 'session-id': login.data.sessionId as string, 'sim-no': DEMO_SIMS.normal };
    const info = await call(b, 'GET', '/api/iot/simInfo', card);
    expect(info.code, info.message).toBe(0);
    expect(JSON.stringify(info.data)).toContain(DEMO_SIMS.normal);
    // A session nobody issued is refused by both.
    for (const server of [a, b]) {
      const forged = await call(server, 'GET', '/api/iot/simInfo', { ...card, 'session-id': 'f'.repeat(32) });
      expect(forged.code).toBe(ErrorCode.SIM_LOGIN_TIMEOUT);
    }
  });

  it('the SMS throttle of a mobile counts both instances', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    const mobile = freshMobile();
    expect((await call(a, 'POST', '/api/hk/sendCode', ip, { mobile, scene: 'login' })).code).toBe(0);
    const second = await call(b, 'POST', '/api/hk/sendCode', ip, { mobile, scene: 'login' });
    expect(second).toMatchObject({ code: ErrorCode.FAIL, message: SMS_TOO_FREQUENT });
  });

  it('card-login failures of one address are counted across both instances', async () => {
    const ip = { 'x-forwarded-for': freshIp() };
    // 10 failures in 10 minutes lock the address: 5 on each instance.
    for (let i = 0; i < 10; i += 1) {
      const server = i % 2 === 0 ? a : b;
      const failed = await call(server, 'POST', '/api/simLogin', ip, {
        simNo: `14400000${String(i).padStart(5, '0')}`,
        agreeProtocol: 1,
      });
      expect(failed.message).toBe('卡号不存在');
    }
    for (const server of [a, b]) {
      const locked = await call(server, 'POST', '/api/simLogin', ip, { simNo: DEMO_SIMS.normal, agreeProtocol: 1 });
      expect(locked.message, server.url).toBe(LOGIN_TOO_MANY);
    }
  });
});
