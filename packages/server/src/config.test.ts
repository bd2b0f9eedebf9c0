import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, missingInProduction, REPO_ROOT, SETTINGS } from './config.js';
import { answersChecked } from './http/answer-check.js';

const PRODUCTION_SECRETS = {
  DATA_KEY: 'ab'.repeat(32),
  DATA_LOOKUP_KEY: 'cd'.repeat(32),
  PAY_SANDBOX_SECRET: 'sandbox-secret-0123456789',
};

describe('loadConfig', () => {
  it('runs a fresh clone with defaults', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      db: { kind: 'sqlite', file: resolve(REPO_ROOT, 'data/haoka.db') },
      redisUrl: undefined,
      logLevel: 'info',
      webDist: resolve(REPO_ROOT, 'packages/web/dist'),
      configCacheMs: 60_000,
      trustProxy: false,
      seedDemo: true,
      demoNumbers: 200_000,
      secrets: {
        dataKey: undefined,
        lookupKey: undefined,
        sandboxSecret: undefined,
        keyFile: resolve(REPO_ROOT, 'data/keys.json'),
      },
      publicUrl: undefined,
      smsGateway: 'outbox',
      carrierGateway: 'simulator',
      // No operator platform account: the simulator needs none.
      carrier: {
        onelink: { baseUrl: undefined, appId: undefined, password: undefined },
        jasper: { baseUrl: undefined, username: undefined, apiKey: undefined },
      },
      paymentProvider: 'sandbox',
      checkAnswers: true,
      jobsEnabled: true,
      uploadDir: resolve(REPO_ROOT, 'data/uploads'),
      // WeChat is not configured on a fresh clone: the simulator, and the shop works as a plain H5 page.
      wechat: { gateway: 'simulator', appId: undefined, appSecret: undefined, jsapiTicket: undefined },
      metricsToken: undefined,
      jobs: { minLeaseMs: 30_000, intervalMs: undefined },
      shutdownGraceMs: 5_000,
      gatewayTimeoutMs: 10_000,
    });
  });

  it('SHUTDOWN_GRACE_MS and GATEWAY_TIMEOUT_MS are bounded milliseconds', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0', GATEWAY_TIMEOUT_MS: '2500' })).toMatchObject({
      shutdownGraceMs: 0,
      gatewayTimeoutMs: 2_500,
    });
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/^Invalid configuration: SHUTDOWN_GRACE_MS: /);
    expect(() => loadConfig({ GATEWAY_TIMEOUT_MS: '0' })).toThrow(/^Invalid configuration: GATEWAY_TIMEOUT_MS: /);
  });

  it('UPLOAD_DIR is resolved to an absolute path', () => {
    expect(loadConfig({ UPLOAD_DIR: 'tmp/up' }).uploadDir).toBe(resolve('tmp/up'));
  });

  it('PAYMENT_PROVIDER names a known provider and JOBS_ENABLED switches the jobs', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'nosuch' })).toThrow(/^Invalid configuration: PAYMENT_PROVIDER: /);
    expect(loadConfig({ JOBS_ENABLED: '0' }).jobsEnabled).toBe(false);
  });

  it('answers are checked against the contract outside production unless CHECK_ANSWERS=0', () => {
    expect(answersChecked(loadConfig({}))).toBe(true);
    expect(answersChecked(loadConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(answersChecked(loadConfig({ CHECK_ANSWERS: '0' }))).toBe(false);
    expect(answersChecked(loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production' }))).toBe(false);
    expect(answersChecked(loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', CHECK_ANSWERS: '1' }))).toBe(
      false,
    );
  });

  it('CARRIER_GATEWAY names a known gateway', () => {
    expect(loadConfig({ CARRIER_GATEWAY: 'simulator' }).carrierGateway).toBe('simulator');
    expect(() => loadConfig({ CARRIER_GATEWAY: 'nosuch' })).toThrow(/^Invalid configuration: CARRIER_GATEWAY: /);
  });

  it('SMS_GATEWAY names a known gateway', () => {
    expect(loadConfig({ SMS_GATEWAY: 'outbox' }).smsGateway).toBe('outbox');
    expect(() => loadConfig({ SMS_GATEWAY: 'nosuch' })).toThrow(/^Invalid configuration: SMS_GATEWAY: /);
  });

  it('sizes the demo inventory from DEMO_NUMBERS and refuses a nonsense size', () => {
    expect(loadConfig({ DEMO_NUMBERS: '5000' }).demoNumbers).toBe(5000);
    expect(() => loadConfig({ DEMO_NUMBERS: '-1' })).toThrow(/DEMO_NUMBERS/);
  });

  it('REPO_ROOT is the repository root', () => {
    expect(resolve(REPO_ROOT, 'packages/server/src/config.ts')).toBe(resolve(import.meta.dirname, 'config.ts'));
  });

  it.each(['postgres://u@h:5432/db', 'postgresql://u:p@h/db'])('DATABASE_URL %s selects PostgreSQL', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).db).toEqual({ kind: 'postgres', url, schema: undefined });
  });

  it('DATABASE_SCHEMA goes with the PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', DATABASE_SCHEMA: 'shop_1' }).db).toEqual({
      kind: 'postgres',
      url: 'postgres://h/db',
      schema: 'shop_1',
    });
  });

  it('SQLITE_FILE is resolved to an absolute path', () => {
    const config = loadConfig({ SQLITE_FILE: 'tmp/x.db' });
    expect(config.db).toEqual({ kind: 'sqlite', file: resolve('tmp/x.db') });
  });

  it('reads the other settings', () => {
    const config = loadConfig({
      ...PRODUCTION_SECRETS,
      NODE_ENV: 'production',
      PORT: '3000',
      HOST: '0.0.0.0',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
      CONFIG_CACHE_SECONDS: '5',
      TRUST_PROXY: 'true',
      SEED_DEMO: '0',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'warn',
      configCacheMs: 5000,
      trustProxy: true,
      seedDemo: false,
    });
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
  ])('TRUST_PROXY / SEED_DEMO %s → %s', (value, flag) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(flag);
    expect(loadConfig({ SEED_DEMO: value }).seedDemo).toBe(flag);
  });

  it.each(['abc', '70000', '-1', '80.5'])('an invalid PORT %j throws a clear error', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/^Invalid configuration: PORT: /);
  });

  it.each([
    ['DATABASE_URL', 'mysql://h/db', /^Invalid configuration: DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL$/],
    ['REDIS_URL', 'http://h', /^Invalid configuration: REDIS_URL: REDIS_URL must be a redis:\/\/ URL$/],
    ['DATABASE_SCHEMA', 'Bad-Schema', /^Invalid configuration: DATABASE_SCHEMA: /],
    ['NODE_ENV', 'staging', /^Invalid configuration: NODE_ENV: /],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL: /],
    ['TRUST_PROXY', 'yes', /^Invalid configuration: TRUST_PROXY: /],
    ['CONFIG_CACHE_SECONDS', '-1', /^Invalid configuration: CONFIG_CACHE_SECONDS: /],
  ])('an invalid %s throws naming it', (key, value, error) => {
    expect(() => loadConfig({ [key]: value })).toThrow(error);
  });

  it('an empty variable means "not set" and takes the default', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      DATABASE_URL: '',
      DATABASE_SCHEMA: '',
      REDIS_URL: '',
      SQLITE_FILE: '',
      CONFIG_CACHE_SECONDS: '',
      TRUST_PROXY: '',
      SEED_DEMO: '',
    });
    expect(config).toEqual(loadConfig({}));
    expect(config.port).toBe(8080);
    expect(config.db).toEqual({ kind: 'sqlite', file: resolve(REPO_ROOT, 'data/haoka.db') });
  });

  it('accepts rediss:// for TLS', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://h:6380' }).redisUrl).toBe('rediss://h:6380');
  });
});

