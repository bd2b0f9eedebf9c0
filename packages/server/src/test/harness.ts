/**
 * API test harness: a fresh database per test file, on SQLite (a real file) or PostgreSQL (a fresh
 * schema), chosen by HAOKA_TEST_DB. The same test files run once on each.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp, prepareDatabase } from '../app.js';
import type { AppConfig } from '../config.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';

export const TEST_DB = process.env.HAOKA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  config: AppConfig['db'];
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database of the kind this run tests. */
/** Demo numbers in a test database: enough for every pattern and filter, small enough to be quick. */
export const TEST_DEMO_NUMBERS = 3000;

export async function createTestDatabase(
  options: { demo?: boolean; demoNumbers?: number /** Neither migrated nor seeded. */; empty?: boolean } = {},
): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString('hex');
  const prepare = (handle: DatabaseHandle) =>
    options.empty
      ? Promise.resolve()
      : prepareDatabase(handle, {
          demo: options.demo ?? true,
          demoNumbers: options.demoNumbers ?? TEST_DEMO_NUMBERS,
        });
  if (TEST_DB === 'sqlite') {
    const file = join(tmpdir(), `haoka-test-${suffix}.db`);
    const config = { kind: 'sqlite', file } as const;
    const handle = createDatabase(config);
    await prepare(handle);
    return {
      handle,
      config,
      async drop() {
        await handle.destroy();
        for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      },
    };
  }
  const schema = `t_${suffix}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const config = { kind: 'postgres', url: TEST_DATABASE_URL, schema } as const;
  const handle = createDatabase(config);
  await prepare(handle);
  return {
    handle,
    config,
    async drop() {
      await handle.destroy();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export function testConfig(db: AppConfig['db'], overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    db,
    redisUrl: undefined,
    logLevel: 'silent',
    webDist: join(tmpdir(), 'haoka-no-web'),
    adminDist: join(tmpdir(), 'haoka-no-admin'),
    configCacheMs: 0,
    trustProxy: false,
    seedDemo: true,
    demoNumbers: TEST_DEMO_NUMBERS,
    secrets: {
      dataKey: '11'.repeat(32),
      lookupKey: '22'.repeat(32),
      sandboxSecret: 'test-sandbox-secret-0123456789',
      keyFile: join(tmpdir(), 'haoka-test-keys-unused.json'),
    },
    publicUrl: undefined,
    paymentProviders: ['sandbox'],
    jobsEnabled: false,
    shutdownGraceMs: 0,
    gatewayTimeoutMs: 10_000,
    logRetentionDays: 180,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** The app's latest error-level log lines (the cause of an unexpected 500), oldest first. */
  serverErrors(): string[];
  close(): Promise<void>;
}

const KEPT_ERROR_LINES = 20;

/** Builds the real app over a fresh database; call `close` in afterAll. */
export async function createTestApp(
  options: BuildOptions & { config?: Partial<AppConfig>; demo?: boolean; demoNumbers?: number } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ demo: options.demo ?? true, demoNumbers: options.demoNumbers });
  // Errors are logged to memory, not the console: a test that meets a 500 can say what broke.
  const errors: string[] = [];
  const logDestination = {
    write(line: string) {
      errors.push(line);
      if (errors.length > KEPT_ERROR_LINES) errors.shift();
    },
  };
  const app = await buildApp(testConfig(database.config, { logLevel: 'error', ...options.config }), {
    logDestination,
    ...options,
    database: database.handle,
  });
  await app.ready();
  return {
    app,
    database,
    serverErrors: () => [...errors],
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Standard headers of the web client (SPEC §7) for inject calls. */
export function clientHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    platform: 'h5',
    hostname: '127.0.0.1',
    'platform-source': '1',
    'order-session-id': 'a'.repeat(32),
    ...extra,
  };
}
