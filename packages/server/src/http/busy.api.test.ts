/**
 * The busy envelope (issue 18): a database that is locked, restarting or unreachable answers HTTP 503
 * with `Retry-After` and `{code:-1, reason:'serverBusy'}`, never the 500 of a bug or a stack trace.
 * SQLite run: another connection holds the write lock past the busy timeout. PostgreSQL run: the pool's
 * server refuses connections. (The restart under traffic is proofs/postgres-restart.api.test.ts.)
 */
import { REASONS } from '@haoka/contract/reasons';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp, testConfig } from '../test/harness.js';

const BUSY = { code: -1, message: REASONS.serverBusy.zh, reason: 'serverBusy', data: null };

describe.skipIf(TEST_DB !== 'sqlite')('SQLite locked past its busy timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t.close());

  it('a write answers 503 busy while another connection holds the lock, and succeeds once it is free', async () => {
    const config = t.database.config;
    if (config.kind !== 'sqlite') throw new Error('SQLite run only');
    const holder = new SQLite(config.file);
    holder.exec('begin immediate');
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/site/wifiCreate',
        headers: clientHeaders({ 'order-session-id': 'b'.repeat(32) }),
        payload: { ssid: 'busy-test', password: 'password123', encrypt: 'WPA' },
      });
    let res: Awaited<ReturnType<typeof create>>;
    try {
      res = await create();
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual(BUSY);
    expect((await create()).json().code).toBe(0);
  }, 30_000);
});

describe.skipIf(TEST_DB !== 'postgres')('PostgreSQL unreachable', () => {
  it('answers 503 busy, not 500, and the process goes on', async () => {
    const db = { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/postgres' } as const;
    const handle = createDatabase(db);
    const app = await buildApp(testConfig(db), { database: handle });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/hk/baseConfig', headers: clientHeaders() });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual(BUSY);
    } finally {
      await app.close();
      await handle.destroy();
    }
  });
});
