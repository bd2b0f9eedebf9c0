/**
 * Wi-Fi codes over the real app and a real database (SQLite and PostgreSQL): a code is made once per
 * creator and network (also under concurrent taps), resolves to the network with the standard `WIFI:`
 * payload and the connect link, refuses bad input with the field, is rate-limited per creator, and
 * answers 40001 when the feature is switched off.
 */
import { randomBytes } from 'node:crypto';
import { type EndpointInput, ErrorCode, wifiApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, malformed } from '../../test/call.js';
import { clientHeaders, createTestApp, type TestApp } from '../../test/harness.js';
import { putSetting } from '../site/repository.js';
import { CREATE_PER_OWNER_RULE, WIFI_SETTING_KEY } from './service.js';

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

/** A fresh anonymous client (its own order-session-id and IP). */
function newClient() {
  const octet = () => randomBytes(1)[0] ?? 1;
  return {
    headers: clientHeaders({ 'order-session-id': randomBytes(16).toString('hex') }),
    ip: `10.${octet()}.${octet()}.${octet()}`,
  };
}
type Client = ReturnType<typeof newClient>;

type Network = EndpointInput<typeof wifiApi.wifiCreate>;

function create(client: Client, network: Network) {
  return callEndpoint(t, wifiApi.wifiCreate, network, { as: client.headers, remoteAddress: client.ip });
}

function resolve(code: string) {
  return callEndpoint(t, wifiApi.getWifiCode, { code });
}

