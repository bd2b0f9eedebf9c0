import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
      adminDist: resolve(REPO_ROOT, 'packages/admin/dist'),
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
      sms: {
        templates: {},
        aliyun: {
          accessKeyId: undefined,
          accessKeySecret: undefined,
          signName: undefined,
          endpoint: 'https://dysmsapi.aliyuncs.com',
        },
        tencent: {
          secretId: undefined,
          secretKey: undefined,
          appId: undefined,
          signName: undefined,
          endpoint: 'https://sms.tencentcloudapi.com',
          region: 'ap-guangzhou',
        },
      },
      carrierGateway: 'simulator',
      paymentProviders: ['sandbox'],
      wechatPay: {
        mchId: undefined,
        appId: undefined,
        apiV3Key: undefined,
        privateKeyFile: undefined,
        certSerial: undefined,
        publicKeyFile: undefined,
        publicKeyId: undefined,
        platformCertDir: undefined,
        baseUrl: 'https://api.mch.weixin.qq.com',
      },
      alipay: {
        appId: undefined,
        privateKeyFile: undefined,
        publicKeyFile: undefined,
        gateway: 'https://openapi.alipay.com/gateway.do',
      },
      // No operator platform account: the simulator needs none.
      carrier: {
        onelink: { baseUrl: undefined, appId: undefined, password: undefined },
        jasper: { baseUrl: undefined, username: undefined, apiKey: undefined },
      },
      checkAnswers: true,
      jobsEnabled: true,
      uploadDir: resolve(REPO_ROOT, 'data/uploads'),
      // WeChat is not configured on a fresh clone: the simulator, and the shop works as a plain H5 page.
      wechat: { gateway: 'simulator', appId: undefined, appSecret: undefined, jsapiTicket: undefined },
      metricsToken: undefined,
      jobs: { minLeaseMs: 30_000, intervalMs: undefined },
      shutdownGraceMs: 5_000,
      gatewayTimeoutMs: 10_000,
      logRetentionDays: 180,
    });
  });

  it('LOG_RETENTION_DAYS is a bounded number of days', () => {
    expect(loadConfig({ LOG_RETENTION_DAYS: '30' })).toMatchObject({ logRetentionDays: 30 });
    expect(() => loadConfig({ LOG_RETENTION_DAYS: '0' })).toThrow(/^Invalid configuration: LOG_RETENTION_DAYS: /);
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

  it('PAYMENT_PROVIDER lists known providers, comma-separated, and JOBS_ENABLED switches the jobs', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'nosuch' })).toThrow(/^Invalid configuration: PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sandbox,nosuch' })).toThrow(
      /^Invalid configuration: PAYMENT_PROVIDER/,
    );
    expect(loadConfig({ PAYMENT_PROVIDER: ' sandbox , sandbox' }).paymentProviders).toEqual(['sandbox']);
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

  it("the SMS adapters read their settings, with the providers' endpoints by default", () => {
    const aliyun = loadConfig({
      SMS_GATEWAY: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '好卡',
      SMS_TEMPLATES: '{"login":"SMS_1","alert":"SMS_5"}',
    });
    expect(aliyun.smsGateway).toBe('aliyun');
    expect(aliyun.sms).toMatchObject({
      templates: { login: 'SMS_1', alert: 'SMS_5' },
      aliyun: {
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        signName: '好卡',
        endpoint: 'https://dysmsapi.aliyuncs.com',
      },
      tencent: { endpoint: 'https://sms.tencentcloudapi.com', region: 'ap-guangzhou' },
    });
    expect(loadConfig({ TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9000' }).sms?.tencent?.endpoint).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com' })).toThrow(/ALIYUN_SMS_ENDPOINT/);
  });

  it('SMS_TEMPLATES is a JSON object from the known purposes to template codes', () => {
    for (const bad of ['SMS_1', '["SMS_1"]', '{"signup":"SMS_1"}', '{"login":1}', '{"login":""}']) {
      expect(() => loadConfig({ SMS_TEMPLATES: bad }), bad).toThrow(/^Invalid configuration: SMS_TEMPLATES: /);
    }
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

  it('a listed wechat provider needs its merchant settings and one way to verify WeChat', () => {
    const env = { ...PRODUCTION_SECRETS, NODE_ENV: 'production', PAYMENT_PROVIDER: 'wechat,sandbox' };
    expect(() => loadConfig(env)).toThrow(
      /production: WECHATPAY_MCH_ID, WECHATPAY_APP_ID, WECHATPAY_API_V3_KEY, WECHATPAY_PRIVATE_KEY_FILE, WECHATPAY_CERT_SERIAL, WECHATPAY_PUBLIC_KEY_FILE, WECHATPAY_PUBLIC_KEY_ID \(/,
    );
    // The platform certificates alone are a way to verify; a public key then still needs its id.
    expect(() =>
      loadConfig({ ...env, WECHATPAY_PLATFORM_CERT_DIR: '/certs', WECHATPAY_PUBLIC_KEY_FILE: '/k' }),
    ).toThrow(/WECHATPAY_CERT_SERIAL, WECHATPAY_PUBLIC_KEY_ID \(/);
    // Outside production too: a wechat provider without its settings cannot take a payment.
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wechat' })).toThrow(
      /^PAYMENT_PROVIDER lists wechat without: WECHATPAY_MCH_ID, /,
    );
  });

  it('WeChat Pay key files are read at start: a missing file or a PEM that does not parse is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'haoka-wxkeys-'));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'apiclient_key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(join(dir, 'pub_key.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(join(dir, 'broken.pem'), '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----\n');
    const env = {
      ...PRODUCTION_SECRETS,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'wechat',
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_APP_ID: 'wx1234567890abcdef',
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
      WECHATPAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PUBLIC_KEY_FILE: join(dir, 'pub_key.pem'),
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    };
    expect(loadConfig(env).wechatPay).toMatchObject({ mchId: '1900000001', baseUrl: 'https://api.mch.weixin.qq.com' });
    expect(() => loadConfig({ ...env, WECHATPAY_PUBLIC_KEY_FILE: join(dir, 'broken.pem') })).toThrow(
      /^Unreadable WeChat Pay keys: WECHATPAY_PUBLIC_KEY_FILE: .*broken\.pem is not a PEM key$/,
    );
    expect(() =>
      loadConfig({ ...env, WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'absent.pem'), WECHATPAY_PLATFORM_CERT_DIR: dir }),
    ).toThrow(/WECHATPAY_PRIVATE_KEY_FILE: .*absent\.pem is not readable; WECHATPAY_PLATFORM_CERT_DIR: .*broken\.pem/);
    expect(() => loadConfig({ ...env, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY: .*32 bytes/);
  });

  it('the official WeChat gateway needs its app id and secret', () => {
    const env = { ...PRODUCTION_SECRETS, NODE_ENV: 'production', WECHAT_GATEWAY: 'official' };
    expect(() => loadConfig(env)).toThrow(/production: WECHAT_APP_ID, WECHAT_APP_SECRET \(/);
    expect(
      loadConfig({ ...env, WECHAT_APP_ID: 'wx1234567890abcdef', WECHAT_APP_SECRET: 's'.repeat(32) }).wechat,
    ).toMatchObject({ gateway: 'official', appId: 'wx1234567890abcdef' });
  });

  it('an SMS adapter needs its credentials and a template for every purpose', () => {
    const env = { ...PRODUCTION_SECRETS, NODE_ENV: 'production' };
    expect(() => loadConfig({ ...env, SMS_GATEWAY: 'aliyun' })).toThrow(
      /production: ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, SMS_TEMPLATES \(/,
    );
    expect(() =>
      loadConfig({
        ...env,
        SMS_GATEWAY: 'tencent',
        TENCENT_SECRET_ID: 'AKID',
        SMS_TEMPLATES: '{"login":"1","order":"2"}',
      }),
    ).toThrow(
      /production: TENCENT_SECRET_KEY, TENCENT_SMS_APP_ID, TENCENT_SMS_SIGN_NAME, SMS_TEMPLATES\.payPassword, SMS_TEMPLATES\.bindMobile, SMS_TEMPLATES\.alert \(/,
    );
    const templates = '{"login":"1","order":"2","payPassword":"3","bindMobile":"4","alert":"5"}';
    expect(
      loadConfig({
        ...env,
        SMS_GATEWAY: 'tencent',
        TENCENT_SECRET_ID: 'AKID',
        TENCENT_SECRET_KEY: 'key',
        TENCENT_SMS_APP_ID: '1400000001',
        TENCENT_SMS_SIGN_NAME: '好卡',
        SMS_TEMPLATES: templates,
      }).smsGateway,
    ).toBe('tencent');
    // The outbox needs none of them.
    expect(loadConfig(env).smsGateway).toBe('outbox');
  });

  it('Alipay needs its app id and both key files, named in one line', () => {
    const env = { ...PRODUCTION_SECRETS, NODE_ENV: 'production', PAYMENT_PROVIDER: 'alipay' };
    expect(() => loadConfig(env)).toThrow(
      /production: ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE \(/,
    );
    expect(() => loadConfig({ ...env, ALIPAY_APP_ID: '2021000000000001', ALIPAY_PUBLIC_KEY_FILE: 'a.pem' })).toThrow(
      /production: ALIPAY_PRIVATE_KEY_FILE \(/,
    );
    expect(() => loadConfig({ ALIPAY_APP_ID: 'wx123' })).toThrow(/^Invalid configuration: ALIPAY_APP_ID: /);
    const config = loadConfig({
      ...env,
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY_FILE: 'keys/app.pem',
      ALIPAY_PUBLIC_KEY_FILE: 'keys/alipay.pem',
      ALIPAY_GATEWAY: 'http://127.0.0.1:9000/gateway.do',
    });
    expect(config.alipay).toEqual({
      appId: '2021000000000001',
      privateKeyFile: resolve('keys/app.pem'),
      publicKeyFile: resolve('keys/alipay.pem'),
      gateway: 'http://127.0.0.1:9000/gateway.do',
    });
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

  it('the built server with PAYMENT_PROVIDER=alipay stops at start-up naming each unusable key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'haoka-alipay-start-'));
    try {
      writeFileSync(join(dir, 'alipay.pem'), '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n');
      const run = spawnSync(process.execPath, [resolve(REPO_ROOT, 'packages/server/dist/main.js'), 'serve'], {
        env: {
          ...process.env,
          ...PRODUCTION_SECRETS,
          NODE_ENV: 'production',
          PAY_SANDBOX_SECRET: '',
          PAYMENT_PROVIDER: 'alipay',
          ALIPAY_APP_ID: '2021000000000001',
          ALIPAY_PRIVATE_KEY_FILE: join(dir, 'missing.pem'),
          ALIPAY_PUBLIC_KEY_FILE: join(dir, 'alipay.pem'),
          SQLITE_FILE: join(dir, 'shop.db'),
          DATABASE_URL: '',
          SEED_DEMO: '0',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        `PAYMENT_PROVIDER=alipay cannot start: ALIPAY_PRIVATE_KEY_FILE: cannot read ${join(dir, 'missing.pem')}; ` +
          `ALIPAY_PUBLIC_KEY_FILE: ${join(dir, 'alipay.pem')} is not an RSA public key (PEM or base64 DER) (see docs/providers.md "Alipay")\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

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
    // The SMS adapters exclude each other, so each is asked for once; their endpoints have defaults.
    const chosen = { PAYMENT_PROVIDER: ['sandbox', 'wechat', 'alipay'], WECHAT_GATEWAY: 'official' };
    // The operator platforms too: onelink with aliyun, jasper with tencent.
    const carrierOf = { aliyun: 'onelink', tencent: 'jasper' } as const;
    const defaults = {
      ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com',
      TENCENT_SMS_ENDPOINT: 'https://sms.tencentcloudapi.com',
      TENCENT_SMS_REGION: 'ap-guangzhou',
    };
    const everything = [
      ...new Set(
        (['aliyun', 'tencent'] as const).flatMap((SMS_GATEWAY) =>
          missingInProduction({
            ...chosen,
            ...defaults,
            SMS_GATEWAY,
            CARRIER_GATEWAY: carrierOf[SMS_GATEWAY as 'aliyun'],
          } as never),
        ),
      ),
    ];
    expect(everything).toEqual([
      'DATA_KEY',
      'DATA_LOOKUP_KEY',
      'PAY_SANDBOX_SECRET',
      'ALIPAY_APP_ID',
      'ALIPAY_PRIVATE_KEY_FILE',
      'ALIPAY_PUBLIC_KEY_FILE',
      'WECHAT_APP_ID',
      'WECHAT_APP_SECRET',
      'ONELINK_BASE_URL',
      'ONELINK_APP_ID',
      'ONELINK_PASSWORD',
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_PRIVATE_KEY_FILE',
      'WECHATPAY_CERT_SERIAL',
      'WECHATPAY_PUBLIC_KEY_FILE',
      'WECHATPAY_PUBLIC_KEY_ID',
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'SMS_TEMPLATES',
      'JASPER_BASE_URL',
      'JASPER_USERNAME',
      'JASPER_API_KEY',
      'TENCENT_SECRET_ID',
      'TENCENT_SECRET_KEY',
      'TENCENT_SMS_APP_ID',
      'TENCENT_SMS_SIGN_NAME',
    ]);
    expect(requiredRows.sort()).toEqual([...everything].sort());
  });
});
