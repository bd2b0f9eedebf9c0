/**
 * The Aliyun and Tencent SMS adapters against their fakes (test/fakes): the app is built with
 * SMS_GATEWAY=aliyun|tencent pointed at a fake that checks every signature as the provider does. Codes
 * are read from the fake, as from the outbox elsewhere; every refusal reaches the shopper as the SPEC's
 * SMS error (never a 500) and is logged with the provider's code, never with a credential.
 */
import { orderApi } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { callApp, testCards } from '../../test/cards.js';
import { FakeAliyunSms } from '../../test/fakes/aliyun-sms.js';
import { FakeTencentSms } from '../../test/fakes/tencent-sms.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

const SMS_SEND_FAILED = {
  code: -1,
  message: REASONS.smsSendFailed.zh,
  reason: 'smsSendFailed',
  data: null,
};

/** What the tests need of either fake. */
interface SmsFake {
  url: string;
  templates: Record<'login' | 'order' | 'payPassword' | 'bindMobile' | 'alert' | 'cardAlert', string>;
  messages: { phone: string; template: string; params: unknown }[];
  calls: string[];
  stall: boolean;
  refuseNextSend(code: string): void;
  lastCode(mobile: string): string | undefined;
  close(): Promise<void>;
}

interface ProviderCase {
  kind: 'aliyun' | 'tencent';
  start(): Promise<SmsFake>;
  /** The app's settings for the fake, with the right secret or a wrong one. */
  settings(fake: SmsFake, secret?: string): Pick<AppConfig, 'smsGateway' | 'sms'>;
  secretOf(fake: SmsFake): string;
  /** The phone as the provider records it. */
  phone(mobile: string): string;
  refusals: string[];
  signatureError: string;
}

const CASES: ProviderCase[] = [
  {
    kind: 'aliyun',
    start: () => FakeAliyunSms.start(),
    settings: (fake, secret) => {
      const f = fake as FakeAliyunSms;
      return {
        smsGateway: 'aliyun',
        sms: {
          templates: f.templates,
          aliyun: {
            accessKeyId: f.accessKeyId,
            accessKeySecret: secret ?? f.accessKeySecret,
            signName: f.signName,
            endpoint: f.url,
          },
        },
      };
    },
    secretOf: (fake) => (fake as FakeAliyunSms).accessKeySecret,
    phone: (mobile) => mobile,
    refusals: [
      'isv.BUSINESS_LIMIT_CONTROL',
      'isv.DAY_LIMIT_CONTROL',
      'isv.MOBILE_NUMBER_ILLEGAL',
      'isv.SMS_TEMPLATE_ILLEGAL',
    ],
    signatureError: 'SignatureDoesNotMatch',
  },
  {
    kind: 'tencent',
    start: () => FakeTencentSms.start(),
    settings: (fake, secret) => {
      const f = fake as FakeTencentSms;
      return {
        smsGateway: 'tencent',
        sms: {
          templates: f.templates,
          tencent: {
            secretId: f.secretId,
            secretKey: secret ?? f.secretKey,
            appId: f.appId,
            signName: f.signName,
            endpoint: f.url,
            region: 'ap-guangzhou',
          },
        },
      };
    },
    secretOf: (fake) => (fake as FakeTencentSms).secretKey,
    phone: (mobile) => `+86${mobile}`,
    refusals: [
      'LimitExceeded.PhoneNumberDailyLimit',
      'FailedOperation.TemplateIncorrectOrUnapproved',
      'InvalidParameterValue.IncorrectPhoneNumber',
    ],
    signatureError: 'AuthFailure.SignatureFailure',
  },
];

