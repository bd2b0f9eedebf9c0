import { scryptSync } from 'node:crypto';
import { cardCondition, iotCoreApi, orderApi, simInfo as simInfoSchema } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierGateway } from '../../gateways/carrier/carrier-gateway.js';
import type { OperatorState } from '../../gateways/carrier/operator-states.js';
import { SimulatedCarrier, simulatedDailyMb } from '../../gateways/carrier/simulated-carrier.js';
import { MemoryRateLimiter } from '../../http/rate-limit.js';
import { findSession } from '../../http/session-repository.js';
import { createSession } from '../../http/sessions.js';
import { formatDateTime } from '../../lib/time.js';
import {
  DEMO_BOUND_MOBILE,
  DEMO_CARD_PASSWORD,
  DEMO_DEVICE_NO,
  DEMO_SIM_LAYOUT,
  DEMO_SIMS,
  demoSimRow,
} from '../../seed/demo-iot-cards.js';
import { endpointCaller, malformed, refusalData } from '../../test/call.js';
import type { SimValues } from '../../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { hashCardPassword } from './card-password.js';

const LOGIN_TOO_MANY = REASONS.loginTooMany.zh;

const clock = { t: Date.UTC(2026, 2, 1, 4, 0, 0) };
const limiter = new MemoryRateLimiter(() => clock.t);
/** The simulator, or a refusal while `upstream.failing` is set (an unreachable operator platform). */
let simulator: SimulatedCarrier;
/** `report`: what the operator platform says of the card's state, in its own words, in place of the simulator. */
const upstream: { failing: boolean; silent?: boolean; report?: OperatorState | undefined } = { failing: false };
const down = () => Promise.reject(new Error('upstream down'));
const carrier: CarrierGateway = {
  name: 'test',
  syncSim: async (simNo, now) => {
    if (upstream.failing) return down();
    if (upstream.silent) return new Promise(() => {}); // an operator platform that never answers
    const synced = await simulator.syncSim(simNo, now);
    return upstream.report ? { ...synced, operatorState: upstream.report } : synced;
  },
  removeBreak: (simNo, ruleId) => (upstream.failing ? down() : simulator.removeBreak(simNo, ruleId)),
  resumeSim: (simNo) => (upstream.failing ? down() : simulator.resumeSim(simNo)),
  suspendSim: (simNo) => simulator.suspendSim(simNo),
  switchNet: (simNo, target) => simulator.switchNet(simNo, target),
  activatePackage: (simNo, activation) => simulator.activatePackage(simNo, activation),
  cancelPackage: (simNo, orderSn) => simulator.cancelPackage(simNo, orderSn),
  officialAuthEntry: (simNo, target, returnUrl) => simulator.officialAuthEntry(simNo, target, returnUrl),
  officialAuthState: (simNo, authSimNo) => simulator.officialAuthState(simNo, authSimNo),
  deviceCommand: (simNo, command) => simulator.deviceCommand(simNo, command),
  setSpeedProfile: (simNo, change) => simulator.setSpeedProfile(simNo, change),
};

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  // GATEWAY_TIMEOUT_MS: long enough for the simulator on a busy machine, short for a silent operator.
  t = await createTestApp({ limiter, gateways: { carrier }, config: { gatewayTimeoutMs: 2_000 } });
  simulator = new SimulatedCarrier(db());
});
afterAll(async () => {
  await t.close();
  await limiter.close();
});

let ipSeq = 0;
const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
let cardSeq = 0;

const api = endpointCaller(() => t, { remoteAddress: () => freshIp() });

const login = (simNo: string, extra: object = {}, headers = clientHeaders(), ip = freshIp()) =>
  api(iotCoreApi.simLogin, { simNo, agreeProtocol: 1, ...extra }, headers, ip);

const cardHeaders = (sessionId: string, simNo: string) => clientHeaders({ 'session-id': sessionId, 'sim-no': simNo });

/** Logs a card in with a fresh session and answers its request headers. */
async function loggedIn(simNo: string, extra: object = {}) {
  const body = await login(simNo, extra);
  expect(body.code, body.message).toBe(0);
  return cardHeaders(body.data.sessionId, simNo);
}

/** A new card of its own (tests that change state do not share one). */
async function newCard(values: SimValues = {}) {
  const n = String(++cardSeq).padStart(4, '0');
  const row = demoSimRow(Date.now(), {
    sim_no: `144099990${n}`,
    iccid: `898604201999990${n}0`,
    operator_type: 1,
    ...values,
  });
  const { id } = await db().insertInto('sims').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: Number(id), simNo: row.sim_no, iccid: row.iccid };
}

const simRow = (simNo: string) =>
  db().selectFrom('sims').selectAll().where('sim_no', '=', simNo).executeTakeFirstOrThrow();