describe('production mode', () => {
  it('starts with every secret given', () => {
    expect(loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production' }).env).toBe('production');
  });

  it('stops with one message naming every missing secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Missing configuration for NODE_ENV=production: DATA_KEY, DATA_LOOKUP_KEY, PAY_SANDBOX_SECRET \(/,
    );
    const { DATA_LOOKUP_KEY: _lookup, ...withoutLookup } = PRODUCTION_SECRETS;
    expect(() => loadConfig({ ...withoutLookup, NODE_ENV: 'production' })).toThrow(
      /^Missing configuration for NODE_ENV=production: DATA_LOOKUP_KEY \(/,
    );
  });

  it('an operator platform chosen without its address or account stops start-up, naming each missing one', () => {
    expect(() => loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', CARRIER_GATEWAY: 'onelink' })).toThrow(
      /^Missing configuration for NODE_ENV=production: ONELINK_BASE_URL, ONELINK_APP_ID, ONELINK_PASSWORD \(/,
    );
    expect(() =>
      loadConfig({
        ...PRODUCTION_SECRETS,
        NODE_ENV: 'production',
        CARRIER_GATEWAY: 'jasper',
        JASPER_BASE_URL: 'https://api.10646.cn',
        JASPER_API_KEY: '',
      }),
    ).toThrow(/^Missing configuration for NODE_ENV=production: JASPER_USERNAME, JASPER_API_KEY \(/);
    const onelink = loadConfig({
      ...PRODUCTION_SECRETS,
      NODE_ENV: 'production',
      CARRIER_GATEWAY: 'onelink',
      ONELINK_BASE_URL: 'https://api.iot.10086.cn',
      ONELINK_APP_ID: '100000000001',
      ONELINK_PASSWORD: 'secret',
    });
    expect(onelink.carrierGateway).toBe('onelink');
    expect(onelink.carrier?.onelink).toEqual({
      baseUrl: 'https://api.iot.10086.cn',
      appId: '100000000001',
      password: 'secret',
    });
    // The simulator needs none of them, in production too.
    expect(() => loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production' })).not.toThrow();
    expect(() => loadConfig({ ONELINK_BASE_URL: 'api.iot.10086.cn' })).toThrow(/ONELINK_BASE_URL must be a URL/);
  });

  it('an empty secret counts as missing', () => {
    expect(() => loadConfig({ ...PRODUCTION_SECRETS, DATA_KEY: '', NODE_ENV: 'production' })).toThrow(
      /production: DATA_KEY \(/,
    );
  });

  it('the official WeChat gateway needs its app id and secret', () => {
    const env = { ...PRODUCTION_SECRETS, NODE_ENV: 'production', WECHAT_GATEWAY: 'official' };
    expect(() => loadConfig(env)).toThrow(/production: WECHAT_APP_ID, WECHAT_APP_SECRET \(/);
    expect(
      loadConfig({ ...env, WECHAT_APP_ID: 'wx1234567890abcdef', WECHAT_APP_SECRET: 's'.repeat(32) }).wechat,
    ).toMatchObject({ gateway: 'official', appId: 'wx1234567890abcdef' });
  });

  it('the built server stops at start-up with that one line on stderr, no stack trace', () => {
    const { DATA_KEY: _k, ...inherited } = process.env;
    const run = spawnSync(process.execPath, [resolve(REPO_ROOT, 'packages/server/dist/main.js'), 'serve'], {
      env: { ...inherited, NODE_ENV: 'production', DATA_LOOKUP_KEY: '', PAY_SANDBOX_SECRET: 'p'.repeat(20) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'Missing configuration for NODE_ENV=production: DATA_KEY, DATA_LOOKUP_KEY (secrets have no defaults in production; see docs/configuration.md)\n',
    );
  });

  it('development and test keep their generated keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test' })).not.toThrow();
  });

  it('several invalid settings are all named at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/^Invalid configuration: PORT: .*; LOG_LEVEL: /);
  });
});

describe('observability and job settings', () => {
  it('METRICS_TOKEN is at least 16 characters', () => {
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(16) }).metricsToken).toBe('t'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^Invalid configuration: METRICS_TOKEN: /);
  });

  it('JOBS_MIN_LEASE_MS and JOBS_INTERVAL_MS time the jobs', () => {
    expect(loadConfig({ JOBS_MIN_LEASE_MS: '1500', JOBS_INTERVAL_MS: '250' }).jobs).toEqual({
      minLeaseMs: 1500,
      intervalMs: 250,
    });
    expect(() => loadConfig({ JOBS_MIN_LEASE_MS: '10' })).toThrow(/^Invalid configuration: JOBS_MIN_LEASE_MS: /);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: 'soon' })).toThrow(/^Invalid configuration: JOBS_INTERVAL_MS: /);
  });
});

