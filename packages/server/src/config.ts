/** Server configuration: the environment parsed with zod; the defaults make a fresh clone run. */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  CARRIER_GATEWAY_KINDS,
  type CarrierGatewayKind,
  type CarrierSettings,
} from './gateways/carrier/carrier-gateway.js';
import { ALIPAY_DEFAULT_GATEWAY, type AlipayConfig } from './gateways/payment/alipay.js';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from './gateways/payment/payment-gateway.js';
import {
  loadWechatPayKeys,
  missingWechatPaySettings,
  WECHATPAY_DEFAULT_BASE_URL,
  type WechatPayConfig,
} from './gateways/payment/wechatpay.js';
import { missingSmsSettings } from './gateways/sms/settings.js';
import {
  OPTIONAL_SMS_PURPOSES,
  SMS_GATEWAY_KINDS,
  SMS_PURPOSES,
  type SmsGatewayKind,
  type SmsProviderSettings,
  type SmsTemplates,
} from './gateways/sms/sms-gateway.js';
import { WECHAT_GATEWAY_KINDS, type WechatConfig } from './gateways/wechat/wechat-gateway.js';

const here = dirname(fileURLToPath(import.meta.url));
/** Repository root, from either src/ or dist/. */
export const REPO_ROOT = resolve(here, '../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** postgres://… selects PostgreSQL; unset keeps the embedded SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  /** PostgreSQL schema to use (tests use one per file); defaults to the server's search_path. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  SQLITE_FILE: z.string().default(resolve(REPO_ROOT, 'data/haoka.db')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'REDIS_URL must be a redis:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, 'packages/web/dist')),
  ADMIN_DIST: z.string().default(resolve(REPO_ROOT, 'packages/admin/dist')),
  /** Seconds the server caches baseConfig per (hostname, promoCode) (API.md §2). */
  CONFIG_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Trust X-Forwarded-For from a reverse proxy (needed for per-IP limits behind nginx). */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** 32-byte key (hex or base64) encrypting personal data at rest; required in production. */
  DATA_KEY: z.string().optional(),
  /** Key of the lookup hashes (ID-number counts, SMS codes); required in production. */
  DATA_LOOKUP_KEY: z.string().optional(),
  /** Signing secret of the built-in sandbox payment provider. */
  PAY_SANDBOX_SECRET: z.string().min(16).optional(),
  /** Development keys are generated into this file (never inside the database) when not given. */
  KEY_FILE: z.string().default(resolve(REPO_ROOT, 'data/keys.json')),
  /** Public base URL of this shop (payment return and notify addresses); defaults to the request's host. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, { error: 'PUBLIC_URL must be like https://shop.example.com' })
    .optional(),
  /** Uploaded images (ID photos, avatars), kept outside the web root; real-name photos are encrypted. */
  UPLOAD_DIR: z.string().default(resolve(REPO_ROOT, 'data/uploads')),
  /** Which SMS gateway sends verification codes; `outbox` (built in) only stores and logs them. */
  SMS_GATEWAY: z.enum(SMS_GATEWAY_KINDS).default('outbox'),
  /** JSON object from purpose (login, order, payPassword, bindMobile, alert) to the provider's template. */
  SMS_TEMPLATES: z
    .string()
    .transform((text, ctx): SmsTemplates => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      const templates = z.partialRecord(z.enum(SMS_PURPOSES), z.string().min(1)).safeParse(value);
      if (!templates.success || typeof value !== 'object' || Array.isArray(value)) {
        ctx.addIssue({
          code: 'custom',
          message: `SMS_TEMPLATES must be a JSON object from ${SMS_PURPOSES.join(', ')} to template codes`,
        });
        return z.NEVER;
      }
      return templates.data;
    })
    .optional(),
  /** Aliyun SMS (SMS_GATEWAY=aliyun): the RAM user's AccessKey, the approved signature, the API base URL. */
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, { error: 'ALIYUN_SMS_ENDPOINT must be like https://dysmsapi.aliyuncs.com' })
    .default('https://dysmsapi.aliyuncs.com'),
  /** Tencent Cloud SMS (SMS_GATEWAY=tencent): the API key, the SMS application, its signature, base URL. */
  TENCENT_SECRET_ID: z.string().optional(),
  TENCENT_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, { error: 'TENCENT_SMS_ENDPOINT must be like https://sms.tencentcloudapi.com' })
    .default('https://sms.tencentcloudapi.com'),
  /** The region a Tencent call names (X-TC-Region); any mainland SMS region serves every number. */
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  /** Which operator platform serves IoT card state; `simulator` (built in) keeps it in the database. */
  CARRIER_GATEWAY: z.enum(CARRIER_GATEWAY_KINDS).default('simulator'),
  /** China Mobile OneLink EC API v5 (CARRIER_GATEWAY=onelink): base URL, the EC account's appid and password. */
  ONELINK_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { error: 'ONELINK_BASE_URL must be a URL like https://api.iot.10086.cn' })
    .optional(),
  ONELINK_APP_ID: z.string().min(1).optional(),
  ONELINK_PASSWORD: z.string().min(1).optional(),
  /** China Unicom Jasper / Control Center REST (CARRIER_GATEWAY=jasper): base URL, user name and API key. */
  JASPER_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { error: 'JASPER_BASE_URL must be a URL like https://api.10646.cn' })
    .optional(),
  JASPER_USERNAME: z.string().min(1).optional(),
  JASPER_API_KEY: z.string().min(1).optional(),
  /**
   * The payment providers, a comma list of `sandbox`, `wechat` (and `alipay`): each takes its pay type, the
   * sandbox (built in: a cashier page of this server) whichever no real provider listed takes.
   */
  PAYMENT_PROVIDER: z
    .string()
    .default('sandbox')
    .transform((list) => [...new Set(list.split(',').map((name) => name.trim()))])
    .pipe(z.array(z.enum(PAYMENT_PROVIDERS, { error: `must list only ${PAYMENT_PROVIDERS.join(', ')}` })).min(1)),
  /** WeChat Pay merchant id (商户号). */
  WECHATPAY_MCH_ID: z
    .string()
    .regex(/^\d{8,12}$/, { error: 'WECHATPAY_MCH_ID must be the digits of the merchant id' })
    .optional(),
  /** The app id (公众号 / H5) payments are made for; JSAPI needs the one the shopper's openid belongs to. */
  WECHATPAY_APP_ID: z
    .string()
    .regex(/^wx[0-9a-zA-Z]{8,30}$/, { error: 'WECHATPAY_APP_ID must look like wx1234567890abcdef' })
    .optional(),
  /** APIv3 key (32 characters) decrypting WeChat Pay callbacks. */
  WECHATPAY_API_V3_KEY: z
    .string()
    .refine((key) => Buffer.byteLength(key) === 32, { error: 'WECHATPAY_API_V3_KEY must be 32 bytes' })
    .optional(),
  /** The merchant's API private key (apiclient_key.pem) signing every request. */
  WECHATPAY_PRIVATE_KEY_FILE: z.string().optional(),
  /** The serial number of the merchant API certificate (apiclient_cert.pem). */
  WECHATPAY_CERT_SERIAL: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, { error: 'WECHATPAY_CERT_SERIAL must be the certificate serial in hex' })
    .optional(),
  /** The WeChat Pay public key (pub_key.pem) verifying WeChat's answers and callbacks (public-key mode). */
  WECHATPAY_PUBLIC_KEY_FILE: z.string().optional(),
  /** Its id, `PUB_KEY_ID_…`, which WeChat names in Wechatpay-Serial. */
  WECHATPAY_PUBLIC_KEY_ID: z
    .string()
    .regex(/^PUB_KEY_ID_[0-9A-Za-z_]+$/, { error: 'WECHATPAY_PUBLIC_KEY_ID must look like PUB_KEY_ID_0114…' })
    .optional(),
  /** Platform certificates (certificate mode, or both during a migration), each file `<serial>.pem`. */
  WECHATPAY_PLATFORM_CERT_DIR: z.string().optional(),
  /** WeChat Pay API address (tests point it at a fake). */
  WECHATPAY_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, { error: 'WECHATPAY_BASE_URL must be like https://api.mch.weixin.qq.com' })
    .default(WECHATPAY_DEFAULT_BASE_URL),
  /** Alipay app id (PAYMENT_PROVIDER=alipay; docs/providers.md "Alipay"). */
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{16}$/, { error: 'ALIPAY_APP_ID must be the 16-digit app id of the Alipay open platform' })
    .optional(),
  /** File holding the app's RSA2 private key (PEM or the key tool's base64). */
  ALIPAY_PRIVATE_KEY_FILE: z.string().optional(),
  /** File holding Alipay's public key (downloaded from the open platform), not the app's own. */
  ALIPAY_PUBLIC_KEY_FILE: z.string().optional(),
  /** Alipay's v2 gateway; tests point it at a local fake. */
  ALIPAY_GATEWAY: z
    .string()
    .regex(/^https?:\/\/[^/]+\/\S*$/, { error: 'ALIPAY_GATEWAY must be a URL like https://host/gateway.do' })
    .default(ALIPAY_DEFAULT_GATEWAY),
  /** Check every success answer against its contract schema (on outside production; docs/design.md). */
  CHECK_ANSWERS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** Run the background jobs (timeouts, payment reconciliation) in this process. */
  JOBS_ENABLED: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** WeChat Official Account (公众号) app id; unset means WeChat sign-in and JS-SDK are off. */
  WECHAT_APP_ID: z
    .string()
    .regex(/^wx[0-9a-zA-Z]{8,30}$/, { error: 'WECHAT_APP_ID must look like wx1234567890abcdef' })
    .optional(),
  /** Official Account app secret: fetches the jsapi_ticket and exchanges OAuth codes (official gateway). */
  WECHAT_APP_SECRET: z.string().min(16).optional(),
  /** A fixed jsapi_ticket to sign the JS-SDK with instead of fetching one. */
  WECHAT_JSAPI_TICKET: z.string().min(16).optional(),
  /** `official` talks to WeChat; `simulator` (default) signs with the fixed ticket and fakes OAuth locally. */
  WECHAT_GATEWAY: z.enum(WECHAT_GATEWAY_KINDS).default('simulator'),
  /** Size of the demo number inventory seeded on first start. */
  DEMO_NUMBERS: z.coerce.number().int().min(0).max(5_000_000).default(200_000),
  /** Seed the demo shop into an empty database at start. */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** Bearer token GET /metrics requires; unset leaves /metrics open (keep it off the public proxy then). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A job's lease lasts its interval, and at least this long, so a slow run is never doubled. */
  JOBS_MIN_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Runs every job at this interval instead of its own (API.md §7); for tests and demos only. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).optional(),
  /** On SIGTERM, how long /healthz answers 503 `draining` while the instance still serves, before it closes. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Longest wait for an external provider (payment, SMS, operator); then the call counts as failed. */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The payment callback log and the SMS log keep this many days; older lines are deleted hourly. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
});

