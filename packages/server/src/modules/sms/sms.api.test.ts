import { type EndpointInput, ErrorCode, orderApi } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsGateway } from '../../gateways/sms/sms-gateway.js';
import { MemoryRateLimiter } from '../../http/rate-limit.js';
import { authorizeCard, createSession } from '../../http/sessions.js';
import { demoSimRow } from '../../seed/demo-iot-cards.js';
import { callEndpoint, malformed } from '../../test/call.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { verifySmsCode } from './service.js';

const SMS_TOO_FREQUENT = REASONS.smsTooFrequent.zh;
const SMS_CODE_REFUSED = REASONS.smsCodeInvalid.zh;
const SMS_CODE_BURNED = REASONS.smsCodeBurned.zh;

const clock = { t: Date.UTC(2026, 2, 1, 4, 0, 0) };
const limiter = new MemoryRateLimiter(() => clock.t);
let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ limiter });
});
afterAll(async () => {
  await t.close();
  await limiter.close();
});

let mobileSeq = 0;
/** A mobile no other test has used, so the per-mobile limits start from zero. */
const freshMobile = () => `1380000${String(++mobileSeq).padStart(4, '0')}`;
let ipSeq = 0;
/** An address no other test has used, so the per-IP limit starts from zero. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

type ShopCodeInput = EndpointInput<typeof orderApi.sendShopCode>;

/** sendCode from an address of its own unless one is named (the per-IP limit stays out of the way). */
const shopCode = (input: ShopCodeInput, app: TestApp = t, ip = freshIp()) =>
  callEndpoint(app, orderApi.sendShopCode, input, { remoteAddress: ip });

const sendCode = (mobile: string, scene: ShopCodeInput['scene'] = 'login', ip = freshIp()) =>
  shopCode({ mobile, scene }, t, ip);

const outbox = (mobile: string) => callEndpoint(t, orderApi.getSmsOutbox, { mobile });

/** The outbox route raw, for the apps where it must not exist (404). */
function outboxRaw(mobile: string, app: TestApp['app']) {
  return app.inject({ method: 'GET', url: `/api/dev/sms-outbox?mobile=${mobile}`, headers: clientHeaders() });
}

async function lastCode(mobile: string): Promise<string> {
  const [latest] = (await outbox(mobile)).data.list;
  expect(latest, `no code was sent to ${mobile}`).toBeDefined();
  return latest?.code ?? '';
}

const codeRows = (mobile: string) =>
  db().selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).orderBy('id').execute();