const setSim = (simNo: string, values: SimValues) =>
  db().updateTable('sims').set(values).where('sim_no', '=', simNo).execute();

describe(`POST /api/simLogin on ${TEST_DB}`, () => {
  it.each([
    ['card number', DEMO_SIMS.normal, DEMO_SIMS.normal],
    ['ICCID', '89860420192012345601', DEMO_SIMS.normal],
    ['bound mobile', DEMO_BOUND_MOBILE, DEMO_SIMS.normal],
    ['device number', DEMO_DEVICE_NO, DEMO_SIMS.device],
  ])('logs in by the %s and answers the canonical card number', async (_kind, id, simNo) => {
    const body = await login(id);
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: {
        sessionId: expect.stringMatching(/^[0-9a-f]{64}$/),
        simNo,
        sourceType: simNo === DEMO_SIMS.device ? 2 : 1,
        operatorType: 1,
        cardPasswordMode: 0,
      },
    });
    expect((await api(iotCoreApi.getSimInfo, {}, cardHeaders(body.data.sessionId, simNo))).code).toBe(0);
  });

  it('refuses an unknown card and a disabled one', async () => {
    expect(await login('1440000000000')).toEqual({
      code: -1,
      message: '卡号不存在',
      reason: 'simNotFound',
      data: null,
    });
    const disabled = await newCard({ status: 0 });
    expect(await login(disabled.simNo)).toEqual({
      code: -1,
      message: '该卡已停用，请联系客服',
      reason: 'simDisabled',
      data: null,
    });
  });

  it('needs the agreement', async () => {
    const body = await api(iotCoreApi.simLogin, malformed({ simNo: DEMO_SIMS.normal }));
    expect(body).toMatchObject({ code: -1, data: { field: 'agreeProtocol' } });
  });

  it('adds a second card to the session it was sent, and both cards work', async () => {
    const first = await login(DEMO_SIMS.normal);
    const sessionId = first.data.sessionId as string;
    const second = await login(DEMO_SIMS.device, {}, clientHeaders({ 'session-id': sessionId }));
    expect(second.data.sessionId).toBe(sessionId);
    for (const simNo of [DEMO_SIMS.normal, DEMO_SIMS.device]) {
      const info = await api(iotCoreApi.getSimInfo, {}, cardHeaders(sessionId, simNo));
      expect(info.data.simNo).toBe(simNo);
    }
  });

  it('never adopts a session id the client made up', async () => {
    const madeUp = 'c'.repeat(64);
    const body = await login(DEMO_SIMS.normal, {}, clientHeaders({ 'session-id': madeUp }));
    expect(body.data.sessionId).not.toBe(madeUp);
    expect(await findSession(db(), madeUp)).toBeUndefined();
  });

  it('a card not in the session answers 34061 without data, even one of another session', async () => {
    const mine = await loggedIn(DEMO_SIMS.normal);
    const other = await loggedIn(DEMO_SIMS.coupon);
    const expected = { code: 34061, message: '登录超时，请重新登录！', reason: 'loginTimeout', data: null };
    expect(await api(iotCoreApi.getSimInfo, {}, { ...mine, 'sim-no': DEMO_SIMS.coupon })).toEqual(expected);
    expect(await api(iotCoreApi.getSimInfo, {}, { ...other, 'sim-no': DEMO_SIMS.normal })).toEqual(expected);
    expect(await api(iotCoreApi.refreshSim, { force: 1 }, { ...mine, 'sim-no': DEMO_SIMS.coupon })).toEqual(expected);
    const empty = await createSession(db(), {});
    expect(await api(iotCoreApi.getSimInfo, {}, cardHeaders(empty, DEMO_SIMS.normal))).toEqual(expected);
    expect(await api(iotCoreApi.getSimInfo, {}, clientHeaders({ 'sim-no': DEMO_SIMS.normal }))).toEqual(expected);
  });
});