/** Every environment variable the server reads (docs/configuration.md lists each one). */
export const SETTINGS: readonly string[] = Object.keys(envSchema.shape);

type Env = z.infer<typeof envSchema>;

/** The provider settings of the SMS adapters, as the gateways take them. */
function smsSettings(e: Env): SmsProviderSettings {
  return {
    templates: e.SMS_TEMPLATES ?? {},
    aliyun: {
      accessKeyId: e.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET,
      signName: e.ALIYUN_SMS_SIGN_NAME,
      endpoint: e.ALIYUN_SMS_ENDPOINT,
    },
    tencent: {
      secretId: e.TENCENT_SECRET_ID,
      secretKey: e.TENCENT_SECRET_KEY,
      appId: e.TENCENT_SMS_APP_ID,
      signName: e.TENCENT_SMS_SIGN_NAME,
      endpoint: e.TENCENT_SMS_ENDPOINT,
      region: e.TENCENT_SMS_REGION,
    },
  };
}

/**
 * The secrets production must be given (no generated or built-in default there): the personal-data
 * keys, the signing secret of the chosen payment provider, the WeChat app credentials when the
 * official gateway is chosen, the chosen SMS provider's credentials with a template for every
 * purpose the shop sends, and the chosen operator platform's address and account.
 */
