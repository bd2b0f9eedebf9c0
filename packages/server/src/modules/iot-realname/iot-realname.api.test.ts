import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Endpoint, type EndpointInput, iotCoreApi, iotRealnameApi, maskIdCard } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierGateway } from '../../gateways/carrier/carrier-gateway.js';
import { SimulatedCarrier } from '../../gateways/carrier/simulated-carrier.js';
import {
  OPERATOR_PAGE_PATH,
  safeReturnPath,
  signOperatorTicket,
} from '../../gateways/carrier/simulated-operator-page.js';
import { CLI_ACTOR } from '../../http/audit.js';
import { shanghaiToday } from '../../lib/order-sn.js';
import { DEMO_SIMS, demoSimRow } from '../../seed/demo-iot-cards.js';
import { callEndpoint, malformed } from '../../test/call.js';
import type { SimValues } from '../../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { idCardCheckChar } from './identity-verifier.js';
import { reviewPlatformAuth } from './review.js';
import { applySyncedAuth } from './service.js';
import { signUpload } from './upload-store.js';

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked field by field
type Body = { code: number; message: string; data: any };

/** The simulator, or an unreachable operator platform while `upstream.failing` is set. */
let simulator: SimulatedCarrier;
const upstream = { failing: false };
const down = () => Promise.reject(new Error('upstream down'));
const carrier: CarrierGateway = {
  name: 'test',
  syncSim: (simNo, now) => (upstream.failing ? down() : simulator.syncSim(simNo, now)),
  removeBreak: (simNo, ruleId) => simulator.removeBreak(simNo, ruleId),
  resumeSim: (simNo) => simulator.resumeSim(simNo),
  suspendSim: (simNo) => simulator.suspendSim(simNo),
  switchNet: (simNo, target) => simulator.switchNet(simNo, target),
  activatePackage: (simNo, activation) => simulator.activatePackage(simNo, activation),
  cancelPackage: (simNo, orderSn) => simulator.cancelPackage(simNo, orderSn),
  officialAuthEntry: (simNo, target, returnUrl) =>
    upstream.failing ? down() : simulator.officialAuthEntry(simNo, target, returnUrl),
  officialAuthState: (simNo, authSimNo) => (upstream.failing ? down() : simulator.officialAuthState(simNo, authSimNo)),
  deviceCommand: (simNo, command) => simulator.deviceCommand(simNo, command),
  setSpeedProfile: (simNo, change) => simulator.setSpeedProfile(simNo, change),
};

let t: TestApp;
const uploadDir = mkdtempSync(join(tmpdir(), 'haoka-uploads-'));
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ gateways: { carrier }, config: { uploadDir } });
  simulator = new SimulatedCarrier(db());
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** A typed call from its own address (per-IP limits stay out of the way); `raw` for what must not be said. */
async function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, headers = clientHeaders()) {
  const body = await callEndpoint(t, endpoint, input, { as: headers, remoteAddress: freshIp() });
  return { body, raw: JSON.stringify(body) };
}

const cardHeaders = (sessionId: string, simNo: string) => clientHeaders({ 'session-id': sessionId, 'sim-no': simNo });

async function loggedIn(simNo: string) {
  const { body } = await call(iotCoreApi.simLogin, { simNo, agreeProtocol: 1 });
  expect(body.code, body.message).toBe(0);
  return cardHeaders(body.data.sessionId, simNo);
}

let cardSeq = 0;
/** A card of its own, by default one that waits for real-name (like the demo card 1440312345603). */
async function newCard(values: SimValues = {}) {
  const n = String(++cardSeq).padStart(4, '0');
  const row = demoSimRow(Date.now(), {
    sim_no: `144077770${n}`,
    iccid: `898604201777770${n}0`,
    operator_type: 1,
    sim_status: 1,
    auth_status: 0,
    need_auth: 1,
    internet_status: 0,
    online_status: 0,
    numb_auth: 0,
    ...values,
  });
  const { id } = await db().insertInto('sims').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: Number(id), simNo: row.sim_no };
}

/** A device with one vice SIM per operator 1, 2, 3, none of them real-named. */
async function newDevice() {
  const card = await newCard({ source_type: 2, sim_status: 2, auth_status: 1, need_auth: 0, internet_status: 1 });
  const n = card.simNo.slice(-4);
  const vices = [1, 2, 3].map((op) => ({
    sim_id: card.id,
    sim_no: `14${op}05555${n}${op}`,
    iccid: `8986${op}0555500000${n}${op}`,
    operator_type: op,
    auth_status: 0,
    is_current: op === 1 ? 1 : 0,
    signal: 3,
    sort: op,
  }));
  await db().insertInto('vice_sims').values(vices).execute();
  return { ...card, vices: vices.map((v) => v.sim_no) };
}

const simRow = (simNo: string) =>
  db().selectFrom('sims').selectAll().where('sim_no', '=', simNo).executeTakeFirstOrThrow();
const setSim = (simNo: string, values: SimValues) =>
  db().updateTable('sims').set(values).where('sim_no', '=', simNo).execute();

/** A valid ID number (GB 11643 check character) of someone born on `birth` (YYYYMMDD). */
function idCardOf(birth: string, seq = '123') {
  const first17 = `110101${birth}${seq}`;
  return `${first17}${idCardCheckChar(first17)}`;
}
const ADULT_ID = idCardOf('19900307', '456');