describe(`card password mode on ${TEST_DB}`, () => {
  it('the demo card opens with its documented password', async () => {
    expect((await login(DEMO_SIMS.password)).code).toBe(41001);
    const body = await login(DEMO_SIMS.password, { password: DEMO_CARD_PASSWORD });
    expect(body.data).toMatchObject({ simNo: DEMO_SIMS.password, cardPasswordMode: 1 });
  });

  it('counts down remainTimes, locks for 30 minutes after the 5th wrong try, then opens again', async () => {
    const card = await newCard({ card_password_mode: 1, card_password_hash: await hashCardPassword('731905') });
    expect(await login(card.simNo)).toEqual({
      code: 41001,
      message: '请输入卡密码',
      reason: 'cardPasswordRequired',
      data: { field: 'password', remainTimes: 5 },
    });
    for (const remainTimes of [4, 3, 2, 1]) {
      expect(await login(card.simNo, { password: '000000' })).toEqual({
        code: 41001,
        message: '卡密码错误',
        reason: 'cardPasswordWrong',
        data: { field: 'password', remainTimes },
      });
    }
    const before = Date.now();
    const locked = await login(card.simNo, { password: '000000' });
    expect(locked).toMatchObject({ code: 41001, data: { field: 'password', remainTimes: 0 } });
    const lockedUntil = (await simRow(card.simNo)).card_password_locked_until as number;
    expect(lockedUntil).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(lockedUntil).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect(refusalData(locked).lockedUntil).toBe(formatDateTime(lockedUntil));
    // Even the right password is refused while locked.
    expect(await login(card.simNo, { password: '731905' })).toMatchObject({
      code: 41001,
      data: { remainTimes: 0, lockedUntil: formatDateTime(lockedUntil) },
    });
    await setSim(card.simNo, { card_password_locked_until: Date.now() - 1 });
    expect((await login(card.simNo, { password: '731905' })).code).toBe(0);
    expect(await simRow(card.simNo)).toMatchObject({ card_password_fails: 0, card_password_locked_until: null });
  });

  it('a success clears the wrong tries', async () => {
    const card = await newCard({ card_password_mode: 1, card_password_hash: await hashCardPassword('246810') });
    await login(card.simNo, { password: '111111' });
    expect((await login(card.simNo, { password: '246810' })).code).toBe(0);
    expect(refusalData(await login(card.simNo, { password: '111111' })).remainTimes).toBe(4);
  });

  it('the stored hash is argon2id with a per-row salt', async () => {
    const a = await hashCardPassword('582936');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashCardPassword('582936')).not.toBe(a);
  });

  it('an older scrypt hash still logs in and is replaced by argon2id at the right password', async () => {
    // scrypt$N$r$p$salt$hash of '975310' with the salt 16 zero bytes, as the first release stored it.
    const salt = Buffer.alloc(16);
    const key = scryptSync('975310', salt, 32, { N: 16_384, r: 8, p: 1 });
    const legacy = ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    const card = await newCard({ card_password_mode: 1, card_password_hash: legacy });
    const stored = () => simRow(card.simNo);
    expect(refusalData(await login(card.simNo, { password: '111111' })).remainTimes).toBe(4);
    expect((await stored()).card_password_hash).toBe(legacy);
    expect((await login(card.simNo, { password: '975310' })).code).toBe(0);
    expect((await stored()).card_password_hash).toMatch(/^\$argon2id\$/);
    expect((await login(card.simNo, { password: '975310' })).code).toBe(0);
  });
});

describe(`simLogin failures per IP on ${TEST_DB}`, () => {
  it('10 failures in 10 minutes lock the IP, whatever the card; others and later are fine', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(`14400000${String(i).padStart(5, '0')}`, {}, clientHeaders(), ip)).message).toBe(
        '卡号不存在',
      );
    }
    expect(await login(DEMO_SIMS.normal, {}, clientHeaders(), ip)).toEqual({
      code: -1,
      message: LOGIN_TOO_MANY,
      reason: 'loginTooMany',
      data: null,
    });
    expect((await login(DEMO_SIMS.normal, {}, clientHeaders(), freshIp())).code).toBe(0);
    clock.t += 10 * 60_000;
    expect((await login(DEMO_SIMS.normal, {}, clientHeaders(), ip)).code).toBe(0);
  });

  it('wrong card passwords count against the IP; successes do not', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await login(DEMO_SIMS.normal, {}, clientHeaders(), ip)).code).toBe(0);
    const card = await newCard({ card_password_mode: 1, card_password_hash: await hashCardPassword('135790') });
    for (let i = 0; i < 10; i++) {
      await setSim(card.simNo, { card_password_fails: 0, card_password_locked_until: null });
      expect((await login(card.simNo, { password: '000000' }, clientHeaders(), ip)).code).toBe(41001);
    }
    expect((await login(card.simNo, { password: '135790' }, clientHeaders(), ip)).message).toBe(LOGIN_TOO_MANY);
  });
});