describe(`POST /api/hk/sendCode on ${TEST_DB}`, () => {
  it('answers the validity and resend times, and the outbox has the code', async () => {
    const mobile = freshMobile();
    expect(await sendCode(mobile)).toEqual({ code: 0, message: 'ok', data: { expireIn: 300, resendIn: 60 } });
    const body = await outbox(mobile);
    expect(body.code).toBe(0);
    expect(body.data.list).toHaveLength(1);
    expect(body.data.list[0]).toMatchObject({ mobile, scene: 'login' });
    expect(body.data.list[0]?.code).toMatch(/^\d{6}$/);
    expect(body.data.list[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('stores only a keyed hash of the code, valid 5 minutes', async () => {
    const mobile = freshMobile();
    const before = Date.now();
    await sendCode(mobile, 'order');
    const code = await lastCode(mobile);
    const [row] = await codeRows(mobile);
    expect(row).toMatchObject({ scene: 'order', attempts: 0, used_at: null });
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    expect(row!.expires_at - row!.created_at).toBe(300_000);
    expect(row!.created_at).toBeGreaterThanOrEqual(before);
  });

  it('refuses a bad mobile or scene naming the field', async () => {
    expect(await shopCode({ mobile: '23800000000', scene: 'login' })).toEqual({
      code: -1,
      message: '手机号格式不正确',
      reason: 'mobileInvalid',
      data: { field: 'mobile' },
    });
    expect(await shopCode(malformed({ mobile: freshMobile(), scene: 'payPassword' }))).toMatchObject({
      code: -1,
      data: { field: 'scene' },
    });
  });

  it('lists the latest 10 codes of the mobile, newest first', async () => {
    const mobile = freshMobile();
    const sent: string[] = [];
    for (let i = 0; i < 10; i++) {
      clock.t += 61_000;
      expect((await sendCode(mobile, i % 2 ? 'order' : 'login')).code).toBe(0);
      sent.push(await lastCode(mobile));
    }
    await db()
      .insertInto('sms_outbox')
      .values({ mobile, scene: 'login', code: '000000', created_at: Date.now() - 3600_000 })
      .execute();
    await db()
      .insertInto('sms_outbox')
      .values({ mobile: freshMobile(), scene: 'login', code: '111111', created_at: Date.now() })
      .execute();
    const list = (await outbox(mobile)).data.list;
    expect(list).toHaveLength(10);
    expect(list[0]?.code).toBe('000000');
    expect(list.slice(1).map((r: { code: string }) => r.code)).toEqual(sent.slice(1).reverse());
  });
});

describe(`SMS rate limits on ${TEST_DB}`, () => {
  it('refuses a second code to the mobile for the same scene within 60 s with -1 发送太频繁', async () => {
    const mobile = freshMobile();
    expect((await sendCode(mobile, 'login')).code).toBe(0);
    const refused = { code: -1, message: SMS_TOO_FREQUENT, reason: 'smsTooFrequent', data: null };
    expect(await sendCode(mobile, 'login')).toEqual(refused);
    clock.t += 59_000;
    expect(await sendCode(mobile, 'login')).toEqual(refused);
    clock.t += 2_000;
    expect((await sendCode(mobile, 'login')).code).toBe(0);
    expect(await codeRows(mobile)).toHaveLength(2);
  });

  it('throttles each scene apart: ordering, then logging in to follow the order, within the same minute', async () => {
    const mobile = freshMobile();
    expect((await sendCode(mobile, 'order')).code).toBe(0);
    const orderCode = await lastCode(mobile);
    expect((await sendCode(mobile, 'login')).code).toBe(0);
    const loginCode = await lastCode(mobile);
    expect((await codeRows(mobile)).map((r) => r.scene)).toEqual(['order', 'login']);
    // Each code still verifies for its own scene only.
    await expect(verifySmsCode(db(), { mobile, scene: 'order', code: orderCode })).resolves.toBeUndefined();
    await expect(verifySmsCode(db(), { mobile, scene: 'login', code: loginCode })).resolves.toBeUndefined();
    // And each scene keeps its own 60-s wait.
    const refused = { code: -1, message: SMS_TOO_FREQUENT, reason: 'smsTooFrequent', data: null };
    expect(await sendCode(mobile, 'order')).toEqual(refused);
    expect(await sendCode(mobile, 'login')).toEqual(refused);
  });

  it('allows 10 codes a day to one mobile, the 11th is refused, the next day it sends again', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 10; i++) {
      clock.t += 61_000;
      expect((await sendCode(mobile)).code, `send ${i + 1}`).toBe(0);
    }
    clock.t += 61_000;
    expect(await sendCode(mobile)).toMatchObject({ code: -1, message: SMS_TOO_FREQUENT });
    expect(await codeRows(mobile)).toHaveLength(10);
    clock.t += 24 * 3600_000;
    expect((await sendCode(mobile)).code).toBe(0);
  });

  it('counts the 10 a day per mobile across the scenes', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 5; i++) {
      clock.t += 61_000;
      expect((await sendCode(mobile, 'order')).code, `order ${i + 1}`).toBe(0);
      expect((await sendCode(mobile, 'login')).code, `login ${i + 1}`).toBe(0);
    }
    clock.t += 61_000;
    expect(await sendCode(mobile, 'order')).toMatchObject({ code: -1, message: SMS_TOO_FREQUENT });
    expect(await sendCode(mobile, 'login')).toMatchObject({ code: -1, message: SMS_TOO_FREQUENT });
    expect(await codeRows(mobile)).toHaveLength(10);
  });

  it('allows 30 codes a day from one IP, the 31st is refused', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await sendCode(freshMobile(), 'login', ip)).code, `send ${i + 1}`).toBe(0);
    const mobile = freshMobile();
    expect(await sendCode(mobile, 'login', ip)).toMatchObject({ code: -1, message: SMS_TOO_FREQUENT });
    expect(await codeRows(mobile)).toHaveLength(0);
    expect((await sendCode(mobile, 'login', freshIp())).code).toBe(0);
  });

  it('lets exactly one of concurrent sends to one mobile through', async () => {
    const mobile = freshMobile();
    const bodies = await Promise.all(Array.from({ length: 8 }, () => sendCode(mobile)));
    expect(bodies.filter((b) => b.code === 0)).toHaveLength(1);
    expect(await codeRows(mobile)).toHaveLength(1);
  });
});

