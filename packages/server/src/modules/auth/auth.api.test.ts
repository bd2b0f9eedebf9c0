import { type EndpointInput, orderApi } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../http/rate-limit.js';
import { findSession } from '../../http/session-repository.js';
import { authorizeCard, createSession, useCard } from '../../http/sessions.js';
import { encryptPersonal, lookupHash } from '../../lib/personal-data.js';
import { LOGIN_PROTOCOL, loginProtocol } from '../../seed/protocols.js';
import { endpointCaller, malformed } from '../../test/call.js';
import { shopOrderRow } from '../../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { putSetting } from '../site/repository.js';
import { DEFAULT_GENERIC } from '../site/service.js';

const LOGIN_TOO_MANY = REASONS.loginTooMany.zh;
const NO_ORDER_OF_MOBILE = REASONS.noOrderOfMobile.zh;
const SMS_CODE_BURNED = REASONS.smsCodeBurned.zh;

const clock = { t: Date.UTC(2026, 2, 1, 4, 0, 0) };
const limiter = new MemoryRateLimiter(() => clock.t);
let t: TestApp;
const db = () => t.database.handle.db;
const AVATAR = 'https://cdn.example.com/login-avatar.png';
const ORDER_SESSION = 'b'.repeat(32);

beforeAll(async () => {
  t = await createTestApp({ limiter });
  await setMode(1);
});
afterAll(async () => {
  await t.close();
  await limiter.close();
});

async function setMode(orderQueryMode: 1 | 2) {
  await putSetting(db(), 'generic', { ...DEFAULT_GENERIC, orderQueryMode, loginAvatar: AVATAR });
}