describe(`GET /api/simLoginConfig and /api/site/iotLoginProtocol on ${TEST_DB}`, () => {
  it('answers the login page settings from the site front', async () => {
    const body = await api(iotCoreApi.getSimLoginConfig, {});
    expect(body.code).toBe(0);
    expect(body.data).toEqual({
      logo: expect.any(String),
      title: expect.stringContaining('物联卡'),
      placeholder: '请输入卡号/ICCID/设备号',
      needProtocol: 1,
      notice: '',
      kefuUrl: expect.any(String),
      scanEnabled: 1,
    });
  });

  it('answers the seeded card agreement', async () => {
    const body = await api(iotCoreApi.getIotLoginProtocol, {});
    expect(body.data).toEqual({
      title: '物联卡服务协议',
      content: expect.stringContaining('<h3>'),
      version: expect.stringMatching(/^\d{8}$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });
});

describe(`GET /api/iot/simInfo on ${TEST_DB}`, () => {
  it('answers every field of a card, money in yuan and the mobile masked', async () => {
    const body = await api(iotCoreApi.getSimInfo, {}, await loggedIn(DEMO_SIMS.normal));
    const info = simInfoSchema.strict().parse(body.data);
    expect(info).toMatchObject({
      simNo: DEMO_SIMS.normal,
      iccid: '89860420192012345601',
      mobile: '138****8001',
      balance: '25.80',
      arrearsBalance: '0.00',
      integral: 320,
      simStatus: 2,
      totalFlow: 30720,
      useFlow: expect.any(Number),
      sourceType: 1,
      device: null,
      viceSims: [],
      vipOrder: null,
      accelerateOrder: null,
      simShopLayout: { domain: expect.any(String) },
    });
    expect(info.surplusFlow).toBeCloseTo(info.totalFlow - info.useFlow, 2);
    expect(info.simLayout).toEqual(DEMO_SIM_LAYOUT);
    expect(info.simLayout.menus.map((m) => m.key)).toEqual(
      expect.arrayContaining(['package', 'balance', 'realnameAuth', 'switchNet', 'historyLine', 'vip', 'task']),
    );
  });

  it('answers a device with its 2.4G and 5G Wi-Fi and three vice SIMs', async () => {
    const body = await api(iotCoreApi.getSimInfo, {}, await loggedIn(DEMO_SIMS.device));
    const info = simInfoSchema.strict().parse(body.data);
    expect(info.sourceType).toBe(2);
    expect(info.deviceNo).toBe(DEMO_DEVICE_NO);
    expect(info.device).toMatchObject({
      deviceNo: DEMO_DEVICE_NO,
      wifiName: 'Haoka-5G-0102',
      wifiName5G: 'Haoka-5G-0102_5G',
      wifiPass5G: expect.stringMatching(/^.{8,}$/),
      showWifi5G: 1,
    });
    expect(info.viceSims.map((v) => v.operatorType)).toEqual([1, 2, 3]);
    expect(info.viceSims.filter((v) => v.isCurrent === 1)).toHaveLength(1);
  });

  it('the other demo cards show their situation', async () => {
    const of = async (simNo: string) =>
      simInfoSchema.parse((await api(iotCoreApi.getSimInfo, {}, await loggedIn(simNo))).data);
    expect(await of(DEMO_SIMS.realname)).toMatchObject({ needAuth: 1, authStatus: 0, simStatus: 1 });
    expect(await of(DEMO_SIMS.coupon)).toMatchObject({ needBuyCoupon: 1, operatorType: 2 });
    expect(await of(DEMO_SIMS.arrears)).toMatchObject({ arrearsBalance: '23.50', simStatus: 3, operatorType: 3 });
    expect(await of(DEMO_SIMS.breakRule)).toMatchObject({ breakRuleId: 3, allowRemoveBreak: 1, internetStatus: 0 });
  });

  it('each stopped or limited demo card says why, and keeps saying it after its operator is asked', async () => {
    const cases: [string, object, string | null][] = [
      [DEMO_SIMS.normal, { simStatus: 2, stopReason: '' }, null],
      [DEMO_SIMS.arrears, { simStatus: 3, stopReason: 'arrears', arrearsBalance: '23.50' }, 'arrears'],
      [DEMO_SIMS.breakRule, { simStatus: 3, stopReason: 'violation', breakRuleId: 3 }, 'violation'],
      [DEMO_SIMS.realname, { simStatus: 1, stopReason: '', needAuth: 1, authStatus: 0 }, 'realname'],
      [DEMO_SIMS.expired, { simStatus: 3, stopReason: 'packageExpired', totalFlow: 0 }, 'packageExpired'],
      [DEMO_SIMS.exhausted, { simStatus: 2, stopReason: '', surplusFlow: 0, internetStatus: 0 }, 'poolExhausted'],
      [DEMO_SIMS.suspended, { simStatus: 3, stopReason: 'operator' }, 'operator'],
      [DEMO_SIMS.offlineDevice, { simStatus: 2, sourceType: 2, onlineStatus: 0 }, 'deviceOffline'],
    ];
    for (const [simNo, fields, condition] of cases) {
      const headers = await loggedIn(simNo);
      const info = simInfoSchema.parse((await api(iotCoreApi.getSimInfo, {}, headers)).data);
      expect(info, simNo).toMatchObject(fields);
      expect(cardCondition(info), simNo).toBe(condition);
      // The simulated operator reports each in its platform's words (电信 CMP, OneLink, Jasper); the table
      // maps them back to the same state and reason.
      await setSim(simNo, { last_robin_at: Date.now() - 2 * 60_000 });
      const synced = simInfoSchema.parse((await api(iotCoreApi.refreshSim, { force: 1 }, headers)).data);
      expect(synced, simNo).toMatchObject(fields);
      expect(cardCondition(synced), simNo).toBe(condition);
    }
  });

  it('a card without a layout gets the default one (maxMenuTimes 10)', async () => {
    const card = await newCard({ layout_code: '', mobile: null });
    const info = simInfoSchema.parse((await api(iotCoreApi.getSimInfo, {}, await loggedIn(card.simNo))).data);
    expect(info.mobile).toBe('');
    expect(info.simLayout).toMatchObject({ maxMenuTimes: 10, menus: [], popup: { switch: 0 } });
  });

  it('a stored layout is merged over the defaults', async () => {
    await db()
      .insertInto('sim_layouts')
      .values({ code: 'partial', layout_json: JSON.stringify({ name: '某代理', popup: { switch: 1 } }), updated_at: 0 })
      .execute();
    const card = await newCard({ layout_code: 'partial' });
    const info = simInfoSchema.parse((await api(iotCoreApi.getSimInfo, {}, await loggedIn(card.simNo))).data);
    expect(info.simLayout).toMatchObject({ name: '某代理', maxMenuTimes: 10, popup: { switch: 1, title: '' } });
  });

  it('a card disabled after login answers -1', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    await setSim(card.simNo, { status: 0 });
    expect(await api(iotCoreApi.getSimInfo, {}, headers)).toEqual({
      code: -1,
      message: '该卡已停用，请联系客服',
      reason: 'simDisabled',
      data: null,
    });
  });
});

describe(`POST /api/iot/simRefresh on ${TEST_DB}`, () => {
  const refresh = (headers: Record<string, string>, force: 0 | 1) => api(iotCoreApi.refreshSim, { force }, headers);

  it('force syncs only when the last sync is at least 60 s old', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const recent = Date.now() - 30_000;
    await setSim(card.simNo, { last_robin_at: recent });
    const cached = await refresh(headers, 1);
    expect(cached).toMatchObject({ code: 0, message: 'ok', data: { lastRobinAt: formatDateTime(recent) } });
    await setSim(card.simNo, { last_robin_at: Date.now() - 61_000 });
    const before = Date.now();
    const synced = await refresh(headers, 1);
    expect(synced.message).toBe('ok');
    expect((await simRow(card.simNo)).last_robin_at).toBeGreaterThanOrEqual(before);
    expect(simInfoSchema.parse(synced.data).lastRobinAt).toBe(
      formatDateTime((await simRow(card.simNo)).last_robin_at!),
    );
  });

  it('a plain refresh syncs only when the state is 10 minutes old', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const fiveMin = Date.now() - 5 * 60_000;
    await setSim(card.simNo, { last_robin_at: fiveMin });
    expect((await refresh(headers, 0)).data.lastRobinAt).toBe(formatDateTime(fiveMin));
    await setSim(card.simNo, { last_robin_at: Date.now() - 10 * 60_000 });
    const before = Date.now();
    await refresh(headers, 0);
    expect((await simRow(card.simNo)).last_robin_at).toBeGreaterThanOrEqual(before);
  });

  it('usage advances with the time since the last sync, and the day history with it', async () => {
    const card = await newCard({ use_flow: 1000 });
    const headers = await loggedIn(card.simNo);
    await setSim(card.simNo, { last_robin_at: Date.now() - 2 * 24 * 3600_000 });
    const info = (await refresh(headers, 1)).data;
    const expected = 2 * simulatedDailyMb(card.simNo);
    expect(info.useFlow - 1000).toBeGreaterThan(expected - 1);
    expect(info.useFlow - 1000).toBeLessThan(expected + 1);
    const days = await db().selectFrom('sim_usage_daily').selectAll().where('sim_id', '=', card.id).execute();
    expect(days.length).toBeGreaterThanOrEqual(2);
    expect(days.reduce((s, d) => s + Number(d.flow_mb), 0)).toBeCloseTo(info.useFlow - 1000, 1);
    const history = await api(iotCoreApi.getSimHistoryLine, { type: 'day', days: '7' }, headers);
    expect(history.data.totalFlow).toBeCloseTo(info.useFlow - 1000, 1);
  });

  it('concurrent refreshes add the same usage once', async () => {
    const card = await newCard({ use_flow: 0 });
    const headers = await loggedIn(card.simNo);
    await setSim(card.simNo, { last_robin_at: Date.now() - 24 * 3600_000 });
    await Promise.all([refresh(headers, 1), refresh(headers, 1), refresh(headers, 1)]);
    const row = await simRow(card.simNo);
    expect(row.use_flow).toBeLessThan(simulatedDailyMb(card.simNo) + 1);
    const days = await db().selectFrom('sim_usage_daily').selectAll().where('sim_id', '=', card.id).execute();
    expect(days.reduce((s, d) => s + Number(d.flow_mb), 0)).toBeCloseTo(row.use_flow, 1);
  });

  it('usage stops at the package total and the card goes offline', async () => {
    const card = await newCard({ total_flow: 1024, use_flow: 1020 });
    const headers = await loggedIn(card.simNo);
    await setSim(card.simNo, { last_robin_at: Date.now() - 5 * 24 * 3600_000 });
    const info = (await refresh(headers, 1)).data;
    expect(info).toMatchObject({ useFlow: 1024, surplusFlow: 0, internetStatus: 0, onlineStatus: 0 });
  });

  it('a stopped card uses nothing', async () => {
    const card = await newCard({ sim_status: 3, internet_status: 0, use_flow: 10 });
    const headers = await loggedIn(card.simNo);
    await setSim(card.simNo, { last_robin_at: Date.now() - 24 * 3600_000 });
    expect((await refresh(headers, 1)).data.useFlow).toBe(10);
  });

  it.each<[string, OperatorState, { simStatus: number; stopReason: string }]>([
    ['OneLink 已激活', { platform: 'onelink', state: '2', stopReason: '' }, { simStatus: 2, stopReason: '' }],
    [
      'OneLink 信控双向停机',
      { platform: 'onelink', state: '4', stopReason: '000020000000' },
      { simStatus: 3, stopReason: 'arrears' },
    ],
    [
      'OneLink 机卡分离停机',
      { platform: 'onelink', state: '4', stopReason: '020000000000' },
      { simStatus: 3, stopReason: 'violation' },
    ],
    [
      'OneLink M2M 管理停机',
      { platform: 'onelink', state: '4', stopReason: '000200000000' },
      { simStatus: 3, stopReason: 'operator' },
    ],
    [
      'OneLink 商品到期失效停机',
      { platform: 'onelink', state: '4', stopReason: '200000000000' },
      { simStatus: 3, stopReason: 'packageExpired' },
    ],
    ['OneLink 待激活', { platform: 'onelink', state: '1', stopReason: '' }, { simStatus: 1, stopReason: '' }],
    [
      'Jasper DEACTIVATED',
      { platform: 'jasper', state: 'DEACTIVATED', stopReason: '' },
      { simStatus: 3, stopReason: '' },
    ],
    ['Jasper RETIRED', { platform: 'jasper', state: 'RETIRED', stopReason: '' }, { simStatus: 4, stopReason: '' }],
    ['CMP 欠停(双向)', { platform: 'ctcmp', state: '5', stopReason: '' }, { simStatus: 3, stopReason: 'arrears' }],
    [
      'CMP 未实名制违规停机',
      { platform: 'ctcmp', state: '150001', stopReason: '' },
      { simStatus: 3, stopReason: 'realname' },
    ],
    ['CMP 用户报停', { platform: 'ctcmp', state: '2', stopReason: '' }, { simStatus: 3, stopReason: 'requested' }],
  ])('the operator’s %s becomes the card’s state and stop reason in simInfo', async (_name, report, expected) => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    await setSim(card.simNo, { last_robin_at: Date.now() - 2 * 60_000 });
    upstream.report = report;
    try {
      const body = await refresh(headers, 1);
      expect(body.data).toMatchObject({ ...expected, internetStatus: expected.simStatus === 2 ? 1 : 0 });
      expect(await simRow(card.simNo)).toMatchObject({
        sim_status: expected.simStatus,
        stop_reason: expected.stopReason,
      });
      expect((await api(iotCoreApi.getSimInfo, {}, headers)).data).toMatchObject(expected);
    } finally {
      upstream.report = undefined;
    }
  });

  it('a state the table does not know keeps the card as it was', async () => {
    const card = await newCard({ sim_status: 3, stop_reason: 'arrears', internet_status: 0 });
    const headers = await loggedIn(card.simNo);
    await setSim(card.simNo, { last_robin_at: Date.now() - 2 * 60_000 });
    upstream.report = { platform: 'onelink', state: '42', stopReason: '' };
    try {
      expect((await refresh(headers, 1)).data).toMatchObject({ simStatus: 3, stopReason: 'arrears' });
    } finally {
      upstream.report = undefined;
    }
  });

  it('a carrier that does not answer within GATEWAY_TIMEOUT_MS: the cached state and its age (issue 18)', async () => {
    const card = await newCard({ use_flow: 78 });
    const headers = await loggedIn(card.simNo);
    const old = Date.now() - 3600_000;
    await setSim(card.simNo, { last_robin_at: old });
    upstream.silent = true;
    try {
      const body = await refresh(headers, 1);
      expect(body).toMatchObject({ code: 0, message: '数据同步中', reason: 'dataSyncing', data: { useFlow: 78 } });
      expect(body.data.lastRobinAt).toBe(formatDateTime(old));
    } finally {
      upstream.silent = false;
    }
  });

  it('an unreachable carrier answers the cached state with 数据同步中', async () => {
    const card = await newCard({ use_flow: 77 });
    const headers = await loggedIn(card.simNo);
    const old = Date.now() - 3600_000;
    await setSim(card.simNo, { last_robin_at: old });
    upstream.failing = true;
    try {
      const body = await refresh(headers, 1);
      expect(body).toMatchObject({ code: 0, message: '数据同步中', reason: 'dataSyncing', data: { useFlow: 77 } });
      expect(body.data.lastRobinAt).toBe(formatDateTime(old));
    } finally {
      upstream.failing = false;
    }
  });
});

