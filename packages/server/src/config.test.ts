import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.js';

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
      paymentProvider: 'sandbox',
      jobsEnabled: true,
      uploadDir: resolve(REPO_ROOT, 'data/uploads'),
      // WeChat is not configured on a fresh clone: the simulator, and the shop works as a plain H5 page.
      wechat: { gateway: 'simulator', appId: undefined, appSecret: undefined, jsapiTicket: undefined },
    });
  });

  it('UPLOAD_DIR is resolved to an absolute path', () => {
    expect(loadConfig({ UPLOAD_DIR: 'tmp/up' }).uploadDir).toBe(resolve('tmp/up'));
  });

  it('PAYMENT_PROVIDER names a known provider and JOBS_ENABLED switches the jobs', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'nosuch' })).toThrow(/^Invalid configuration: PAYMENT_PROVIDER: /);
    expect(loadConfig({ JOBS_ENABLED: '0' }).jobsEnabled).toBe(false);
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