// The entry's url is optional in the declaration (the QR and SMS modes have none); a missing one makes `new URL` throw.
const pathOf = (url: string | undefined) => {
  const u = new URL(String(url));
  return `${u.pathname}${u.search}`;
};
const tokenOf = (url: string | undefined) => new URL(String(url)).searchParams.get('token') as string;

async function operatorPage(url: string | undefined) {
  return t.app.inject({ method: 'GET', url: pathOf(url) });
}
async function submitOperatorForm(token: string, name: string, idCard: string) {
  return t.app.inject({
    method: 'POST',
    url: OPERATOR_PAGE_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, name, idCard }).toString(),
  });
}

// --- multipart ---------------------------------------------------------------------------------------------

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0xc8, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  randomBytes(200),
]);

function multipart(fields: Record<string, string>, file?: { bytes: Buffer; filename?: string; type?: string }) {
  const boundary = `----haoka${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'photo.png'}"\r\n` +
          `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { bytes: Buffer; filename?: string; type?: string },
) {
  const form = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Body;
}

async function uploadPhoto(headers: Record<string, string>, bytes = PNG) {
  const body = await upload(headers, { scene: 'realname' }, { bytes });
  expect(body.code, body.message).toBe(0);
  return body.data.key as string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

// --- operator real-name --------------------------------------------------------------------------------------

describe(`GET /api/iot/simOfficialAuth on ${TEST_DB}`, () => {
  it('completes the operator flow: entry → operator page → form → forced refresh → real-named', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const before = await simRow(card.simNo);

    const { body } = await call(iotRealnameApi.getOfficialAuth, {}, headers);
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: {
        mode: 'redirect',
        url: expect.stringMatching(/^http:\/\/localhost(:80)?\/api\/carrier-sim\/realname\?token=[\w.-]+$/),
        tips: expect.any(String),
        operatorType: 1,
        authStatus: 0,
      },
    });

    const pageRes = await operatorPage(body.data.url);
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/^text\/html/);
    expect(pageRes.headers['content-security-policy']).toContain("default-src 'none'");
    expect(pageRes.headers['cache-control']).toBe('no-store');
    expect(pageRes.body).toContain('提交认证');
    expect(pageRes.body).toContain(card.simNo);
    expect(pageRes.body).not.toMatch(/<script/i);

    const submitted = await submitOperatorForm(tokenOf(body.data.url), '张三', ADULT_ID.toLowerCase());
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('认证成功');
    expect(submitted.body).toContain('href="/shop/#/pages/iot/index/realnameAuth/official/index"');
    expect(submitted.body).not.toContain(ADULT_ID);

    const record = await db()
      .selectFrom('carrier_sim_auth')
      .selectAll()
      .where('sim_no', '=', card.simNo)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ status: 1, id_card_hmac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(record)).not.toContain(ADULT_ID);

    // The simulated operator now reports the card real-named, and the 待激活 card starts.
    const synced = await simulator.syncSim(card.simNo);
    expect(synced).toMatchObject({
      authStatus: 1,
      operatorState: { platform: 'onelink', state: '2' },
      internetStatus: 1,
    });

    // refreshSim syncs upstream at most once a minute per card.
    await setSim(card.simNo, { last_robin_at: Date.now() - 5 * 60_000 });
    const refreshed = await call(iotCoreApi.refreshSim, { force: 1 }, headers);
    expect(refreshed.body.code, refreshed.body.message).toBe(0);
    expect(refreshed.body.data).toMatchObject({ authStatus: 1, simStatus: 2, internetStatus: 1, needAuth: 0 });
    expect(refreshed.body.data.numbAuth).toBe(before.numb_auth + 1);

    const again = await call(iotRealnameApi.getOfficialAuth, {}, headers);
    expect(again.body.data).toEqual({ mode: 'redirect', tips: '已完成实名认证', operatorType: 1, authStatus: 1 });

    // The page itself now says it is done.
    const donePage = await operatorPage(body.data.url);
    expect(donePage.statusCode).toBe(200);
    expect(donePage.body).toContain('该号码已完成实名认证');
  });

  it('answers the demo card that needs real-name with an entry, and a real-named card without one', async () => {
    const demo = await call(iotRealnameApi.getOfficialAuth, {}, await loggedIn(DEMO_SIMS.realname));
    expect(demo.body.data).toMatchObject({ mode: 'redirect', operatorType: 1, authStatus: 0 });
    expect(demo.body.data.url).toContain('/api/carrier-sim/realname?token=');

    const normal = await call(iotRealnameApi.getOfficialAuth, {}, await loggedIn(DEMO_SIMS.normal));
    expect(normal.body).toEqual({
      code: 0,
      message: 'ok',
      data: { mode: 'redirect', tips: '已完成实名认证', operatorType: 1, authStatus: 1 },
    });
  });

  it('picks the channel by operator: 联通 ltAuth, 电信 qrcode with an SVG QR of the page, 广电 sms', async () => {
    const lt = await newCard({ operator_type: 2 });
    const ltBody = (await call(iotRealnameApi.getOfficialAuth, {}, await loggedIn(lt.simNo))).body;
    expect(ltBody.data).toMatchObject({ mode: 'ltAuth', operatorType: 2, authStatus: 0 });
    expect(ltBody.data.url).toContain('/api/carrier-sim/realname?token=');
    expect(ltBody.data.qrImage).toBeUndefined();

    const ct = await newCard({ operator_type: 3 });
    const ctBody = (await call(iotRealnameApi.getOfficialAuth, {}, await loggedIn(ct.simNo))).body;
    expect(ctBody.data).toMatchObject({ mode: 'qrcode', operatorType: 3 });
    expect(ctBody.data.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(String(ctBody.data.qrImage).split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect((await operatorPage(ctBody.data.url)).statusCode).toBe(200);

    const cbn = await newCard({ operator_type: 4 });
    const cbnBody = (await call(iotRealnameApi.getOfficialAuth, {}, await loggedIn(cbn.simNo))).body;
    expect(cbnBody.data).toMatchObject({ mode: 'sms', operatorType: 4 });
    expect(cbnBody.data.smsText).toContain(`SMRZ#${cbn.simNo}`);
    expect(cbnBody.data.smsText).toContain('10099');
    expect(cbnBody.data.url).toContain('/api/carrier-sim/realname?token=');
  });

  it('builds the links on the origin the browser used', async () => {
    const card = await newCard();
    const headers = { ...(await loggedIn(card.simNo)), host: 'shop.example.com' };
    const { body } = await call(iotRealnameApi.getOfficialAuth, {}, headers);
    expect(body.data.url).toMatch(/^http:\/\/shop\.example\.com\/api\/carrier-sim\/realname\?token=/);
  });

  it('answers 40001 when the operator refuses, and -1 when it cannot be reached', async () => {
    const cancelled = await newCard({ cancel_status: 2 });
    const refused = await call(iotRealnameApi.getOfficialAuth, {}, await loggedIn(cancelled.simNo));
    expect(refused.body).toEqual({
      code: 40001,
      message: '该卡已销户，无法实名认证',
      reason: 'carrierCancelledAuth',
      data: null,
    });

    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    upstream.failing = true;
    try {
      const failed = await call(iotRealnameApi.getOfficialAuth, {}, headers);
      expect(failed.body).toEqual({
        code: -1,
        message: '运营商系统繁忙，请稍后再试',
        reason: 'upstreamBusy',
        data: null,
      });
    } finally {
      upstream.failing = false;
    }
  });

  it('needs the card session: none, or another card’s session, gets 34061 and no entry', async () => {
    const card = await newCard();
    const other = await newCard();
    const noSession = await call(iotRealnameApi.getOfficialAuth, {}, clientHeaders({ 'sim-no': card.simNo }));
    expect(noSession.body.code).toBe(34061);
    const otherHeaders = await loggedIn(other.simNo);
    const crossed = await call(
      iotRealnameApi.getOfficialAuth,
      {},
      {
        ...otherHeaders,
        'sim-no': card.simNo,
      },
    );
    expect(crossed.body).toMatchObject({ code: 34061, data: null });
  });
});