describe(`POST /api/iot/simRemoveBreak on ${TEST_DB}`, () => {
  const remove = (headers: Record<string, string>, breakRuleId: number) =>
    api(iotCoreApi.removeSimBreak, { breakRuleId }, headers);
  const breakCard = (values: SimValues = {}) =>
    newCard({
      sim_status: 3,
      internet_status: 0,
      break_rule_id: 7,
      break_tips: '机卡分离',
      allow_remove_break: 1,
      break_stopped: 1,
      ...values,
    });

  it('lifts a removable restriction: back online and 正常', async () => {
    const card = await breakCard();
    const body = await remove(await loggedIn(card.simNo), 7);
    expect(body.code).toBe(0);
    expect(simInfoSchema.parse(body.data)).toMatchObject({
      breakRuleId: 0,
      breakTips: '',
      allowRemoveBreak: 0,
      internetStatus: 1,
      simStatus: 2,
    });
  });

  it('the demo card lifts its own', async () => {
    const body = await remove(await loggedIn(DEMO_SIMS.breakRule), 3);
    expect(body.data).toMatchObject({ breakRuleId: 0, simStatus: 2, internetStatus: 1 });
  });

  it('a card stopped for another reason stays stopped', async () => {
    const card = await breakCard({ break_stopped: 0, arrears_fen: 500 });
    expect((await remove(await loggedIn(card.simNo), 7)).data).toMatchObject({ simStatus: 3, internetStatus: 1 });
  });

  it('refuses a restriction that is not removable, not the card’s, or absent', async () => {
    const fixed = await breakCard({ allow_remove_break: 0 });
    const refused = { code: -1, message: '当前限制不支持自助解除', reason: 'violationNotSelfService', data: null };
    expect(await remove(await loggedIn(fixed.simNo), 7)).toEqual(refused);
    const other = await breakCard();
    const headers = await loggedIn(other.simNo);
    expect(await remove(headers, 8)).toEqual(refused);
    expect((await simRow(other.simNo)).break_rule_id).toBe(7);
    const clean = await newCard();
    expect((await remove(await loggedIn(clean.simNo), 7)).code).toBe(-1);
  });

  it('an operator refusal answers 30003 and changes nothing', async () => {
    const card = await breakCard();
    const headers = await loggedIn(card.simNo);
    upstream.failing = true;
    try {
      expect((await remove(headers, 7)).code).toBe(30003);
    } finally {
      upstream.failing = false;
    }
    expect((await simRow(card.simNo)).break_rule_id).toBe(7);
  });
});

