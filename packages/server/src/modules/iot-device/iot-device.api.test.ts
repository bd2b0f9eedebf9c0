import { iotCoreApi, simInfo as simInfoSchema } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryWifi } from '../../gateways/carrier/simulated-carrier.js';
import { MemoryRateLimiter } from '../../http/rate-limit.js';
import { DEMO_SIMS, demoSimRow } from '../../seed/demo-iot-cards.js';
import { endpointCaller } from '../../test/call.js';
import type { SimValues } from '../../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

const NOT_A_DEVICE = REASONS.notADevice.zh;
const TOO_FREQUENT = REASONS.deviceTooFrequent.zh;

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked field by field
type Body = { code: number; message: string; data: any };

const clock = { t: Date.UTC(2026, 2, 1, 4, 0, 0) };
const limiter = new MemoryRateLimiter(() => clock.t);

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  // The real simulated carrier: commands change `sim_devices`, offline devices queue.
  t = await createTestApp({ limiter });
});
afterAll(async () => {
  await t.close();
  await limiter.close();
});

let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const api = endpointCaller(() => t, { remoteAddress: () => freshIp() });

async function call(method: 'GET' | 'POST', url: string, payload?: object, headers = clientHeaders()) {
  const res = await t.app.inject({ method, url, headers, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json() as Body;
}

async function loggedIn(simNo: string) {
  const body = await api(iotCoreApi.simLogin, { simNo, agreeProtocol: 1 });
  expect(body.code, body.message).toBe(0);
  return clientHeaders({ 'session-id': body.data.sessionId, 'sim-no': simNo });
}

const command = (headers: Record<string, string>, name: string, body: object = {}) =>
  call('POST', `/api/iot/iotDevice/${name}`, body, headers);

const deviceOf = async (headers: Record<string, string>) => {
  const body = await api(iotCoreApi.getSimInfo, {}, headers);
  return simInfoSchema.parse(body.data).device;
};

let seq = 0;
interface DeviceOptions {
  sim?: SimValues;
  model?: string;
  wifiEncrypt?: number;
  /** A 2.4G-only device has no 5G network. */
  dualBand?: boolean;
}

/** A device card of its own, online unless told (tests that change a device do not share one). */
async function newDevice(options: DeviceOptions = {}) {
  const n = String(++seq).padStart(4, '0');
  const now = Date.now();
  const deviceNo = `HKTEST${n}0001`;
  const row = demoSimRow(now, {
    sim_no: `144088880${n}`,
    iccid: `898604201888880${n}0`,
    operator_type: 1,
    source_type: 2,
    device_no: deviceNo,
    ...options.sim,
  });
  const { id } = await db().insertInto('sims').values(row).returning('id').executeTakeFirstOrThrow();
  const dualBand = options.dualBand ?? true;
  await db()
    .insertInto('sim_devices')
    .values({
      sim_id: Number(id),
      device_no: deviceNo,
      model: options.model ?? (dualBand ? 'HK-M5 5G随身WiFi' : 'HK-M2 4G随身WiFi'),
      wifi_encrypt: options.wifiEncrypt ?? 1,
      conn_count: 1,
      max_conn_count: 10,
      battery: 80,
      signal: 4,
      show_wifi: 1,
      switch_wifi: 1,
      wifi_name: `Test-${n}`,
      wifi_pass: options.wifiEncrypt === 0 ? '' : 'password1',
      show_wifi_5g: dualBand ? 1 : 0,
      switch_wifi_5g: dualBand ? 1 : 0,
      wifi_name_5g: dualBand ? `Test-${n}_5G` : '',
      wifi_pass_5g: dualBand && options.wifiEncrypt !== 0 ? 'password1' : '',
      updated_at: now,
    })
    .execute();
  return { id: Number(id), simNo: row.sim_no, deviceNo, headers: await loggedIn(row.sim_no) };
}

const offline: SimValues = { internet_status: 0, online_status: 0 };
const setSim = (simNo: string, values: SimValues) =>
  db().updateTable('sims').set(values).where('sim_no', '=', simNo).execute();
const queueOf = (simNo: string) =>
  db()
    .selectFrom('carrier_device_commands')
    .select(['task_id', 'state'])
    .where('sim_no', '=', simNo)
    .orderBy('created_at')
    .execute();

describe(`device commands on an online device, ${TEST_DB}`, () => {
  it('renames and re-keys the demo device 5G network, and simInfo shows it at once', async () => {
    const headers = await loggedIn(DEMO_SIMS.device);
    const body = await command(headers, 'setWiFiSsidPwd', { wifiType: 2, ssid: '客厅 5G', password: 'new-pass#2026' });
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: { taskId: expect.stringMatching(/^DC[0-9a-f]{24}$/), queued: false },
    });
    expect(await deviceOf(headers)).toMatchObject({
      wifiName5G: '客厅 5G',
      wifiPass5G: 'new-pass#2026',
      wifiName: 'Haoka-5G-0102',
    });
    const task = await db()
      .selectFrom('sim_net_tasks')
      .select(['kind', 'state'])
      .where('id', '=', body.data.taskId)
      .executeTakeFirstOrThrow();
    expect(task).toEqual({ kind: 'device:setWiFiSsidPwd', state: 'pending' });
  });

  it('hides and shows a network', async () => {
    const device = await newDevice();
    expect((await command(device.headers, 'setWiFiDisplay', { wifiType: 2, show: 0 })).data.queued).toBe(false);
    expect(await deviceOf(device.headers)).toMatchObject({ showWifi5G: 0, showWifi: 1 });
    expect((await command(device.headers, 'setWiFiDisplay', { wifiType: 1, show: 0 })).code).toBe(0);
    expect((await command(device.headers, 'setWiFiDisplay', { wifiType: 2, show: 1 })).code).toBe(0);
    expect(await deviceOf(device.headers)).toMatchObject({ showWifi5G: 1, showWifi: 0 });
  });

  it('restarts and powers off without changing a setting', async () => {
    const device = await newDevice();
    const before = await deviceOf(device.headers);
    expect(await command(device.headers, 'restart')).toMatchObject({ code: 0, data: { queued: false } });
    expect(await command(device.headers, 'close')).toMatchObject({ code: 0, data: { queued: false } });
    expect(await deviceOf(device.headers)).toEqual(before);
  });

  it('resets to factory settings only with the typed confirmation', async () => {
    const device = await newDevice();
    await command(device.headers, 'setWiFiDisplay', { wifiType: 1, show: 0 });
    expect(await command(device.headers, 'reset')).toMatchObject({ code: -1, data: { field: 'confirm' } });
    expect(await command(device.headers, 'reset', { confirm: 'yes' })).toMatchObject({ code: -1 });
    expect((await deviceOf(device.headers))?.showWifi).toBe(0);
    expect((await command(device.headers, 'reset', { confirm: 'RESET' })).code).toBe(0);
    const factory = factoryWifi(device.deviceNo);
    expect(await deviceOf(device.headers)).toMatchObject({
      showWifi: 1,
      wifiName: factory.name,
      wifiPass: factory.pass,
      wifiName5G: factory.name5g,
      wifiPass5G: factory.pass,
    });
  });
});