describe(`verifySmsCode on ${TEST_DB}`, () => {
  async function sent(scene: 'login' | 'order' = 'order') {
    const mobile = freshMobile();
    expect((await sendCode(mobile, scene)).code).toBe(0);
    return { mobile, code: await lastCode(mobile) };
  }
  const refused = (promise: Promise<void>) =>
    expect(promise).rejects.toMatchObject({ code: -1, message: SMS_CODE_REFUSED });
  /** A used or exhausted code: the refusal tells to get a new one. */
  const burned = (promise: Promise<void>) =>
    expect(promise).rejects.toMatchObject({ code: -1, message: SMS_CODE_BURNED });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('accepts the right code once', async () => {
    const { mobile, code } = await sent();
    await expect(verifySmsCode(db(), { mobile, scene: 'order', code })).resolves.toBeUndefined();
    await burned(verifySmsCode(db(), { mobile, scene: 'order', code }));
    expect((await codeRows(mobile))[0]?.used_at).not.toBeNull();
  });

  it('refuses the code of another scene or another mobile', async () => {
    const { mobile, code } = await sent('order');
    await refused(verifySmsCode(db(), { mobile, scene: 'login', code }));
    await refused(verifySmsCode(db(), { mobile: freshMobile(), scene: 'order', code }));
    await expect(verifySmsCode(db(), { mobile, scene: 'order', code })).resolves.toBeUndefined();
  });

  it('after 4 wrong tries the right code still works', async () => {
    const { mobile, code } = await sent();
    for (let i = 0; i < 4; i++) await refused(verifySmsCode(db(), { mobile, scene: 'order', code: wrong(code) }));
    expect((await codeRows(mobile))[0]?.attempts).toBe(4);
    await expect(verifySmsCode(db(), { mobile, scene: 'order', code })).resolves.toBeUndefined();
  });

  it('the 5th wrong try invalidates the code: the right one is refused afterwards', async () => {
    const { mobile, code } = await sent();
    for (let i = 0; i < 4; i++) await refused(verifySmsCode(db(), { mobile, scene: 'order', code: wrong(code) }));
    await burned(verifySmsCode(db(), { mobile, scene: 'order', code: wrong(code) }));
    await burned(verifySmsCode(db(), { mobile, scene: 'order', code }));
    expect((await codeRows(mobile))[0]).toMatchObject({ attempts: 5, used_at: null });
  });

  it('concurrent wrong tries never count past 5', async () => {
    const { mobile, code } = await sent();
    const tries = Array.from({ length: 12 }, () => verifySmsCode(db(), { mobile, scene: 'order', code: wrong(code) }));
    const results = await Promise.allSettled(tries);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect((await codeRows(mobile))[0]?.attempts).toBe(5);
    await burned(verifySmsCode(db(), { mobile, scene: 'order', code }));
  });

  it('refuses an expired code', async () => {
    const { mobile, code } = await sent();
    await db()
      .updateTable('sms_codes')
      .set({ created_at: Date.now() - 301_000, expires_at: Date.now() - 1_000 })
      .where('mobile', '=', mobile)
      .execute();
    await refused(verifySmsCode(db(), { mobile, scene: 'order', code }));
  });

  it('a newer code supersedes the older one', async () => {
    const { mobile, code: first } = await sent();
    clock.t += 61_000;
    expect((await sendCode(mobile, 'order')).code).toBe(0);
    const second = await lastCode(mobile);
    if (first !== second) await refused(verifySmsCode(db(), { mobile, scene: 'order', code: first }));
    await expect(verifySmsCode(db(), { mobile, scene: 'order', code: second })).resolves.toBeUndefined();
  });

  it('one code verifies exactly once under 10 concurrent calls', async () => {
    const { mobile, code } = await sent();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => verifySmsCode(db(), { mobile, scene: 'order', code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: -1, message: SMS_CODE_BURNED });
    }
  });

  it('refuses when no code was ever sent', async () => {
    await refused(verifySmsCode(db(), { mobile: freshMobile(), scene: 'order', code: '123456' }));
  });
});