let ipSeq = 0;
/** An address no other test has used, so the per-IP limit starts from zero. */
const freshIp = () => `10.90.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** The app over a fresh database, its log lines (info and up) kept for the test to read. */
async function appWith(config: Partial<AppConfig>): Promise<{ t: TestApp; lines: string[] }> {
  const lines: string[] = [];
  const t = await createTestApp({
    demo: false,
    // GATEWAY_TIMEOUT_MS: long enough for the fake on a busy machine, short for one that stalls.
    config: { logLevel: 'info', gatewayTimeoutMs: 2_000, ...config },
    logDestination: { write: (line: string) => lines.push(line) },
  });
  return { t, lines };
}

async function sendShopCode(t: TestApp, mobile: string, scene: 'login' | 'order' = 'login') {
  const res = await t.app.inject({
    method: 'POST',
    url: orderApi.sendShopCode.path,
    payload: { mobile, scene },
    headers: clientHeaders(),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { code: number; message: string; reason?: string; data: unknown };
}

const refusalLogged = (lines: string[], code: string) =>
  lines.some((line) => line.includes('sms gateway refused a code') && line.includes(`"code":"${code}"`));

describe.each(CASES)(`SMS_GATEWAY=$kind against its fake on ${TEST_DB}`, (provider) => {
  let fake: SmsFake;
  let t: TestApp;
  let lines: string[];
  let mobileSeq = 0;
  const freshMobile = () => `1371${provider.kind === 'aliyun' ? 1 : 2}00${String(++mobileSeq).padStart(4, '0')}`;
  const newCard = testCards(() => t, { subnet: 91 });

  beforeAll(async () => {
    fake = await provider.start();
    ({ t, lines } = await appWith(provider.settings(fake)));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a login code goes out through the provider, and the code read from it logs the shopper in', async () => {
    const mobile = freshMobile();
    expect(await sendShopCode(t, mobile)).toEqual({ code: 0, message: 'ok', data: { expireIn: 300, resendIn: 60 } });
    expect(fake.messages.at(-1)).toMatchObject({ phone: provider.phone(mobile), template: fake.templates.login });
    const code = fake.lastCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: orderApi.shopLogin.path,
      payload: { mobile, code, agreeProtocol: 1 },
      headers: clientHeaders(),
      remoteAddress: freshIp(),
    });
    expect(login.json()).toMatchObject({ code: 0, data: { sessionId: expect.any(String) } });
    // The dev outbox exists only for the outbox gateway.
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms-outbox?mobile=${mobile}`,
      headers: clientHeaders(),
    });
    expect(outbox.statusCode).toBe(404);
  });

  it('an order code uses the order template', async () => {
    const mobile = freshMobile();
    expect((await sendShopCode(t, mobile, 'order')).code).toBe(0);
    expect(fake.messages.at(-1)).toMatchObject({ phone: provider.phone(mobile), template: fake.templates.order });
  });

  it("a card's bindMobile code (POST /api/sms/send) arrives and binds the mobile", async () => {
    const card = await newCard();
    const mobile = freshMobile();
    expect(await callApp(t, card, 'POST', '/api/sms/send', { scene: 'bindMobile', mobile })).toMatchObject({ code: 0 });
    expect(fake.messages.at(-1)).toMatchObject({ phone: provider.phone(mobile), template: fake.templates.bindMobile });
    const bound = await callApp(t, card, 'POST', '/api/iot/simBindMobile', { mobile, code: fake.lastCode(mobile) });
    expect(bound).toMatchObject({ code: 0 });
  });

  it("a card's payPassword code goes to its bound mobile with the payPassword template", async () => {
    const mobile = freshMobile();
    const card = await newCard({ mobile });
    expect(await callApp(t, card, 'POST', '/api/sms/send', { scene: 'payPassword' })).toMatchObject({ code: 0 });
    expect(fake.messages.at(-1)).toMatchObject({ phone: provider.phone(mobile), template: fake.templates.payPassword });
    expect(fake.lastCode(mobile)).toMatch(/^\d{6}$/);
  });

  it('a notice goes out with the alert template and its parameters', async () => {
    const mobile = freshMobile();
    const params = { card: '0001', packageName: '月包', price: '19.90', endAt: '2026-03-31 23:59:59' };
    await t.app.ctx.sms.notify(mobile, 'renewFailed', params);
    const sent = fake.messages.at(-1);
    expect(sent).toMatchObject({ phone: provider.phone(mobile), template: fake.templates.alert });
    expect(sent?.params).toEqual(provider.kind === 'aliyun' ? params : Object.values(params));
  });

  it("a card alert goes out with its own template, whose variables are not the renewal notice's", async () => {
    const mobile = freshMobile();
    const params = { card: '0001', kind: 'usage', value: '80%', period: '2026-03-31' };
    await t.app.ctx.sms.notify(mobile, 'cardAlert', params);
    const sent = fake.messages.at(-1);
    expect(sent).toMatchObject({ phone: provider.phone(mobile), template: fake.templates.cardAlert });
    expect(sent?.params).toEqual(provider.kind === 'aliyun' ? params : Object.values(params));
  });

  it('the provider refuses a notice whose parameters are not its template’s', async () => {
    const before = fake.messages.length;
    // The renewal notice's template has four other variables (Aliyun names them, Tencent counts them).
    await expect(t.app.ctx.sms.notify(freshMobile(), 'renewFailed', { card: '0001' })).rejects.toThrow();
    expect(fake.messages.length).toBe(before);
  });

  it.each(provider.refusals)(
    'a provider refusal %s answers the SMS error, logs its code and keeps no code',
    async (code) => {
      const mobile = freshMobile();
      fake.refuseNextSend(code);
      expect(await sendShopCode(t, mobile)).toEqual(SMS_SEND_FAILED);
      expect(refusalLogged(lines, code), lines.slice(-5).join('')).toBe(true);
      const rows = await t.database.handle.db
        .selectFrom('sms_codes')
        .selectAll()
        .where('mobile', '=', mobile)
        .execute();
      expect(rows).toEqual([]);
      // Nothing was sent, so the shopper may ask again at once, and that one goes out.
      expect((await sendShopCode(t, mobile)).code).toBe(0);
      expect(fake.lastCode(mobile)).toMatch(/^\d{6}$/);
    },
  );

  it('a provider that does not answer within GATEWAY_TIMEOUT_MS: the SMS error, once (no retry)', async () => {
    const mobile = freshMobile();
    const calls = fake.calls.length;
    fake.stall = true;
    try {
      expect(await sendShopCode(t, mobile)).toEqual(SMS_SEND_FAILED);
    } finally {
      fake.stall = false;
    }
    // The stalled call was received (it may have been delivered): it is not sent again.
    expect(fake.calls.length).toBe(calls + 1);
    expect(
      refusalLogged(lines, 'timeout') || lines.some((l) => l.includes('no answer within')),
      lines.slice(-5).join(''),
    ).toBe(true);
  });

  it('no log line carries the secret or the signature', () => {
    const secret = provider.secretOf(fake);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(secret) || /Signature=/.test(line))).toEqual([]);
  });
});