describe('the configuration reference cannot drift from the schema', () => {
  const doc = readFileSync(resolve(REPO_ROOT, 'docs/configuration.md'), 'utf8');
  /** Variables in the reference table: rows starting with | `NAME` |. */
  const documented = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
  const example = readFileSync(resolve(REPO_ROOT, '.env.example'), 'utf8');
  const exampled = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);

  it('no server code but config.ts reads the environment', () => {
    const src = resolve(REPO_ROOT, 'packages/server/src');
    const readers = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
      .filter((file) => readFileSync(join(src, file), 'utf8').includes('process.env'))
      .map((file) => relative(src, join(src, file)));
    expect(readers).toEqual(['config.ts']);
  });

  it('docs/configuration.md has one row for every setting, and no row for anything else', () => {
    expect([...documented].sort()).toEqual([...SETTINGS].sort());
  });

  it('.env.example names every setting', () => {
    expect([...new Set(exampled)].sort()).toEqual([...SETTINGS].sort());
  });

  it('the "required in production" column matches what production refuses to start without', () => {
    const requiredRows = doc
      .split('\n')
      .filter((line) => /^\| `[A-Z0-9_]+` \|/.test(line))
      .filter((line) => line.split('|')[3]?.trim().startsWith('yes'))
      .map((line) => /`([A-Z0-9_]+)`/.exec(line)?.[1]);
    // Every gateway that needs a secret chosen, nothing given: all that production can ask for.
    // The operator platforms are one at a time, so each is asked for once.
    const withCarrier = (carrier: string) =>
      missingInProduction({
        PAYMENT_PROVIDER: 'sandbox',
        WECHAT_GATEWAY: 'official',
        CARRIER_GATEWAY: carrier,
      } as never);
    const everything = [...new Set([...withCarrier('onelink'), ...withCarrier('jasper')])];
    expect(everything).toEqual([
      'DATA_KEY',
      'DATA_LOOKUP_KEY',
      'PAY_SANDBOX_SECRET',
      'WECHAT_APP_ID',
      'WECHAT_APP_SECRET',
      'ONELINK_BASE_URL',
      'ONELINK_APP_ID',
      'ONELINK_PASSWORD',
      'JASPER_BASE_URL',
      'JASPER_USERNAME',
      'JASPER_API_KEY',
    ]);
    expect(requiredRows.sort()).toEqual([...everything].sort());
  });
});