describe(`validation of Wi-Fi settings, ${TEST_DB}`, () => {
  it.each([
    ['an empty name', { wifiType: 1, ssid: '', password: 'password1' }, 'ssid'],
    ['a name over 32 characters', { wifiType: 1, ssid: 'a'.repeat(33), password: 'password1' }, 'ssid'],
    ['a name over 32 bytes in UTF-8', { wifiType: 1, ssid: '网'.repeat(11), password: 'password1' }, 'ssid'],
    ['a name with an outer space', { wifiType: 1, ssid: ' home', password: 'password1' }, 'ssid'],
    ['a password under 8', { wifiType: 1, ssid: 'home', password: 'short77' }, 'password'],
    ['a password over 63', { wifiType: 1, ssid: 'home', password: 'p'.repeat(64) }, 'password'],
    ['a password not printable ASCII', { wifiType: 1, ssid: 'home', password: '密码密码密码密码' }, 'password'],
    ['an unknown band', { wifiType: 3, ssid: 'home', password: 'password1' }, 'wifiType'],
  ])('refuses %s', async (_what, body, field) => {
    const device = await newDevice();
    const answer = await command(device.headers, 'setWiFiSsidPwd', body);
    expect(answer).toMatchObject({ code: -1, data: { field } });
    expect(await queueOf(device.simNo)).toEqual([]);
  });

  it('takes names of exactly 32 bytes and passwords of 8 and 63', async () => {
    const device = await newDevice();
    const ok = [
      { wifiType: 1, ssid: 'a'.repeat(32), password: 'p'.repeat(8) },
      { wifiType: 2, ssid: `${'网'.repeat(10)}ab`, password: `${'p'.repeat(62)}~` },
    ];
    for (const body of ok) expect((await command(device.headers, 'setWiFiSsidPwd', body)).code).toBe(0);
    expect(await deviceOf(device.headers)).toMatchObject({
      wifiName: 'a'.repeat(32),
      wifiName5G: '网网网网网网网网网网ab',
    });
  });

  it('an encrypted network needs a password; an open one takes none', async () => {
    const encrypted = await newDevice();
    expect(await command(encrypted.headers, 'setWiFiSsidPwd', { wifiType: 1, ssid: 'home' })).toEqual({
      code: -1,
      message: '请输入8-63位WiFi密码',
      reason: 'wifiPasswordNeeded',
      data: { field: 'password' },
    });
    const open = await newDevice({ wifiEncrypt: 0 });
    // The client drops the empty password from the body.
    expect((await command(open.headers, 'setWiFiSsidPwd', { wifiType: 1, ssid: 'cafe' })).code).toBe(0);
    expect(await deviceOf(open.headers)).toMatchObject({ wifiName: 'cafe', wifiPass: '' });
    expect(await command(open.headers, 'setWiFiSsidPwd', { wifiType: 1, ssid: 'cafe', password: 'password1' })).toEqual(
      {
        code: -1,
        message: '当前WiFi为开放网络，无需设置密码',
        reason: 'wifiOpenNoPassword',
        data: { field: 'password' },
      },
    );
  });
});