describe('wifiCreate and getWifiCode', () => {
  it('makes an 8-character base62 code that resolves to the network, its WIFI: payload and connect link', async () => {
    const client = newClient();
    const made = await create(client, { ssid: 'Cafe 5G', password: 'espresso123', encrypt: 'WPA' });
    expect(made.code).toBe(0);
    expect(made.data.code).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(made.data.qrUrl).toBe('WIFI:T:WPA;S:Cafe 5G;P:espresso123;;');
    expect(made.data.connectUrl).toBe(`http://localhost:80/shop/#/pages-sub/wifi/connect?code=${made.data.code}`);

    const got = await resolve(made.data.code);
    expect(got.code).toBe(0);
    expect(got.data).toEqual({
      ...made.data,
      ssid: 'Cafe 5G',
      password: 'espresso123',
      encrypt: 'WPA',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });

  it('escapes the reserved characters \\ ; , : " in the payload and keeps any SSID characters as typed', async () => {
    const ssid = '咖啡;"馆":A,B\\';
    const password = 'p;a:s,s"w\\d <>&';
    const made = await create(newClient(), { ssid, password, encrypt: 'WPA' });
    expect(made.code).toBe(0);
    expect(made.data.qrUrl).toBe('WIFI:T:WPA;S:咖啡\\;\\"馆\\"\\:A\\,B\\\\;P:p\\;a\\:s\\,s\\"w\\\\d <>&;;');
    const got = await resolve(made.data.code);
    expect(got.data).toMatchObject({ ssid, password, encrypt: 'WPA' });
  });

  it('an open network has no password, even when one is sent, and a WEP network keeps T:WEP', async () => {
    const open = await create(newClient(), { ssid: 'Guest', password: 'ignored-pass', encrypt: 'nopass' });
    expect(open.data.qrUrl).toBe('WIFI:T:nopass;S:Guest;;');
    expect((await resolve(open.data.code)).data).toMatchObject({ ssid: 'Guest', password: '', encrypt: 'nopass' });

    const wep = await create(newClient(), { ssid: 'Old', password: 'abcdefgh', encrypt: 'WEP' });
    expect(wep.data.qrUrl).toBe('WIFI:T:WEP;S:Old;P:abcdefgh;;');
  });

  it('is idempotent per creator and network: the same network answers the same code, another creator gets its own', async () => {
    const client = newClient();
    const network: Network = { ssid: 'Office', password: '12345678', encrypt: 'WPA' };
    const first = await create(client, network);
    const again = await create(client, network);
    expect(again.data).toEqual(first.data);

    const otherPassword = await create(client, { ...network, password: '87654321' });
    expect(otherPassword.data.code).not.toBe(first.data.code);
    const otherCreator = await create(newClient(), network);
    expect(otherCreator.data.code).not.toBe(first.data.code);

    const rows = await db().selectFrom('wifi_codes').select('code').where('ssid', '=', 'Office').execute();
    expect(rows).toHaveLength(3);
  });

  it('concurrent taps of one creator make exactly one code', async () => {
    const client = newClient();
    const network: Network = { ssid: 'Race', password: 'racing-pass', encrypt: 'WPA' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(client, network)));
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill(0));
    expect(new Set(answers.map((a) => a.data.code)).size).toBe(1);
    const rows = await db().selectFrom('wifi_codes').select('code').where('ssid', '=', 'Race').execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ ssid: '', password: '12345678', encrypt: 'WPA' }, 'ssid', '请输入WiFi名称'],
    [{ ssid: '   ', password: '12345678', encrypt: 'WPA' }, 'ssid', '请输入WiFi名称'],
    [{ ssid: '一二三四五六七八九十一', password: '12345678', encrypt: 'WPA' }, 'ssid', 'WiFi名称最多32个字节'],
    [{ ssid: 'a'.repeat(33), password: '12345678', encrypt: 'WPA' }, 'ssid', 'WiFi名称最多32个字节'],
    [{ ssid: 'tab\there', password: '12345678', encrypt: 'WPA' }, 'ssid', 'WiFi名称不能包含控制字符'],
    [{ ssid: 'Home', encrypt: 'WPA' }, 'password', '请输入WiFi密码'],
    [{ ssid: 'Home', password: '1234567', encrypt: 'WPA' }, 'password', '密码长度为8-63位'],
    [{ ssid: 'Home', password: 'x'.repeat(64), encrypt: 'WEP' }, 'password', '密码长度为8-63位'],
    [
      { ssid: 'Home', password: '密码密码密码密码', encrypt: 'WPA' },
      'password',
      '密码只能包含英文字母、数字和英文符号',
    ],
    [{ ssid: 'Home', password: '12345678', encrypt: 'WPA3' }, 'encrypt', '请选择加密方式'],
  ])('refuses %j on %s with -1 and a message', async (payload, field, message) => {
    // Each payload breaks the schema on purpose (WPA3 is not even the declared type).
    const body = await create(newClient(), malformed(payload));
    expect(body.code).toBe(ErrorCode.FAIL);
    expect(body.message).toContain(message);
    expect(body.data).toEqual({ field });
  });

  it('accepts a 32-byte SSID of Chinese characters and an SSID with spaces inside', async () => {
    const ssid = '一二三四五六七八九十A '; // 30 + 2 bytes
    const body = await create(newClient(), { ssid, password: '12345678', encrypt: 'WPA' });
    expect(body.code).toBe(0);
    expect((await resolve(body.data.code)).data.ssid).toBe(ssid);
  });

  it('needs the order-session-id header that names the creator', async () => {
    const client = newClient();
    const { 'order-session-id': _dropped, ...headers } = client.headers;
    const body = await create({ ...client, headers }, { ssid: 'NoOwner', password: '12345678', encrypt: 'WPA' });
    expect(body.code).toBe(ErrorCode.FAIL);
    expect(body.data).toEqual({ field: 'order-session-id' });
  });

  it('limits new codes per creator; a code already made is still answered', async () => {
    const client = newClient();
    const made: string[] = [];
    for (let i = 0; i < CREATE_PER_OWNER_RULE.limit; i++) {
      const body = await create(client, { ssid: `Shop ${i}`, password: '12345678', encrypt: 'WPA' });
      expect(body.code).toBe(0);
      made.push(body.data.code);
    }
    const refused = await create(client, { ssid: 'One more', password: '12345678', encrypt: 'WPA' });
    expect(refused).toMatchObject({ code: ErrorCode.FAIL, message: '操作太频繁，请稍后再试' });
    const repeat = await create(client, { ssid: 'Shop 0', password: '12345678', encrypt: 'WPA' });
    expect(repeat).toMatchObject({ code: 0, data: { code: made[0] } });
    // Another creator is not held back by this one.
    expect((await create(newClient(), { ssid: 'One more', password: '12345678', encrypt: 'WPA' })).code).toBe(0);
  });

  it('an unknown, malformed or withdrawn code answers -1 该WiFi码已失效', async () => {
    const made = await create(newClient(), { ssid: 'Withdrawn', password: '12345678', encrypt: 'WPA' });
    await db().updateTable('wifi_codes').set({ enabled: 0 }).where('code', '=', made.data.code).execute();
    for (const code of [made.data.code, 'ZZZZZZZZ', 'bad!code', '']) {
      expect(await resolve(code)).toMatchObject({ code: ErrorCode.FAIL, message: '该WiFi码已失效' });
    }
  });

  it('switched off by the setting: making a code answers 40001, codes already made keep resolving', async () => {
    const made = await create(newClient(), { ssid: 'Before', password: '12345678', encrypt: 'WPA' });
    await putSetting(db(), WIFI_SETTING_KEY, { enabled: 0 });
    try {
      const closed = await create(newClient(), { ssid: 'After', password: '12345678', encrypt: 'WPA' });
      expect(closed).toMatchObject({ code: ErrorCode.MODULE_CLOSED, message: 'WiFi码功能暂未开放' });
      expect((await resolve(made.data.code)).code).toBe(0);
    } finally {
      await putSetting(db(), WIFI_SETTING_KEY, { enabled: 1 });
    }
    expect((await create(newClient(), { ssid: 'After', password: '12345678', encrypt: 'WPA' })).code).toBe(0);
  });
});