describe(`POST /api/iot/simSwitchNet on ${TEST_DB}`, () => {
  const switchNet = (headers: Record<string, string>, body: object) => api(iotCoreApi.switchSimNet, body, headers);

  it('a device switches to a vice SIM operator, once per 5 minutes', async () => {
    const headers = await loggedIn(DEMO_SIMS.device);
    const body = await switchNet(headers, { operatorType: 2 });
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: { taskId: expect.stringMatching(/^SN[0-9a-f]{24}$/), queued: false, expectSeconds: 90 },
    });
    const task = await db()
      .selectFrom('sim_net_tasks')
      .selectAll()
      .where('id', '=', body.data.taskId)
      .executeTakeFirst();
    expect(task).toMatchObject({ kind: 'switchNet', state: 'pending', payload_json: '{"target":2}' });
    expect(await switchNet(headers, { operatorType: 3 })).toEqual({
      code: -1,
      message: '切换过于频繁',
      reason: 'netSwitchTooFrequent',
      data: null,
    });
    clock.t += 5 * 60_000;
    expect((await switchNet(headers, { auto: 1 })).data).toMatchObject({ expectSeconds: 180 });
  });

  it('refuses a plain card and an operator the device has no SIM of', async () => {
    expect(await switchNet(await loggedIn(DEMO_SIMS.normal), { operatorType: 2 })).toEqual({
      code: -1,
      message: '当前卡不支持切换网络',
      reason: 'netSwitchUnsupported',
      data: null,
    });
    clock.t += 5 * 60_000;
    expect(await switchNet(await loggedIn(DEMO_SIMS.device), { operatorType: 4 })).toEqual({
      code: -1,
      message: '目标网络不可用',
      reason: 'netUnavailable',
      data: null,
    });
  });

  it('needs a target', async () => {
    expect((await switchNet(await loggedIn(DEMO_SIMS.device), {})).code).toBe(-1);
  });
});