describe(`who may send commands, ${TEST_DB}`, () => {
  it('a card that is not a device gets -1 当前卡不是设备卡', async () => {
    const headers = await loggedIn(DEMO_SIMS.normal);
    for (const [name, body] of [
      ['restart', {}],
      ['setWiFiDisplay', { wifiType: 1, show: 0 }],
    ] as const) {
      expect(await command(headers, name, body)).toEqual({
        code: -1,
        message: NOT_A_DEVICE,
        reason: 'notADevice',
        data: null,
      });
    }
  });

  it('a 5G setting on a 2.4G-only model answers 40001', async () => {
    const device = await newDevice({ dualBand: false });
    expect(await command(device.headers, 'setWiFiDisplay', { wifiType: 2, show: 0 })).toEqual({
      code: 40001,
      message: '当前设备型号不支持该功能',
      reason: 'deviceModelUnsupported',
      data: null,
    });
    expect((await command(device.headers, 'setWiFiDisplay', { wifiType: 1, show: 0 })).code).toBe(0);
  });

  it('device management switched off in the card layout answers 40001', async () => {
    await db()
      .insertInto('sim_layouts')
      .values({
        code: 'no-device',
        layout_json: JSON.stringify({
          menus: [
            { key: 'deviceManage', name: '设备管理', icon: '', path: '/pages-sub/iot/deviceManage/index', switch: 0 },
          ],
        }),
        updated_at: 0,
      })
      .execute();
    const device = await newDevice({ sim: { layout_code: 'no-device' } });
    expect((await command(device.headers, 'restart')).code).toBe(40001);
  });

  it('needs the card session (34061)', async () => {
    const body = await command(clientHeaders({ 'sim-no': DEMO_SIMS.device }), 'restart');
    expect(body.code).toBe(34061);
  });
});