describe(`POST /api/sms/send on ${TEST_DB}`, () => {
  // A session holds only cards that exist: the binding loads the card it names.
  beforeAll(async () => {
    const row = demoSimRow(Date.now(), {
      sim_no: '89860000000000000001',
      iccid: '89870000000000000001',
      operator_type: 1,
    });
    await db().insertInto('sims').values(row).execute();
  });
  async function cardHeaders(simNo = '89860000000000000001') {
    const sessionId = await createSession(db(), {});
    await authorizeCard(db(), sessionId, simNo);
    return clientHeaders({ 'session-id': sessionId, 'sim-no': simNo });
  }
  const sendSim = (input: EndpointInput<typeof orderApi.sendSimCode>, headers: Record<string, string>) =>
    callEndpoint(t, orderApi.sendSimCode, input, { as: headers, remoteAddress: freshIp() });

  it('bindMobile sends a code to the given mobile and answers it masked', async () => {
    const mobile = freshMobile();
    expect(await sendSim({ scene: 'bindMobile', mobile }, await cardHeaders())).toEqual({
      code: 0,
      message: 'ok',
      data: { expireIn: 300, resendIn: 60, maskedMobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}` },
    });
    expect((await codeRows(mobile))[0]?.scene).toBe('bindMobile');
    const code = await lastCode(mobile);
    await expect(verifySmsCode(db(), { mobile, scene: 'bindMobile', code })).resolves.toBeUndefined();
  });

  it('has its own 60-s wait, and shares the per-mobile day limit with the shop scenes', async () => {
    const mobile = freshMobile();
    expect((await sendCode(mobile)).code).toBe(0);
    expect((await sendSim({ scene: 'bindMobile', mobile }, await cardHeaders())).code).toBe(0);
    expect(await sendSim({ scene: 'bindMobile', mobile }, await cardHeaders())).toMatchObject({
      code: -1,
      message: SMS_TOO_FREQUENT,
    });
    for (let i = 0; i < 8; i++) {
      clock.t += 61_000;
      expect((await sendCode(mobile)).code, `login ${i + 1}`).toBe(0);
    }
    clock.t += 61_000;
    expect(await sendSim({ scene: 'bindMobile', mobile }, await cardHeaders())).toMatchObject({
      code: -1,
      message: SMS_TOO_FREQUENT,
    });
  });

  it('bindMobile without a mobile → -1 naming the field', async () => {
    expect(await sendSim({ scene: 'bindMobile' }, await cardHeaders())).toEqual({
      code: -1,
      message: '请输入手机号',
      reason: 'mobileRequired',
      data: { field: 'mobile' },
    });
  });

  it('without a card session → 34061', async () => {
    const mobile = freshMobile();
    const body = await sendSim({ scene: 'bindMobile', mobile }, clientHeaders({ 'sim-no': '89860000000000000001' }));
    expect(body.code).toBe(ErrorCode.SIM_LOGIN_TIMEOUT);
    const other = await sendSim({ scene: 'bindMobile', mobile }, { ...(await cardHeaders()), 'sim-no': '89869999' });
    expect(other.code).toBe(ErrorCode.SIM_LOGIN_TIMEOUT);
    expect(await codeRows(mobile)).toHaveLength(0);
  });

  it("payPassword sends to the card's own bound mobile, whatever mobile the caller names", async () => {
    // Demo card 1440312345601 has 13800138001 bound.
    const sessionId = await createSession(db(), {});
    await authorizeCard(db(), sessionId, '1440312345601');
    const headers = clientHeaders({ 'session-id': sessionId, 'sim-no': '1440312345601' });
    const body = await sendSim({ scene: 'payPassword', mobile: '13900000000' }, headers);
    expect(body).toMatchObject({ code: 0, data: { maskedMobile: '138****8001' } });
    expect((await codeRows('13800138001'))[0]?.scene).toBe('payPassword');
    expect(await codeRows('13900000000')).toHaveLength(0);
  });

  it('payPassword → 41002 bindPhone when the card has no bound mobile', async () => {
    expect(await sendSim({ scene: 'payPassword' }, await cardHeaders())).toEqual({
      code: ErrorCode.PRECONDITION_REQUIRED,
      message: '请先绑定手机号',
      reason: 'bindPhoneFirst',
      data: { action: 'bindPhone', message: '请先绑定手机号' },
    });
  });
});

describe(`SMS gateways on ${TEST_DB}`, () => {
  /** Records what a provider would send; `failing` makes it refuse. */
  class RecordingGateway implements SmsGateway {
    readonly name = 'recording';
    failing = false;
    /** Never answers (a provider that timed out). */
    silent = false;
    sent: { mobile: string; scene: string; code: string }[] = [];
    async send(mobile: string, scene: string, code: string) {
      if (this.failing) throw new Error('provider down');
      if (this.silent) return new Promise<void>(() => {});
      this.sent.push({ mobile, scene, code });
    }
    async notify() {}
  }
  const provider = new RecordingGateway();
  let other: TestApp;
  beforeAll(async () => {
    // GATEWAY_TIMEOUT_MS: long enough for a provider that answers on a busy machine, short for a silent one.
    other = await createTestApp({ gateways: { sms: provider }, demo: false, config: { gatewayTimeoutMs: 2_000 } });
  });
  afterAll(() => other.close());

  it('with another gateway the code goes through it and the dev outbox does not exist', async () => {
    const mobile = freshMobile();
    expect((await shopCode({ mobile, scene: 'login' }, other)).code).toBe(0);
    expect(provider.sent).toEqual([{ mobile, scene: 'login', code: expect.stringMatching(/^\d{6}$/) }]);
    const res = await outboxRaw(mobile, other.app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: '接口不存在', reason: 'apiNotFound', data: null });
    const stored = await other.database.handle.db.selectFrom('sms_outbox').selectAll().execute();
    expect(stored).toEqual([]);
  });

  it('a refused send answers -1, keeps no code and allows an immediate resend', async () => {
    const mobile = freshMobile();
    provider.failing = true;
    expect(await shopCode({ mobile, scene: 'login' }, other)).toEqual({
      code: -1,
      message: '短信发送失败，请稍后再试',
      reason: 'smsSendFailed',
      data: null,
    });
    const rows = () =>
      other.database.handle.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).execute();
    expect(await rows()).toHaveLength(0);
    provider.failing = false;
    expect((await shopCode({ mobile, scene: 'login' }, other)).code).toBe(0);
    expect(await rows()).toHaveLength(1);
  });

  it('a provider that does not answer within GATEWAY_TIMEOUT_MS: the same refusal, no code kept (issue 18)', async () => {
    const mobile = freshMobile();
    provider.silent = true;
    try {
      expect(await shopCode({ mobile, scene: 'login' }, other)).toEqual({
        code: -1,
        message: '短信发送失败，请稍后再试',
        reason: 'smsSendFailed',
        data: null,
      });
    } finally {
      provider.silent = false;
    }
    expect(
      await other.database.handle.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).execute(),
    ).toHaveLength(0);
    expect((await shopCode({ mobile, scene: 'login' }, other)).code).toBe(0);
  });

  it('in production the outbox gateway does not expose the dev outbox', async () => {
    const prod = await createTestApp({ config: { env: 'production' }, demo: false });
    try {
      expect((await outboxRaw(freshMobile(), prod.app)).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