describe.each(CASES)(`SMS_GATEWAY=$kind with a wrong secret on ${TEST_DB}`, (provider) => {
  let fake: SmsFake;
  let t: TestApp;
  let lines: string[];

  beforeAll(async () => {
    fake = await provider.start();
    ({ t, lines } = await appWith(provider.settings(fake, 'not-the-secret-0000000000')));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("the fake refuses the signature with the provider's error, and the shopper gets the SMS error", async () => {
    const mobile = `1372000${provider.kind === 'aliyun' ? 1 : 2}001`;
    expect(await sendShopCode(t, mobile)).toEqual(SMS_SEND_FAILED);
    expect(fake.calls).toEqual(['SendSms']);
    expect(fake.messages).toEqual([]);
    expect(refusalLogged(lines, provider.signatureError), lines.join('')).toBe(true);
  });
});

describe(`An SMS provider that cannot be reached on ${TEST_DB}`, () => {
  it('a refused connection is retried once (nothing reached the provider), then the SMS error', async () => {
    const fake = await FakeAliyunSms.start();
    const url = fake.url;
    await fake.close();
    const settings = CASES[0]?.settings(fake) ?? {};
    const { t, lines } = await appWith({
      ...settings,
      sms: { templates: fake.templates, aliyun: { ...settings.sms?.aliyun, endpoint: url } },
    });
    try {
      expect(await sendShopCode(t, '13720003001')).toEqual(SMS_SEND_FAILED);
      const attempts = lines.filter((l) => l.includes('"msg":"provider call failed"') && l.includes('ECONNREFUSED'));
      expect(attempts.map((l) => JSON.parse(l).attempt)).toEqual([1, 2]);
      expect(refusalLogged(lines, 'network')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