describe(`GET /api/iot/simHistoryLine on ${TEST_DB}`, () => {
  it('day: the last N days up to today, with totals', async () => {
    const headers = await loggedIn(DEMO_SIMS.normal);
    const body = await api(iotCoreApi.getSimHistoryLine, {}, headers);
    expect(body.data.type).toBe('day');
    const points = body.data.points as { date: string; flow: number }[];
    expect(points).toHaveLength(30);
    expect(points.at(-1)?.date).toBe(formatDateTime(Date.now()).slice(0, 10));
    expect(points.map((p) => p.date)).toEqual([...points.map((p) => p.date)].sort());
    expect(points.filter((p) => p.flow > 0).length).toBeGreaterThan(20);
    const total = points.reduce((s, p) => s + p.flow, 0);
    expect(body.data.totalFlow).toBeCloseTo(total, 1);
    expect(body.data.avgFlow).toBeCloseTo(total / 30, 1);
    const week = await api(iotCoreApi.getSimHistoryLine, { type: 'day', days: '7' }, headers);
    expect(week.data.points).toHaveLength(7);
  });

  it('month: the last 12 months', async () => {
    const body = await api(iotCoreApi.getSimHistoryLine, { type: 'month' }, await loggedIn(DEMO_SIMS.normal));
    const points = body.data.points as { date: string; flow: number }[];
    expect(points).toHaveLength(12);
    expect(points.at(-1)?.date).toBe(formatDateTime(Date.now()).slice(0, 7));
    expect(points.every((p) => /^\d{4}-\d{2}$/.test(p.date))).toBe(true);
    expect(body.data.totalFlow).toBeGreaterThan(0);
  });

  it('refuses days outside 7..90', async () => {
    const body = await api(iotCoreApi.getSimHistoryLine, { days: '3' }, await loggedIn(DEMO_SIMS.normal));
    expect(body).toMatchObject({ code: -1, data: { field: 'days' } });
  });
});