describe(`the simulated operator page on ${TEST_DB}`, () => {
  const ticket = (values: Partial<Parameters<typeof signOperatorTicket>[0]> = {}) =>
    signOperatorTicket({
      simNo: '1440777709999',
      authSimNo: '1440777709999',
      operatorType: 1,
      returnUrl: 'http://localhost/shop/#/pages/iot/index/realnameAuth/official/index',
      expiresAt: Date.now() + 60_000,
      ...values,
    });

  it('refuses a missing, tampered or expired token with an error page (400)', async () => {
    const good = ticket();
    const [payload, signature] = good.split('.') as [string, string];
    const tampered = `${payload.slice(0, -2)}${payload.slice(-2) === 'AA' ? 'AB' : 'AA'}.${signature}`;
    const expired = ticket({ expiresAt: Date.now() - 1 });
    for (const token of ['', 'nonsense', tampered, `${payload}.${signature.slice(1)}x`, expired]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${OPERATOR_PAGE_PATH}?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, token).toBe(400);
      expect(res.body).toContain('认证链接无效或已过期');
      const posted = await submitOperatorForm(token, '张三', ADULT_ID);
      expect(posted.statusCode).toBe(400);
    }
    expect(
      await db().selectFrom('carrier_sim_auth').selectAll().where('sim_no', '=', '1440777709999').execute(),
    ).toEqual([]);
  });

  it('checks the name and the ID number and records nothing on a mistake', async () => {
    const token = ticket({ authSimNo: '1440777709998' });
    const badName = await submitOperatorForm(token, '张', ADULT_ID);
    expect(badName.statusCode).toBe(200);
    expect(badName.body).toContain('请输入2-20位真实姓名');
    const badId = await submitOperatorForm(token, '张三', '110101199002301234');
    expect(badId.body).toContain('身份证号格式不正确');
    expect(badId.body).toContain('value="张三"');
    // The right pattern and date, a wrong GB 11643 check character.
    const wrongCheck = `${ADULT_ID.slice(0, 17)}${ADULT_ID[17] === '0' ? '1' : '0'}`;
    expect((await submitOperatorForm(token, '张三', wrongCheck)).body).toContain('身份证号格式不正确');
    expect(
      await db().selectFrom('carrier_sim_auth').selectAll().where('sim_no', '=', '1440777709998').execute(),
    ).toEqual([]);
  });

  it('returns only to a page of the shop on this origin (no open redirect)', async () => {
    const evil = await submitOperatorForm(
      ticket({ authSimNo: '1440777709997', returnUrl: 'https://evil.example/shop/#/x' }),
      '李四',
      ADULT_ID,
    );
    expect(evil.body).not.toContain('evil.example');
    expect(evil.body).toContain('href="/shop/#/x"');
    expect(safeReturnPath('https://evil.example/other')).toBe('/shop/');
    expect(safeReturnPath('http://localhost//evil.example/shop/')).toBe('/shop/');
    expect(safeReturnPath('javascript:alert(1)')).toBe('/shop/');
    expect(safeReturnPath('not a url')).toBe('/shop/');
    expect(safeReturnPath('http://localhost/shop/#/pages/a?b=1')).toBe('/shop/#/pages/a?b=1');
  });
});