describe(`repeats and limits, ${TEST_DB}`, () => {
  it('the same command within 60 s answers the first task and is sent once', async () => {
    const device = await newDevice();
    const body = { wifiType: 1, ssid: 'same', password: 'password1' };
    const first = await command(device.headers, 'setWiFiSsidPwd', body);
    const again = await command(device.headers, 'setWiFiSsidPwd', body);
    expect(again).toEqual(first);
    expect(await queueOf(device.simNo)).toHaveLength(1);
    // A different command is a new task.
    const other = await command(device.headers, 'setWiFiSsidPwd', { ...body, ssid: 'other' });
    expect(other.data.taskId).not.toBe(first.data.taskId);
    // Past the window the same command is sent again.
    await db()
      .updateTable('sim_net_tasks')
      .set({ created_at: Date.now() - 61_000 })
      .where('id', '=', first.data.taskId)
      .execute();
    const later = await command(device.headers, 'setWiFiSsidPwd', body);
    expect(later.data.taskId).not.toBe(first.data.taskId);
    expect(await queueOf(device.simNo)).toHaveLength(3);
  });

  it('a device takes 10 commands in 10 minutes', async () => {
    const device = await newDevice();
    for (let i = 0; i < 10; i++) {
      const body = await command(device.headers, 'setWiFiSsidPwd', {
        wifiType: 1,
        ssid: `n${i}`,
        password: 'password1',
      });
      expect(body.code, body.message).toBe(0);
    }
    const refused = await command(device.headers, 'setWiFiSsidPwd', {
      wifiType: 1,
      ssid: 'n10',
      password: 'password1',
    });
    expect(refused).toEqual({ code: -1, message: TOO_FREQUENT, reason: 'deviceTooFrequent', data: null });
    expect((await deviceOf(device.headers))?.wifiName).toBe('n9');
    // Another device is not limited by this one.
    expect((await command((await newDevice()).headers, 'restart')).code).toBe(0);
    clock.t += 10 * 60_000;
    expect((await command(device.headers, 'restart')).code).toBe(0);
  });
});

describe(`an offline device, ${TEST_DB}`, () => {
  const refresh = (headers: Record<string, string>) => api(iotCoreApi.refreshSim, { force: 1 }, headers);

  it('queues commands and runs them in order when it comes back', async () => {
    const device = await newDevice({ sim: { ...offline, last_robin_at: Date.now() - 3600_000 } });
    const renamed = await command(device.headers, 'setWiFiSsidPwd', {
      wifiType: 2,
      ssid: 'back-5G',
      password: 'password2',
    });
    expect(renamed).toMatchObject({ code: 0, data: { queued: true } });
    expect((await command(device.headers, 'setWiFiDisplay', { wifiType: 2, show: 0 })).data.queued).toBe(true);
    // Nothing changed while it is offline, even after a sync that still finds it offline.
    expect((await refresh(device.headers)).data.onlineStatus).toBe(0);
    expect(await deviceOf(device.headers)).toMatchObject({ wifiName5G: `Test-${String(seq).padStart(4, '0')}_5G` });
    expect((await queueOf(device.simNo)).map((q) => q.state)).toEqual(['queued', 'queued']);

    // The device is back: the next sync delivers the queue.
    await setSim(device.simNo, { internet_status: 1, last_robin_at: Date.now() - 3600_000 });
    const back = await refresh(device.headers);
    expect(back.data.onlineStatus).toBe(1);
    expect(back.data.device).toMatchObject({ wifiName5G: 'back-5G', wifiPass5G: 'password2', showWifi5G: 0 });
    expect((await queueOf(device.simNo)).map((q) => q.state)).toEqual(['applied', 'applied']);
  });

  it('drops a queued command older than 24 h', async () => {
    const device = await newDevice({ sim: { ...offline, last_robin_at: Date.now() - 3600_000 } });
    const body = await command(device.headers, 'setWiFiDisplay', { wifiType: 1, show: 0 });
    expect(body.data.queued).toBe(true);
    await db()
      .updateTable('carrier_device_commands')
      .set({ expires_at: Date.now() - 1 })
      .where('task_id', '=', body.data.taskId)
      .execute();
    await setSim(device.simNo, { internet_status: 1 });
    expect((await refresh(device.headers)).data.device).toMatchObject({ showWifi: 1 });
    expect(await queueOf(device.simNo)).toEqual([{ task_id: body.data.taskId, state: 'expired' }]);
  });
});