describe(`POST /api/iot/simBindMobile on ${TEST_DB}`, () => {
  let mobileSeq = 0;
  const freshMobile = () => `1370000${String(++mobileSeq).padStart(4, '0')}`;

  async function codeFor(headers: Record<string, string>, mobile: string) {
    expect((await api(orderApi.sendSimCode, { scene: 'bindMobile', mobile }, headers)).code).toBe(0);
    return (await api(orderApi.getSmsOutbox, { mobile })).data.list[0]?.code as string;
  }

  it('binds the mobile proven by an outbox code; the card then logs in by it', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const mobile = freshMobile();
    const body = await api(iotCoreApi.bindSimMobile, { mobile, code: await codeFor(headers, mobile) }, headers);
    expect(body).toEqual({ code: 0, message: 'ok', data: { mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}` } });
    expect((await api(iotCoreApi.getSimInfo, {}, headers)).data.mobile).toBe(body.data.mobile);
    expect((await login(mobile)).data.simNo).toBe(card.simNo);
  });

  it('refuses a wrong code', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const mobile = freshMobile();
    const code = await codeFor(headers, mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await api(iotCoreApi.bindSimMobile, { mobile, code: wrong }, headers)).toEqual({
      code: -1,
      message: '验证码错误或已过期',
      reason: 'smsCodeInvalid',
      data: null,
    });
    expect((await simRow(card.simNo)).mobile).toBeNull();
  });

  it('a mobile holds at most 10 cards', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 10; i++) await newCard({ mobile, mobile_bound_at: Date.now() });
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const code = await codeFor(headers, mobile);
    expect(await api(iotCoreApi.bindSimMobile, { mobile, code }, headers)).toEqual({
      code: -1,
      message: '该手机号绑定卡数已达上限',
      reason: 'bindLimitReached',
      data: null,
    });
  });
});