export function missingInProduction(e: Env): string[] {
  const required: [string, unknown][] = [
    ['DATA_KEY', e.DATA_KEY],
    ['DATA_LOOKUP_KEY', e.DATA_LOOKUP_KEY],
  ];
  if (e.PAYMENT_PROVIDER.includes('sandbox')) required.push(['PAY_SANDBOX_SECRET', e.PAY_SANDBOX_SECRET]);
  if (e.PAYMENT_PROVIDER.includes('alipay')) {
    required.push(
      ['ALIPAY_APP_ID', e.ALIPAY_APP_ID],
      ['ALIPAY_PRIVATE_KEY_FILE', e.ALIPAY_PRIVATE_KEY_FILE],
      ['ALIPAY_PUBLIC_KEY_FILE', e.ALIPAY_PUBLIC_KEY_FILE],
    );
  }
  if (e.WECHAT_GATEWAY === 'official') {
    required.push(['WECHAT_APP_ID', e.WECHAT_APP_ID], ['WECHAT_APP_SECRET', e.WECHAT_APP_SECRET]);
  }
  if (e.CARRIER_GATEWAY === 'onelink') {
    required.push(
      ['ONELINK_BASE_URL', e.ONELINK_BASE_URL],
      ['ONELINK_APP_ID', e.ONELINK_APP_ID],
      ['ONELINK_PASSWORD', e.ONELINK_PASSWORD],
    );
  }
  if (e.CARRIER_GATEWAY === 'jasper') {
    required.push(
      ['JASPER_BASE_URL', e.JASPER_BASE_URL],
      ['JASPER_USERNAME', e.JASPER_USERNAME],
      ['JASPER_API_KEY', e.JASPER_API_KEY],
    );
  }
  const missing = required.filter(([, value]) => value === undefined).map(([name]) => name);
  if (e.PAYMENT_PROVIDER.includes('wechat')) missing.push(...missingWechatPaySettings(wechatPayOf(e)));
  if (e.SMS_GATEWAY !== 'outbox') {
    missing.push(...missingSmsSettings(e.SMS_GATEWAY, smsSettings(e)));
    if (e.SMS_TEMPLATES === undefined) missing.push('SMS_TEMPLATES');
    else {
      const needed = SMS_PURPOSES.filter((p) => !OPTIONAL_SMS_PURPOSES.includes(p));
      missing.push(...needed.filter((p) => !e.SMS_TEMPLATES?.[p]).map((p) => `SMS_TEMPLATES.${p}`));
    }
  }
  return missing;
}