describe(`back from the operator page on ${TEST_DB}`, () => {
  it('asks the operator at once: the card is real-named without waiting for the next sync, counted once', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    // A sync just ran, so refreshSim would not ask the operator again for a minute.
    await setSim(card.simNo, { last_robin_at: Date.now() });
    const before = await simRow(card.simNo);

    const { body } = await call(iotRealnameApi.getOfficialAuth, {}, headers);
    expect(body.data).toMatchObject({ mode: 'redirect', authStatus: 0 });
    await submitOperatorForm(tokenOf(body.data.url), '张三', ADULT_ID);

    // Two pages asking at the same moment write the change once.
    const [first, second] = await Promise.all([
      call(iotRealnameApi.getOfficialAuth, {}, headers),
      call(iotRealnameApi.getOfficialAuth, {}, headers),
    ]);
    for (const res of [first, second]) {
      expect(res.body.data).toEqual({ mode: 'redirect', tips: '已完成实名认证', operatorType: 1, authStatus: 1 });
    }
    expect(await simRow(card.simNo)).toMatchObject({ auth_status: 1, need_auth: 0, numb_auth: before.numb_auth + 1 });

    const info = await call(iotCoreApi.getSimInfo, {}, headers);
    expect(info.body.data).toMatchObject({ authStatus: 1, needAuth: 0, numbAuth: before.numb_auth + 1 });

    // The next sync reports the same state and counts nothing again.
    await setSim(card.simNo, { last_robin_at: Date.now() - 5 * 60_000 });
    const refreshed = await call(iotCoreApi.refreshSim, { force: 1 }, headers);
    expect(refreshed.body.data).toMatchObject({ authStatus: 1, numbAuth: before.numb_auth + 1 });
  });

  it('keeps the stored state and still gives the entry while the operator cannot be asked', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const { body } = await call(iotRealnameApi.getOfficialAuth, {}, headers);
    await submitOperatorForm(tokenOf(body.data.url), '张三', ADULT_ID);
    upstream.failing = true;
    try {
      const res = await call(iotRealnameApi.getOfficialAuth, {}, headers);
      // The entry itself needs the operator too: busy, and nothing written.
      expect(res.body.code).not.toBe(0);
      expect((await simRow(card.simNo)).auth_status).toBe(0);
    } finally {
      upstream.failing = false;
    }
    const res = await call(iotRealnameApi.getOfficialAuth, {}, headers);
    expect(res.body.data).toMatchObject({ authStatus: 1 });
  });

  it('asks for one vice SIM of a device and writes only that SIM', async () => {
    const device = await newDevice();
    const headers = await loggedIn(device.simNo);
    await setSim(device.simNo, { last_robin_at: Date.now() });
    const vice = device.vices[0] as string;
    const before = await simRow(device.simNo);
    const { body } = await call(iotRealnameApi.getDeviceOfficialAuth, { viceSimNo: vice }, headers);
    await submitOperatorForm(tokenOf(body.data.url), '王五', ADULT_ID);

    const res = await call(iotRealnameApi.getDeviceOfficialAuth, { viceSimNo: vice }, headers);
    expect(res.body.data).toMatchObject({ authStatus: 1, viceSimNo: vice });
    const vices = await db()
      .selectFrom('vice_sims')
      .select('auth_status')
      .where('sim_id', '=', device.id)
      .orderBy('sort')
      .execute();
    expect(vices.map((v) => v.auth_status)).toEqual([1, 0, 0]);
    expect(await simRow(device.simNo)).toMatchObject({
      auth_status: before.auth_status,
      numb_auth: before.numb_auth + 1,
    });
  });
});

// --- vice SIMs -----------------------------------------------------------------------------------------------

