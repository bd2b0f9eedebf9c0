/**
 * `providers check` against the providers' fakes (SMS, payment, carrier): no database is involved, the
 * command reads only the configuration and calls each configured provider once.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.js';
import { ALIPAY_CHECK_ORDER_SN } from '../gateways/payment/alipay.js';
import { WECHATPAY_CHECK_ORDER_SN } from '../gateways/payment/wechatpay.js';
import { type FakeAlipay, startFakeAlipay } from '../test/fakes/alipay.js';
import { FakeAliyunSms } from '../test/fakes/aliyun-sms.js';
import { type JasperFake, startJasperFake } from '../test/fakes/jasper.js';
import { type OnelinkFake, startOnelinkFake } from '../test/fakes/onelink.js';
import { FakeTencentSms } from '../test/fakes/tencent-sms.js';
import { startWechatPayFake, type WechatPayFake } from '../test/fakes/wechatpay.js';
import { testConfig } from '../test/harness.js';
import { runCli } from './commands.js';
import { EXIT } from './types.js';

async function check(overrides: Partial<AppConfig>, ...argv: string[]) {
  const sink = { out: '', err: '' };
  const config = testConfig({ kind: 'sqlite', file: ':memory:' }, { gatewayTimeoutMs: 2_000, ...overrides });
  const unused = () => Promise.reject(new Error('providers check needs no database'));
  const code = await runCli(argv.length > 0 ? argv : ['providers', 'check'], {
    out: (text) => {
      sink.out += text;
    },
    err: (text) => {
      sink.err += text;
    },
    progress: false,
    config: () => config,
    withDb: unused,
    withApp: unused,
  });
  return { code, ...sink };
}

let aliyun: FakeAliyunSms;
let tencent: FakeTencentSms;
let wechatpay: WechatPayFake;
let alipay: FakeAlipay;
let onelink: OnelinkFake;
let jasper: JasperFake;
const dir = mkdtempSync(join(tmpdir(), 'haoka-providers-check-'));
beforeAll(async () => {
  [aliyun, tencent, wechatpay, alipay, onelink, jasper] = await Promise.all([
    FakeAliyunSms.start(),
    FakeTencentSms.start(),
    startWechatPayFake(),
    startFakeAlipay(dir),
    startOnelinkFake(),
    startJasperFake(),
  ]);
});
afterAll(async () => {
  await Promise.all([
    aliyun?.close(),
    tencent?.close(),
    wechatpay?.close(),
    alipay?.close(),
    onelink?.close(),
    jasper?.close(),
  ]);
  rmSync(dir, { recursive: true, force: true });
});

/** An RSA key the providers do not know, as a PEM file: a wrong private key, or a wrong provider key. */
function strangerKey(name: string, half: 'private' | 'public'): string {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = join(dir, name);
  writeFileSync(
    file,
    half === 'private'
      ? pair.privateKey.export({ type: 'pkcs8', format: 'pem' })
      : pair.publicKey.export({ type: 'spki', format: 'pem' }),
  );
  return file;
}

const aliyunConfig = (secret?: string): Partial<AppConfig> => ({
  smsGateway: 'aliyun',
  sms: {
    templates: aliyun.templates,
    aliyun: {
      accessKeyId: aliyun.accessKeyId,
      accessKeySecret: secret ?? aliyun.accessKeySecret,
      signName: aliyun.signName,
      endpoint: aliyun.url,
    },
  },
});
const tencentConfig = (secret?: string): Partial<AppConfig> => ({
  smsGateway: 'tencent',
  sms: {
    templates: tencent.templates,
    tencent: {
      secretId: tencent.secretId,
      secretKey: secret ?? tencent.secretKey,
      appId: tencent.appId,
      signName: tencent.signName,
      endpoint: tencent.url,
      region: 'ap-guangzhou',
    },
  },
});

const wechatConfig = (change: { privateKeyFile?: string; publicKeyFile?: string } = {}): Partial<AppConfig> => ({
  smsGateway: 'outbox',
  paymentProviders: ['sandbox', 'wechat'],
  wechatPay: { ...wechatpay.config(), ...change },
});
const alipayConfig = (privateKeyFile?: string, publicKeyFile?: string): Partial<AppConfig> => ({
  smsGateway: 'outbox',
  paymentProviders: ['alipay'],
  alipay: {
    appId: alipay.appId,
    privateKeyFile: privateKeyFile ?? alipay.privateKeyFile,
    publicKeyFile: publicKeyFile ?? alipay.publicKeyFile,
    gateway: alipay.gateway,
  },
});
const onelinkConfig = (password?: string): Partial<AppConfig> => ({
  smsGateway: 'outbox',
  carrierGateway: 'onelink',
  carrier: { onelink: { baseUrl: onelink.url, appId: onelink.appId, password: password ?? onelink.password } },
});
const jasperConfig = (apiKey?: string): Partial<AppConfig> => ({
  smsGateway: 'outbox',
  carrierGateway: 'jasper',
  carrier: { jasper: { baseUrl: jasper.url, username: jasper.username, apiKey: apiKey ?? jasper.apiKey } },
});