function wechatPayOf(e: Env): WechatPayConfig {
  return {
    mchId: e.WECHATPAY_MCH_ID,
    appId: e.WECHATPAY_APP_ID,
    apiV3Key: e.WECHATPAY_API_V3_KEY,
    privateKeyFile: e.WECHATPAY_PRIVATE_KEY_FILE && resolve(e.WECHATPAY_PRIVATE_KEY_FILE),
    certSerial: e.WECHATPAY_CERT_SERIAL?.toUpperCase(),
    publicKeyFile: e.WECHATPAY_PUBLIC_KEY_FILE && resolve(e.WECHATPAY_PUBLIC_KEY_FILE),
    publicKeyId: e.WECHATPAY_PUBLIC_KEY_ID,
    platformCertDir: e.WECHATPAY_PLATFORM_CERT_DIR && resolve(e.WECHATPAY_PLATFORM_CERT_DIR),
    baseUrl: e.WECHATPAY_BASE_URL,
  };
}

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string | undefined };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  db: DatabaseConfig;
  redisUrl?: string | undefined;
  logLevel: string;
  /** Built web app; served under /shop/ when it exists. */
  webDist: string;
  /** Built staff console; served under /admin/ when it exists. */
  adminDist: string;
  configCacheMs: number;
  trustProxy: boolean;
  seedDemo: boolean;
  demoNumbers: number;
  secrets: {
    dataKey?: string | undefined;
    lookupKey?: string | undefined;
    sandboxSecret?: string | undefined;
    keyFile: string;
  };
  publicUrl?: string | undefined;
  /** Payment providers (PAYMENT_PROVIDER); unset means the built-in sandbox alone. */
  paymentProviders?: PaymentProviderName[] | undefined;
  /** WeChat Pay (WECHATPAY_*), used when `wechat` is among the payment providers. */
  wechatPay?: WechatPayConfig | undefined;
  /** ALIPAY_*: read and checked at start when `alipay` is among the payment providers. */
  alipay?: AlipayConfig | undefined;
  /** Outside production, answers are checked against the contract unless this is false (CHECK_ANSWERS). */
  checkAnswers?: boolean | undefined;
  /** Background jobs run unless this is false (JOBS_ENABLED; the test harness turns them off). */
  jobsEnabled?: boolean | undefined;
  /** SMS gateway (SMS_GATEWAY); unset means the built-in outbox. */
  smsGateway?: SmsGatewayKind | undefined;
  /** SMS_TEMPLATES and the provider settings (ALIYUN_*, TENCENT_*) of the SMS adapters. */
  sms?: SmsProviderSettings | undefined;
  /** Carrier gateway (CARRIER_GATEWAY); unset means the built-in simulator. */
  carrierGateway?: CarrierGatewayKind | undefined;
  /** The operator platforms' addresses and accounts (ONELINK_*, JASPER_*); only the chosen one is used. */
  carrier?: CarrierSettings | undefined;
  /** Directory of uploaded files (UPLOAD_DIR); unset means `<repo>/data/uploads`. */
  uploadDir?: string | undefined;
  /** WeChat Official Account (WECHAT_*); unset app id means WeChat sign-in and JS-SDK are off. */
  wechat?: WechatConfig | undefined;
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset means /metrics is open. */
  metricsToken?: string | undefined;
  /** Job timing (JOBS_MIN_LEASE_MS, JOBS_INTERVAL_MS); unset means 30 s and each job's own interval. */
  jobs?: { minLeaseMs: number; intervalMs?: number | undefined } | undefined;
  /** SHUTDOWN_GRACE_MS: how long a stopping instance reports `draining` before it closes. */
  shutdownGraceMs: number;
  /** GATEWAY_TIMEOUT_MS: the bound on every call to an external provider. */
  gatewayTimeoutMs: number;
  /** LOG_RETENTION_DAYS: how many days the payment callback log and the SMS log keep (jobs/log-retention.ts). */
  logRetentionDays: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as shells and process managers often pass them.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${issues.join('; ')}`);
  }
  const e = parsed.data;
  const missing = e.NODE_ENV === 'production' ? missingInProduction(e) : [];
  if (missing.length > 0) {
    throw new Error(
      `Missing configuration for NODE_ENV=production: ${missing.join(', ')} (secrets have no defaults in production; see docs/configuration.md)`,
    );
  }
  const wechatPay = wechatPayOf(e);
  if (e.PAYMENT_PROVIDER.includes('wechat')) {
    const unset = missingWechatPaySettings(wechatPay);
    if (unset.length > 0) throw new Error(`PAYMENT_PROVIDER lists wechat without: ${unset.join(', ')}`);
    // The key files are read now, so a wrong path or a broken PEM stops the start, not the first payment.
    try {
      loadWechatPayKeys(wechatPay);
    } catch (err) {
      throw new Error(`Unreadable WeChat Pay keys: ${(err as Error).message.split('\n').join('; ')}`);
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    db: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { kind: 'sqlite', file: resolve(e.SQLITE_FILE) },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    adminDist: resolve(e.ADMIN_DIST),
    configCacheMs: e.CONFIG_CACHE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    demoNumbers: e.DEMO_NUMBERS,
    secrets: {
      dataKey: e.DATA_KEY,
      lookupKey: e.DATA_LOOKUP_KEY,
      sandboxSecret: e.PAY_SANDBOX_SECRET,
      keyFile: resolve(e.KEY_FILE),
    },
    publicUrl: e.PUBLIC_URL,
    paymentProviders: e.PAYMENT_PROVIDER,
    wechatPay,
    alipay: {
      appId: e.ALIPAY_APP_ID,
      privateKeyFile: e.ALIPAY_PRIVATE_KEY_FILE && resolve(e.ALIPAY_PRIVATE_KEY_FILE),
      publicKeyFile: e.ALIPAY_PUBLIC_KEY_FILE && resolve(e.ALIPAY_PUBLIC_KEY_FILE),
      gateway: e.ALIPAY_GATEWAY,
    },
    checkAnswers: e.CHECK_ANSWERS,
    jobsEnabled: e.JOBS_ENABLED,
    smsGateway: e.SMS_GATEWAY,
    sms: smsSettings(e),
    carrierGateway: e.CARRIER_GATEWAY,
    carrier: {
      onelink: { baseUrl: e.ONELINK_BASE_URL, appId: e.ONELINK_APP_ID, password: e.ONELINK_PASSWORD },
      jasper: { baseUrl: e.JASPER_BASE_URL, username: e.JASPER_USERNAME, apiKey: e.JASPER_API_KEY },
    },
    uploadDir: resolve(e.UPLOAD_DIR),
    wechat: {
      appId: e.WECHAT_APP_ID,
      appSecret: e.WECHAT_APP_SECRET,
      jsapiTicket: e.WECHAT_JSAPI_TICKET,
      gateway: e.WECHAT_GATEWAY,
    },
    metricsToken: e.METRICS_TOKEN,
    jobs: { minLeaseMs: e.JOBS_MIN_LEASE_MS, intervalMs: e.JOBS_INTERVAL_MS },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    gatewayTimeoutMs: e.GATEWAY_TIMEOUT_MS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
  };
}

export function webDistExists(config: AppConfig): boolean {
  return existsSync(resolve(config.webDist, 'index.html'));
}