let mobileSeq = 0;
const freshMobile = () => `1390000${String(++mobileSeq).padStart(4, '0')}`;
let ipSeq = 0;
const freshIp = () => `10.2.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const api = endpointCaller(() => t, { remoteAddress: () => freshIp() });

async function smsCodeFor(mobile: string): Promise<string> {
  expect((await api(orderApi.sendShopCode, { mobile, scene: 'login' })).code).toBe(0);
  const list = (await api(orderApi.getSmsOutbox, { mobile })).data.list;
  return String(list[0]?.code);
}

const login = (
  body: Omit<EndpointInput<typeof orderApi.shopLogin>, 'agreeProtocol'>,
  headers = clientHeaders(),
  ip = freshIp(),
) => api(orderApi.shopLogin, { agreeProtocol: 1, ...body }, headers, ip);

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`POST /api/shop/login by SMS code (orderQueryMode 1) on ${TEST_DB}`, () => {
  it('send → outbox → login answers a fresh session carrying the mobile', async () => {
    const mobile = freshMobile();
    const code = await smsCodeFor(mobile);
    const sent = await createSession(db(), {});
    const body = await login(
      { mobile, code },
      clientHeaders({ 'session-id': sent, 'order-session-id': ORDER_SESSION }),
    );
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: {
        sessionId: expect.stringMatching(/^[0-9a-f]{64}$/),
        user: {
          mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
          nickname: `用户${mobile.slice(7)}`,
          avatar: AVATAR,
        },
        isAgent: 0,
      },
    });
    const sessionId = body.data.sessionId as string;
    expect(sessionId).not.toBe(sent);
    const session = await findSession(db(), sessionId);
    expect(session).toMatchObject({ mobile, order_session_id: ORDER_SESSION });
    expect(session!.shopper_expires_at).toBeGreaterThan(Date.now());
    // The session id the client sent never becomes a logged-in session.
    expect(await findSession(db(), sent)).toBeUndefined();
  });

  it('issues a fresh session when none was sent, and each login a new one', async () => {
    const mobile = freshMobile();
    const first = await login({ mobile, code: await smsCodeFor(mobile) });
    clock.t += 61_000;
    const second = await login({ mobile, code: await smsCodeFor(mobile) });
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.data.sessionId).not.toBe(first.data.sessionId);
    expect((await findSession(db(), second.data.sessionId))?.mobile).toBe(mobile);
  });

  it('moves the card authorisations of the sent session to the new one', async () => {
    const mobile = freshMobile();
    const sent = await createSession(db(), { openId: 'open-id-1' });
    await authorizeCard(db(), sent, '89860000000000000042');
    const body = await login({ mobile, code: await smsCodeFor(mobile) }, clientHeaders({ 'session-id': sent }));
    const id = body.data.sessionId as string;
    expect(await useCard(db(), id, '89860000000000000042')).toBe(true);
    expect((await findSession(db(), id))?.open_id).toBe('open-id-1');
    expect(await useCard(db(), sent, '89860000000000000042')).toBe(false);
  });

  it('a code is used up by the login', async () => {
    const mobile = freshMobile();
    const code = await smsCodeFor(mobile);
    expect((await login({ mobile, code })).code).toBe(0);
    expect(await login({ mobile, code })).toEqual({
      code: -1,
      message: SMS_CODE_BURNED,
      reason: 'smsCodeBurned',
      data: null,
    });
  });

  it('5 wrong codes invalidate the right one, and the refusal says to get a new code', async () => {
    const mobile = freshMobile();
    const code = await smsCodeFor(mobile);
    for (let i = 0; i < 4; i++)
      expect((await login({ mobile, code: wrongOf(code) })).message).toBe('验证码错误或已过期');
    expect((await login({ mobile, code: wrongOf(code) })).message).toBe(SMS_CODE_BURNED);
    expect(await login({ mobile, code })).toEqual({
      code: -1,
      message: SMS_CODE_BURNED,
      reason: 'smsCodeBurned',
      data: null,
    });
  });

  it('refuses an expired code', async () => {
    const mobile = freshMobile();
    const code = await smsCodeFor(mobile);
    await db()
      .updateTable('sms_codes')
      .set({ created_at: Date.now() - 400_000, expires_at: Date.now() - 100_000 })
      .where('mobile', '=', mobile)
      .execute();
    expect(await login({ mobile, code })).toEqual({
      code: -1,
      message: '验证码错误或已过期',
      reason: 'smsCodeInvalid',
      data: null,
    });
  });

  it('refuses a code sent for the order scene', async () => {
    const mobile = freshMobile();
    expect((await api(orderApi.sendShopCode, { mobile, scene: 'order' })).code).toBe(0);
    const code = String((await api(orderApi.getSmsOutbox, { mobile })).data.list[0]?.code);
    expect((await login({ mobile, code })).message).toBe('验证码错误或已过期');
  });

  it('needs the code, and the agreement', async () => {
    expect(await login({ mobile: freshMobile() })).toEqual({
      code: -1,
      message: '请输入6位验证码',
      reason: 'smsCodeFormat',
      data: { field: 'code' },
    });
    const res = await api(orderApi.shopLogin, malformed({ mobile: freshMobile(), code: '123456' }));
    expect(res).toEqual({
      code: -1,
      message: '请先阅读并同意协议',
      reason: 'agreeProtocol',
      data: { field: 'agreeProtocol' },
    });
  });

  it('isAgent is 1 for the owner mobile of an enabled agent promoter', async () => {
    const mobile = freshMobile();
    const now = Date.now();
    await db()
      .insertInto('promoters')
      .values({
        code: `agent${mobileSeq}`,
        name: '测试代理',
        is_agent: 1,
        parent_code: null,
        owner_mobile: mobile,
        domain: '',
        invite_code: '',
        douyin_mp_im_id: '',
        kuaishou_mp_im_id: '',
        front_json: '{}',
        shop_menu_json: '[]',
        show_payment_type_json: '[]',
        enabled: 1,
        is_default: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await login({ mobile, code: await smsCodeFor(mobile) })).data.isAgent).toBe(1);
  });
});

describe(`login attempt limits on ${TEST_DB}`, () => {
  it('10 failures for a mobile lock it for 10 minutes, even with the right code', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 10; i++) {
      expect((await login({ mobile, code: '000000' })).message, `failure ${i + 1}`).toBe('验证码错误或已过期');
    }
    const code = await smsCodeFor(mobile);
    expect(await login({ mobile, code })).toEqual({
      code: -1,
      message: LOGIN_TOO_MANY,
      reason: 'loginTooMany',
      data: null,
    });
    clock.t += 9 * 60_000;
    expect((await login({ mobile, code })).message).toBe(LOGIN_TOO_MANY);
    // Refused before checking, so the code was not spent: it works once the 10 minutes are over.
    clock.t += 60_000;
    expect((await login({ mobile, code })).code).toBe(0);
  });

  it('a success clears the mobile counter', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 9; i++) expect((await login({ mobile, code: '000000' })).message).toBe('验证码错误或已过期');
    expect((await login({ mobile, code: await smsCodeFor(mobile) })).code).toBe(0);
    // The newest code is used up now: each try is told to get a new one.
    for (let i = 0; i < 10; i++) {
      expect((await login({ mobile, code: '000000' })).message, `failure ${i + 1}`).toBe(SMS_CODE_BURNED);
    }
    expect((await login({ mobile, code: '000000' })).message).toBe(LOGIN_TOO_MANY);
  });

  it('10 failures from one IP lock that IP, whatever the mobile', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await login({ mobile: freshMobile(), code: '000000' }, clientHeaders(), ip)).message).toBe(
        '验证码错误或已过期',
      );
    }
    const mobile = freshMobile();
    const code = await smsCodeFor(mobile);
    expect(await login({ mobile, code }, clientHeaders(), ip)).toEqual({
      code: -1,
      message: LOGIN_TOO_MANY,
      reason: 'loginTooMany',
      data: null,
    });
    expect((await login({ mobile, code }, clientHeaders(), freshIp())).code).toBe(0);
  });

  it('successes do not count against the IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) {
      const mobile = freshMobile();
      expect((await login({ mobile, code: await smsCodeFor(mobile) }, clientHeaders(), ip)).code).toBe(0);
    }
  });
});

function orderRow(mobile: string, idCard: string) {
  const now = Date.now();
  const sn = `SO${now}${String(++mobileSeq).padStart(6, '0')}`;
  return shopOrderRow({
    order_sn: sn.slice(0, 32),
    goods_id: 1,
    contact_mobile: mobile,
    id_card_enc: encryptPersonal(idCard),
    id_card_hmac: lookupHash('idcard', idCard),
    id_card_masked: `${idCard.slice(0, 6)}********${idCard.slice(-4)}`,
    id_card_last6_hmac: lookupHash('idcard-last6', idCard.slice(-6)),
    order_status: 1,
  });
}

describe(`POST /api/shop/login by ID suffix (orderQueryMode 2) on ${TEST_DB}`, () => {
  const ID_CARD = '11010119900307803X';
  beforeAll(() => setMode(2));
  afterAll(() => setMode(1));

  it('logs in with the last 6 of an order ID, in either case of X', async () => {
    const mobile = freshMobile();
    await db().insertInto('shop_orders').values(orderRow(mobile, ID_CARD)).execute();
    for (const idCardLast6 of ['07803X', '07803x']) {
      const body = await login({ mobile, idCardLast6 });
      expect(body.code, idCardLast6).toBe(0);
      expect((await findSession(db(), body.data.sessionId))?.mobile).toBe(mobile);
    }
  });

  it('without a matching order → -1 未查询到该手机号的订单', async () => {
    const mobile = freshMobile();
    await db().insertInto('shop_orders').values(orderRow(mobile, ID_CARD)).execute();
    const refused = { code: -1, message: NO_ORDER_OF_MOBILE, reason: 'noOrderOfMobile', data: null };
    expect(await login({ mobile, idCardLast6: '078030' })).toEqual(refused);
    expect(await login({ mobile: freshMobile(), idCardLast6: '07803X' })).toEqual(refused);
  });

  it('needs the ID suffix, not a code', async () => {
    expect(await login({ mobile: freshMobile(), code: '123456' })).toEqual({
      code: -1,
      message: '请输入身份证后6位',
      reason: 'idCardLast6Required',
      data: { field: 'idCardLast6' },
    });
  });

  it('counts wrong suffixes against the mobile', async () => {
    const mobile = freshMobile();
    await db().insertInto('shop_orders').values(orderRow(mobile, ID_CARD)).execute();
    for (let i = 0; i < 10; i++)
      expect((await login({ mobile, idCardLast6: `00000${i}` })).message).toBe(NO_ORDER_OF_MOBILE);
    expect((await login({ mobile, idCardLast6: '07123X' })).message).toBe(LOGIN_TOO_MANY);
  });
});

describe(`POST /api/shop/logout on ${TEST_DB}`, () => {
  let sessionId: string;
  beforeEach(async () => {
    const mobile = freshMobile();
    sessionId = (await login({ mobile, code: await smsCodeFor(mobile) })).data.sessionId;
  });

  it('removes the mobile from the session and keeps its cards', async () => {
    await authorizeCard(db(), sessionId, '89860000000000000077');
    const body = await api(orderApi.shopLogout, {}, clientHeaders({ 'session-id': sessionId }));
    expect(body).toEqual({ code: 0, message: 'ok', data: null });
    const session = await findSession(db(), sessionId);
    expect(session).toMatchObject({ mobile: null, shopper_expires_at: null });
    expect(await useCard(db(), sessionId, '89860000000000000077')).toBe(true);
  });

  it('answers 0 without a session or with an unknown one', async () => {
    expect(await api(orderApi.shopLogout, {})).toEqual({ code: 0, message: 'ok', data: null });
    const unknown = clientHeaders({ 'session-id': 'f'.repeat(64) });
    expect(await api(orderApi.shopLogout, {}, unknown)).toEqual({ code: 0, message: 'ok', data: null });
  });
});

describe(`GET /api/site/loginProtocol on ${TEST_DB}`, () => {
  it('answers the seeded agreement with its version as the day of its last edit', async () => {
    const body = await api(orderApi.getLoginProtocol, {});
    expect(body.code).toBe(0);
    expect(body.data).toEqual({
      title: LOGIN_PROTOCOL.title,
      content: LOGIN_PROTOCOL.content,
      version: expect.stringMatching(/^\d{8}$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(body.data.version).toBe(body.data.updatedAt.slice(0, 10).replaceAll('-', ''));
  });

  it('follows an edit, in Shanghai time', async () => {
    await db()
      .updateTable('questions')
      .set({ title: '新版用户协议', updated_at: Date.UTC(2026, 4, 31, 17, 30, 0) })
      .where('code', '=', 'login_protocol')
      .execute();
    const body = await api(orderApi.getLoginProtocol, {});
    expect(body.data).toMatchObject({ title: '新版用户协议', version: '20260601', updatedAt: '2026-06-01 01:30:00' });
  });

  it('the reference seeder keeps an existing agreement and restores a missing one', async () => {
    const seed = () =>
      db()
        .transaction()
        .execute((tx) => loginProtocol.run(tx, t.database.handle.dialect));
    await seed();
    const rows = () => db().selectFrom('questions').selectAll().where('code', '=', 'login_protocol').execute();
    expect((await rows()).map((r) => r.title)).toEqual(['新版用户协议']);
    await db().deleteFrom('questions').where('code', '=', 'login_protocol').execute();
    expect((await api(orderApi.getLoginProtocol, {})).message).toBe('内容不存在');
    await seed();
    expect((await rows()).map((r) => ({ title: r.title, category: r.category, enabled: r.enabled }))).toEqual([
      { title: LOGIN_PROTOCOL.title, category: 'article', enabled: 1 },
    ]);
  });
});