describe('providers check', () => {
  it('with only the built-in stand-ins there is nothing to call', async () => {
    expect(await check({ smsGateway: 'outbox' })).toEqual({
      code: EXIT.ok,
      out: 'no outside provider is configured (the built-in stand-ins need no check)\n',
      err: '',
    });
  });

  it("Aliyun: QuerySendStatistics answers ok; a wrong secret gets Aliyun's signature error and exit code 1", async () => {
    expect(await check(aliyunConfig())).toEqual({ code: EXIT.ok, out: 'sms aliyun: ok\n', err: '' });
    expect(aliyun.calls.at(-1)).toBe('QuerySendStatistics');
    const wrong = await check(aliyunConfig('not-the-secret'));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^sms aliyun: failed: .*SignatureDoesNotMatch/);
    expect(aliyun.messages).toEqual([]);
  });

  it("Tencent: DescribeSmsSignList answers ok; a wrong secret gets Tencent's signature error and exit code 1", async () => {
    expect(await check(tencentConfig())).toEqual({ code: EXIT.ok, out: 'sms tencent: ok\n', err: '' });
    expect(tencent.calls.at(-1)).toBe('DescribeSmsSignList');
    const wrong = await check(tencentConfig('not-the-secret'));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^sms tencent: failed: .*AuthFailure\.SignatureFailure/);
    expect(tencent.messages).toEqual([]);
  });

  it("WeChat Pay: the signed ORDER_NOT_EXIST is ok; a wrong merchant key gets WeChat's SIGN_ERROR", async () => {
    expect(await check(wechatConfig())).toEqual({ code: EXIT.ok, out: 'payment wechat: ok\n', err: '' });
    expect(wechatpay.requests.at(-1)).toEqual({
      method: 'GET',
      path: `/v3/pay/transactions/out-trade-no/${WECHATPAY_CHECK_ORDER_SN}`,
      status: 404,
    });
    const wrong = await check(wechatConfig({ privateKeyFile: strangerKey('wechat-merchant.pem', 'private') }));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^payment wechat: failed: .*401 SIGN_ERROR/);
    expect(wechatpay.orders.size).toBe(0);
  });

  it("WeChat Pay: an answer that WeChat's configured public key does not verify fails the check", async () => {
    const wrong = await check(wechatConfig({ publicKeyFile: strangerKey('wechat-public.pem', 'public') }));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^payment wechat: failed: .*bad signature/);
  });

  it("Alipay: the signed ACQ.TRADE_NOT_EXIST is ok; a wrong app key gets Alipay's isv.invalid-signature", async () => {
    expect(await check(alipayConfig())).toEqual({ code: EXIT.ok, out: 'payment alipay: ok\n', err: '' });
    expect(alipay.requests.at(-1)).toEqual({ method: 'alipay.trade.query', signatureOk: true });
    expect(alipay.trades.has(ALIPAY_CHECK_ORDER_SN)).toBe(false);
    const wrong = await check(alipayConfig(strangerKey('alipay-app.pem', 'private')));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^payment alipay: failed: .*isv\.invalid-signature/);
  });

  it("Alipay: an answer that Alipay's configured public key does not verify fails the check", async () => {
    const wrong = await check(alipayConfig(undefined, strangerKey('alipay-public.pem', 'public')));
    expect(wrong.code).toBe(EXIT.failure);
    // The SDK's own refusal of the answer's signature (验签失败), not Alipay's answer read as ok.
    expect(wrong.out).toMatch(/^payment alipay: failed: alipay: alipay\.trade\.query failed: 验签失败/);
  });

  it("OneLink: a token is ok; a wrong password gets the platform's own status", async () => {
    expect(await check(onelinkConfig())).toEqual({ code: EXIT.ok, out: 'carrier onelink: ok\n', err: '' });
    expect(onelink.calls.at(-1)?.path).toBe('/v5/ec/get/token');
    const wrong = await check(onelinkConfig('not-the-password'));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^carrier onelink: failed: .*12002/);
  });

  it("Jasper: one page of changed devices is ok; a wrong API key gets Control Center's 401 code", async () => {
    expect(await check(jasperConfig())).toEqual({ code: EXIT.ok, out: 'carrier jasper: ok\n', err: '' });
    expect(jasper.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/rws/api/v1/devices',
      query: { pageSize: '1', modifiedSince: expect.any(String) },
    });
    const wrong = await check(jasperConfig('not-the-api-key'));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^carrier jasper: failed: .*10000001 Invalid credentials/);
  });

  it('every configured provider gets its line, and one failure fails the run', async () => {
    const run = await check({
      ...aliyunConfig(),
      paymentProviders: ['sandbox', 'wechat', 'alipay'],
      wechatPay: wechatpay.config(),
      alipay: alipayConfig().alipay,
      ...jasperConfig('not-the-api-key'),
      smsGateway: 'aliyun',
    });
    expect(run.code).toBe(EXIT.failure);
    expect(run.out.split('\n').map((line) => line.replace(/: failed: .*/, ': failed'))).toEqual([
      'sms aliyun: ok',
      'payment wechat: ok',
      'payment alipay: ok',
      'carrier jasper: failed',
      '',
    ]);
  });

  it('a provider that does not answer fails the check within GATEWAY_TIMEOUT_MS', async () => {
    tencent.stall = true;
    try {
      const run = await check({ ...tencentConfig(), gatewayTimeoutMs: 300 });
      expect(run).toMatchObject({ code: EXIT.failure, out: expect.stringMatching(/^sms tencent: failed: .*timeout/) });
    } finally {
      tencent.stall = false;
    }
  });

  it('a payment provider that does not answer fails the check within GATEWAY_TIMEOUT_MS', async () => {
    wechatpay.delayMs = 2_000;
    alipay.stalled = true;
    try {
      const run = await check({
        ...wechatConfig(),
        paymentProviders: ['wechat', 'alipay'],
        alipay: alipayConfig().alipay,
        gatewayTimeoutMs: 300,
      });
      expect(run.code).toBe(EXIT.failure);
      expect(run.out).toMatch(/^payment wechat: failed: .*timeout\npayment alipay: failed: .*\n$/);
    } finally {
      wechatpay.delayMs = 0;
      alipay.stalled = false;
    }
  });

  it('anything but "check" is a usage error', async () => {
    expect((await check({}, 'providers', 'list')).code).toBe(EXIT.usage);
  });
});