describe(`GET /api/iot/deviceOfficialAuth on ${TEST_DB}`, () => {
  it('runs one vice SIM through the operator page; the sync reports it and applySyncedAuth writes it', async () => {
    const device = await newDevice();
    const headers = await loggedIn(device.simNo);
    const vice = device.vices[1] as string; // operator 2

    const { body } = await call(iotRealnameApi.getDeviceOfficialAuth, { viceSimNo: vice }, headers);
    expect(body.code, body.message).toBe(0);
    expect(body.data).toMatchObject({ mode: 'ltAuth', operatorType: 2, authStatus: 0, viceSimNo: vice });

    const page = await operatorPage(body.data.url);
    expect(page.body).toContain(vice);
    const done = await submitOperatorForm(tokenOf(body.data.url), '王五', ADULT_ID);
    expect(done.body).toContain(
      `href="/shop/#/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index?viceSimNo=${vice}"`,
    );

    const before = await simRow(device.simNo);
    const synced = await simulator.syncSim(device.simNo);
    expect(synced.viceSims).toEqual([
      { simNo: device.vices[0], authStatus: 0 },
      { simNo: vice, authStatus: 1 },
      { simNo: device.vices[2], authStatus: 0 },
    ]);

    await db()
      .transaction()
      .execute((tx) => applySyncedAuth(tx, before, synced));
    const vices = await db()
      .selectFrom('vice_sims')
      .select(['sim_no', 'auth_status'])
      .where('sim_id', '=', device.id)
      .orderBy('sort')
      .execute();
    expect(vices.map((v) => v.auth_status)).toEqual([0, 1, 0]);
    expect((await simRow(device.simNo)).numb_auth).toBe(before.numb_auth + 1);
    // The same result applied again counts nothing twice.
    await applySyncedAuth(db(), await simRow(device.simNo), synced);
    expect((await simRow(device.simNo)).numb_auth).toBe(before.numb_auth + 1);

    const again = await call(iotRealnameApi.getDeviceOfficialAuth, { viceSimNo: vice }, headers);
    expect(again.body.data).toEqual({
      mode: 'redirect',
      tips: '已完成实名认证',
      operatorType: 2,
      authStatus: 1,
      viceSimNo: vice,
    });
  });

  it('uses each vice SIM’s own operator channel', async () => {
    const device = await newDevice();
    const headers = await loggedIn(device.simNo);
    const ct = (await call(iotRealnameApi.getDeviceOfficialAuth, { viceSimNo: device.vices[2] as string }, headers))
      .body;
    expect(ct.data).toMatchObject({ mode: 'qrcode', operatorType: 3, viceSimNo: device.vices[2] });
    expect(ct.data.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('refuses a card that is not a device, another device’s vice SIM and a malformed number', async () => {
    const card = await newCard();
    const plain = await call(
      iotRealnameApi.getDeviceOfficialAuth,
      { viceSimNo: card.simNo },
      await loggedIn(card.simNo),
    );
    expect(plain.body).toEqual({
      code: -1,
      message: '非本设备子卡',
      reason: 'notOwnViceSim',
      data: { field: 'viceSimNo' },
    });

    const device = await newDevice();
    const headers = await loggedIn(device.simNo);
    const foreign = await call(iotRealnameApi.getDeviceOfficialAuth, { viceSimNo: '1460312345612' }, headers);
    expect(foreign.body).toMatchObject({ code: -1, message: '非本设备子卡' });
    const badNumber = await call(iotRealnameApi.getDeviceOfficialAuth, malformed({ viceSimNo: 'ab-c' }), headers);
    expect(badNumber.body).toEqual({
      code: -1,
      message: '子卡号格式不正确',
      reason: 'viceSimNoInvalid',
      data: { field: 'viceSimNo' },
    });
    const missing = await call(iotRealnameApi.getDeviceOfficialAuth, malformed({}), headers);
    expect(missing.body.code).toBe(-1);
  });

  it('needs the device’s card session (34061)', async () => {
    const device = await newDevice();
    const other = await loggedIn((await newCard()).simNo);
    const crossed = await call(
      iotRealnameApi.getDeviceOfficialAuth,
      { viceSimNo: device.vices[0] as string },
      {
        ...other,
        'sim-no': device.simNo,
      },
    );
    expect(crossed.body).toMatchObject({ code: 34061, data: null });
  });
});

describe(`applySyncedAuth on ${TEST_DB}`, () => {
  it('writes the card’s state, clears need_auth and counts a newly completed real-name once', async () => {
    const card = await newCard();
    const before = await simRow(card.simNo);
    await applySyncedAuth(db(), before, { authStatus: 1 });
    expect(await simRow(card.simNo)).toMatchObject({ auth_status: 1, need_auth: 0, numb_auth: 1 });
    await applySyncedAuth(db(), await simRow(card.simNo), { authStatus: 1 });
    expect((await simRow(card.simNo)).numb_auth).toBe(1);

    const pending = await newCard();
    await applySyncedAuth(db(), await simRow(pending.simNo), { authStatus: 2 });
    expect(await simRow(pending.simNo)).toMatchObject({ auth_status: 2, need_auth: 1, numb_auth: 0 });
  });
});

// --- platform real-name --------------------------------------------------------------------------------------

describe(`POST /api/iot/simPlatformAuth on ${TEST_DB}`, () => {
  const submit = (headers: Record<string, string>, body: EndpointInput<typeof iotRealnameApi.submitPlatformAuth>) =>
    call(iotRealnameApi.submitPlatformAuth, body, headers);

  it('answers 40001 when platform real-name is not enabled for the card', async () => {
    const card = await newCard({ need_platform_auth: 0 });
    const { body } = await submit(await loggedIn(card.simNo), { name: '张三', idCard: ADULT_ID });
    expect(body).toMatchObject({ code: 40001, data: null });
  });

  it('type 1 passes the instant check; the ID is stored encrypted and answered masked only', async () => {
    const card = await newCard({ need_platform_auth: 1, platform_auth_type: 1 });
    const headers = await loggedIn(card.simNo);
    const { body, raw } = await submit(headers, { name: '张三', idCard: ADULT_ID.toLowerCase() });
    expect(body).toEqual({ code: 0, message: 'ok', data: { authPlatformStatus: 1, remark: '' } });
    expect(raw).not.toContain(ADULT_ID);
    expect(await simRow(card.simNo)).toMatchObject({ auth_platform_status: 1, need_platform_auth: 0 });

    const row = await db()
      .selectFrom('iot_realname_submissions')
      .selectAll()
      .where('sim_id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name_masked: '张*',
      id_card_masked: maskIdCard(ADULT_ID),
      status: 1,
      front_key: null,
      reviewed_at: expect.any(Number),
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ADULT_ID);
    expect(stored).not.toContain(ADULT_ID.slice(6, 14));
    expect(stored).not.toContain('张三');
    expect(row.id_card_enc).toMatch(/^v1\./);

    const info = await call(iotRealnameApi.getPlatformAuth, {}, headers);
    expect(info.body.data).toEqual({
      authPlatformStatus: 1,
      platformAuthType: 1,
      name: '张*',
      idCardMasked: maskIdCard(ADULT_ID),
      remark: '',
      submittedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(info.raw).not.toContain(ADULT_ID);

    const repeat = await submit(headers, { name: '张三', idCard: ADULT_ID });
    expect(repeat.body).toEqual({ code: -1, message: '已完成实名认证', reason: 'alreadyVerified', data: null });
  });

  it('type 1 rejected by the check → status 3 with the reason; a corrected submission then passes', async () => {
    const card = await newCard({ need_platform_auth: 1, platform_auth_type: 1 });
    const headers = await loggedIn(card.simNo);
    const rejected = await submit(headers, { name: '测试用户', idCard: ADULT_ID });
    expect(rejected.body).toEqual({
      code: -1,
      message: '姓名与身份证不匹配',
      reason: 'idMismatch',
      data: { field: 'idCard' },
    });
    expect((await simRow(card.simNo)).auth_platform_status).toBe(3);
    const info = await call(iotRealnameApi.getPlatformAuth, {}, headers);
    expect(info.body.data).toMatchObject({ authPlatformStatus: 3, name: '测***', remark: '姓名与身份证号不一致' });

    // A wrong check character: the contract's validator refuses it before any check (GB 11643).
    const wrongCheck = `${ADULT_ID.slice(0, 17)}${ADULT_ID[17] === '0' ? '1' : '0'}`;
    expect((await submit(headers, { name: '李四', idCard: wrongCheck })).body).toEqual({
      code: -1,
      message: '身份证号格式不正确',
      reason: 'idCardInvalid',
      data: { field: 'idCard' },
    });

    const passed = await submit(headers, { name: '李四', idCard: ADULT_ID });
    expect(passed.body.data).toEqual({ authPlatformStatus: 1, remark: '' });
  });

  it('refuses an impossible date, an ID under 16 and a malformed input', async () => {
    const card = await newCard({ need_platform_auth: 1 });
    const headers = await loggedIn(card.simNo);
    const [y, m, d] = shanghaiToday();
    const tenYearsOld = idCardOf(`${y - 10}${String(m).padStart(2, '0')}${String(Math.min(d, 28)).padStart(2, '0')}`);
    expect((await submit(headers, { name: '张三', idCard: tenYearsOld })).body).toEqual({
      code: -1,
      message: '未满16周岁',
      reason: 'tooYoung',
      data: { field: 'idCard' },
    });
    expect((await submit(headers, { name: '张三', idCard: '110101199002301234' })).body).toEqual({
      code: -1,
      message: '身份证号格式不正确',
      reason: 'idCardInvalid',
      data: { field: 'idCard' },
    });
    expect((await submit(headers, { name: '张三', idCard: '1234' })).body).toMatchObject({
      code: -1,
      data: { field: 'idCard' },
    });
    expect((await submit(headers, { name: 'x', idCard: ADULT_ID })).body).toMatchObject({
      code: -1,
      message: '请输入2-20位真实姓名',
    });
    expect((await simRow(card.simNo)).auth_platform_status).toBe(0);
  });

  it('limits the instant check to 5 attempts a day per card', async () => {
    const card = await newCard({ need_platform_auth: 1 });
    const headers = await loggedIn(card.simNo);
    for (let i = 0; i < 5; i++) {
      expect((await submit(headers, { name: '测试', idCard: ADULT_ID })).body.message).toBe('姓名与身份证不匹配');
    }
    expect((await submit(headers, { name: '张三', idCard: ADULT_ID })).body).toEqual({
      code: -1,
      message: '今日认证次数已达上限，请明天再试',
      reason: 'authDailyLimit',
      data: null,
    });
  });

  it('type 2 needs both ID photos of this card, then waits for review; approve via the back office', async () => {
    const card = await newCard({ need_platform_auth: 1, platform_auth_type: 2 });
    const headers = await loggedIn(card.simNo);
    const missing = await submit(headers, { name: '张三', idCard: ADULT_ID });
    expect(missing.body).toEqual({
      code: -1,
      message: '请上传身份证人像面',
      reason: 'frontImageMissing',
      data: { field: 'frontImage' },
    });

    const front = await uploadPhoto(headers, JPEG);
    const sameTwice = await submit(headers, { name: '张三', idCard: ADULT_ID, frontImage: front, backImage: front });
    expect(sameTwice.body).toEqual({
      code: -1,
      message: '身份证国徽面与其他照片重复，请重新上传',
      reason: 'backImageDuplicate',
      data: { field: 'backImage' },
    });

    const back = await uploadPhoto(headers, PNG);
    const { body } = await submit(headers, { name: '张三', idCard: ADULT_ID, frontImage: front, backImage: back });
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: { authPlatformStatus: 2, remark: expect.any(String) },
    });
    expect((await simRow(card.simNo)).auth_platform_status).toBe(2);
    const row = await db()
      .selectFrom('iot_realname_submissions')
      .selectAll()
      .where('sim_id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, front_key: front, back_key: back, face_key: null, reviewed_at: null });

    const again = await submit(headers, { name: '张三', idCard: ADULT_ID, frontImage: front, backImage: back });
    expect(again.body).toEqual({ code: -1, message: '认证审核中，请耐心等待', reason: 'underReview', data: null });

    expect(await reviewPlatformAuth(db(), card.simNo, 'approve', CLI_ACTOR)).toBe(1);
    expect(await simRow(card.simNo)).toMatchObject({ auth_platform_status: 1, need_platform_auth: 0 });
    await expect(reviewPlatformAuth(db(), card.simNo, 'approve', CLI_ACTOR)).rejects.toThrow(
      '该卡没有待审核的平台实名认证',
    );
    await expect(reviewPlatformAuth(db(), '1440000000000', 'approve', CLI_ACTOR)).rejects.toThrow('卡号不存在');
  });

  it('type 3 also needs a face photo; photos must be this card’s real-name uploads; reject, then resubmit', async () => {
    const card = await newCard({ need_platform_auth: 1, platform_auth_type: 3 });
    const headers = await loggedIn(card.simNo);
    const front = await uploadPhoto(headers);
    const back = await uploadPhoto(headers, WEBP);
    const noFace = await submit(headers, { name: '张三', idCard: ADULT_ID, frontImage: front, backImage: back });
    expect(noFace.body).toEqual({
      code: -1,
      message: '请上传手持身份证照片',
      reason: 'faceImageMissing',
      data: { field: 'faceImage' },
    });

    // Another card's photo, an avatar and an unknown key are all refused.
    const otherHeaders = await loggedIn((await newCard()).simNo);
    const foreign = await uploadPhoto(otherHeaders);
    const avatar = (await upload(headers, { scene: 'avatar' }, { bytes: PNG })).data.key as string;
    for (const faceImage of [foreign, avatar, `${'0'.repeat(32)}.png`]) {
      const refused = await submit(headers, {
        name: '张三',
        idCard: ADULT_ID,
        frontImage: front,
        backImage: back,
        faceImage,
      });
      expect(refused.body).toEqual({
        code: -1,
        message: '手持身份证照片无效，请重新上传',
        reason: 'faceImageInvalid',
        data: { field: 'faceImage' },
      });
    }

    const face = await uploadPhoto(headers, JPEG);
    const input = { name: '张三', idCard: ADULT_ID, frontImage: front, backImage: back, faceImage: face };
    expect((await submit(headers, input)).body.data.authPlatformStatus).toBe(2);
    expect(await reviewPlatformAuth(db(), card.simNo, 'reject', CLI_ACTOR, '照片模糊')).toBe(3);
    const info = await call(iotRealnameApi.getPlatformAuth, {}, headers);
    expect(info.body.data).toMatchObject({ authPlatformStatus: 3, platformAuthType: 3, remark: '照片模糊' });
    expect((await submit(headers, input)).body.data.authPlatformStatus).toBe(2);
  });

  it('keeps each card’s submission to itself (34061 across cards)', async () => {
    const card = await newCard({ need_platform_auth: 1 });
    const headers = await loggedIn(card.simNo);
    expect((await submit(headers, { name: '张三', idCard: ADULT_ID })).body.code).toBe(0);
    const other = await loggedIn((await newCard()).simNo);
    const crossedInfo = await call(
      iotRealnameApi.getPlatformAuth,
      {},
      {
        ...other,
        'sim-no': card.simNo,
      },
    );
    expect(crossedInfo.body).toEqual({ code: 34061, message: expect.any(String), reason: 'loginTimeout', data: null });
    const crossedSubmit = await submit({ ...other, 'sim-no': card.simNo }, { name: '李四', idCard: ADULT_ID });
    expect(crossedSubmit.body).toMatchObject({ code: 34061, data: null });
    const own = await call(iotRealnameApi.getPlatformAuth, {}, other);
    expect(own.body.data).toMatchObject({ authPlatformStatus: 0, name: '', idCardMasked: '', submittedAt: null });
  });
});

// --- uploads ------------------------------------------------------------------------------------------------

describe(`POST /api/upload on ${TEST_DB}`, () => {
  it('stores a real-name photo encrypted and serves it only through its signed URL', async () => {
    const card = await newCard();
    const headers = await loggedIn(card.simNo);
    const body = await upload(headers, { scene: 'realname' }, { bytes: PNG, filename: 'front.png' });
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: {
        url: expect.stringMatching(
          /^http:\/\/localhost(:80)?\/api\/upload\/file\?key=[0-9a-f]{32}\.png&exp=\d+&sig=[\w-]+$/,
        ),
        key: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
        size: PNG.length,
      },
    });
    const row = await db().selectFrom('uploads').selectAll().where('key', '=', body.data.key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sim_id: card.id, scene: 'realname', mime: 'image/png', size: PNG.length });

    const onDisk = filesUnder(uploadDir).filter((f) => f.endsWith(body.data.key));
    expect(onDisk).toHaveLength(1);
    const sealed = readFileSync(onDisk[0] as string);
    expect(sealed.includes(PNG.subarray(8, 40))).toBe(false);

    const res = await t.app.inject({ method: 'GET', url: pathOf(body.data.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);

    // Without, with a tampered or with an expired signature: refused with the envelope.
    const url = new URL(body.data.url);
    const key = body.data.key as string;
    const expired = signUpload(key, Date.now() - 2 * 3600_000);
    const tamperedSig = url.searchParams.get('sig')?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const query of [
      `key=${key}`,
      `key=${key}&exp=${url.searchParams.get('exp')}&sig=${tamperedSig}`,
      `key=${key}&exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`,
      new URLSearchParams(expired).toString(),
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/upload/file?${query}` });
      expect(refused.statusCode, query).toBe(403);
      expect(refused.json()).toEqual({
        code: -1,
        message: '链接已失效，请刷新页面',
        reason: 'fileLinkExpired',
        data: null,
      });
    }
    for (const query of ['key=../../etc/passwd', `key=${'0'.repeat(32)}.png`, '']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/upload/file?${query}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: -1, data: null });
    }
  });

  it('takes jpg, png and webp by their magic bytes, whatever the client claims', async () => {
    const headers = await loggedIn((await newCard()).simNo);
    const jpg = await upload(headers, { scene: 'realname' }, { bytes: JPEG, filename: 'a.png', type: 'image/png' });
    expect(jpg.data.key).toMatch(/\.jpg$/);
    const webp = await upload(headers, { scene: 'realname' }, { bytes: WEBP, filename: 'a.jpg', type: 'image/jpeg' });
    expect(webp.data.key).toMatch(/\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: pathOf(webp.data.url) });
    expect(served.headers['content-type']).toBe('image/webp');

    for (const bytes of [
      Buffer.from('GIF89a-not-allowed-here'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.4 hello'),
    ]) {
      const refused = await upload(headers, { scene: 'realname' }, { bytes, filename: 'x.png', type: 'image/png' });
      expect(refused).toEqual({
        code: -1,
        message: '文件类型不支持，请上传jpg/png/webp图片',
        reason: 'fileTypeUnsupported',
        data: { field: 'file' },
      });
    }
  });

  it('refuses a file over 5 MB with the envelope', async () => {
    const headers = await loggedIn((await newCard()).simNo);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const refused = await upload(headers, { scene: 'realname' }, { bytes: big });
    expect(refused).toEqual({
      code: -1,
      message: '文件过大，请上传5MB以内的图片',
      reason: 'fileTooLarge',
      data: { field: 'file' },
    });
  });

  it('needs the card session for real-name photos and some session for an avatar', async () => {
    const card = await newCard();
    const anonymous = await upload(clientHeaders({ 'sim-no': card.simNo }), { scene: 'realname' }, { bytes: PNG });
    expect(anonymous).toMatchObject({ code: 34061, data: null });
    const other = await loggedIn((await newCard()).simNo);
    const crossed = await upload({ ...other, 'sim-no': card.simNo }, { scene: 'realname' }, { bytes: PNG });
    expect(crossed).toMatchObject({ code: 34061, data: null });
    const noAvatarSession = await upload(clientHeaders(), { scene: 'avatar' }, { bytes: PNG });
    expect(noAvatarSession).toMatchObject({ code: 61, data: null });
    expect(await db().selectFrom('uploads').selectAll().where('sim_id', '=', card.id).execute()).toEqual([]);

    const avatar = await upload(other, { scene: 'avatar' }, { bytes: PNG });
    expect(avatar.code).toBe(0);
    expect(avatar.data.url).toMatch(/\/api\/upload\/file\?key=[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: pathOf(avatar.data.url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^public/);
  });

  it('answers the envelope for a missing scene or file and for a non-multipart body', async () => {
    const headers = await loggedIn((await newCard()).simNo);
    expect(await upload(headers, {}, { bytes: PNG })).toEqual({
      code: -1,
      message: '上传场景不正确',
      reason: 'uploadSceneInvalid',
      data: { field: 'scene' },
    });
    expect(await upload(headers, { scene: 'passport' }, { bytes: PNG })).toMatchObject({ code: -1 });
    expect(await upload(headers, { scene: 'realname' })).toEqual({
      code: -1,
      message: '请选择要上传的文件',
      reason: 'fileRequired',
      data: { field: 'file' },
    });
    // A JSON body on the multipart upload route: raw on purpose.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers,
      payload: { scene: 'realname' },
      remoteAddress: freshIp(),
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ code: -1, data: { field: 'file' } });
  });

  it('leaves the JSON routes without a multipart parser', async () => {
    const headers = await loggedIn((await newCard({ need_platform_auth: 1 })).simNo);
    const form = multipart({ name: '张三', idCard: ADULT_ID });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/iot/simPlatformAuth',
      headers: { ...headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: -1, data: null });
  });
});
