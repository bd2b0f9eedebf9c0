/**
 * The redaction test (issue 9): requests carrying an ID number, a mobile and a password go through the
 * real app at info level with its log captured; no line holds them in plain text, only masked forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

const ID_NUMBER = '110101199003077758';
const ID_NUMBER_X = '11010519491231002X';
const MOBILE = '13912345678';
const OTHER_MOBILE = '15800001234';
const PASSWORD = 'Hunter2-Secret!';
const SESSION_ID = 'ab'.repeat(32);

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    config: { logLevel: 'debug' },
    logDestination: { write: (line: string) => lines.push(line) },
    extraRoutes(app) {
      app.post('/test/echo-failure', async (req) => {
        const body = req.body as { idCard: string; mobile: string };
        throw new Error(`could not verify ${body.idCard} for ${body.mobile}`);
      });
      app.get('/test/log-objects', async (req) => {
        req.log.info(
          {
            holder: { idCard: ID_NUMBER, mobile: Number(OTHER_MOBILE), contact: `+86${MOBILE}` },
            password: PASSWORD,
            newPayPass: '135790',
            headers: { authorization: `Bearer ${SESSION_ID}`, 'session-id': SESSION_ID },
          },
          `card holder ${ID_NUMBER_X} called from ${MOBILE}`,
        );
        return { ok: true };
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

const logText = () => lines.join('');

describe(`log redaction on ${TEST_DB}`, () => {
  it('masks ID numbers, mobiles and passwords wherever they are logged', async () => {
    lines.length = 0;
    const headers = clientHeaders({ 'session-id': SESSION_ID, 'x-request-id': 'trace-redaction-0001' });
    // Query strings are logged with the request URL.
    await t.app.inject({
      method: 'GET',
      url: `/api/shop/numberList?keyword=${MOBILE}&idCard=${ID_NUMBER}&password=${encodeURIComponent(PASSWORD)}`,
      headers,
    });
    // The SMS outbox logs the mobile it "sends" to.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/hk/sendCode',
      headers: clientHeaders(),
      payload: { mobile: MOBILE, scene: 'login' },
    });
    expect(sent.json()).toMatchObject({ code: 0 });
    // An unexpected error logs its message and stack.
    const failed = await t.app.inject({
      method: 'POST',
      url: '/test/echo-failure',
      payload: { idCard: ID_NUMBER_X, mobile: OTHER_MOBILE },
    });
    expect(failed.statusCode).toBe(500);
    // Fields of logged objects, nested or not, and the message.
    await t.app.inject({ method: 'GET', url: '/test/log-objects' });

    const text = logText();
    expect(lines.length).toBeGreaterThan(6);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    for (const secret of [ID_NUMBER, ID_NUMBER_X, MOBILE, OTHER_MOBILE, PASSWORD, '135790', SESSION_ID]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(encodeURIComponent(PASSWORD));
    // The masked forms are there: the same ones the shop shows.
    expect(text).toContain('139****5678');
    expect(text).toContain('"mobile":"158****1234"'); // a number in the log object, now a masked string
    expect(text).toContain('+86139****5678');
    expect(text).toContain('110101********7758');
    expect(text).toContain('110105********002X');
    expect(text).toContain('password=[Redacted]');
    expect(text).toContain('"password":"[Redacted]"');
    expect(text).toContain('"newPayPass":"[Redacted]"');
    expect(text).toContain('"authorization":"[Redacted]"');
    expect(text).toContain('"session-id":"[Redacted]"');
    expect(text).toContain('could not verify 110105********002X for 158****1234');
  });

  it('the outbox logs a code for the developer, never in production', async () => {
    lines.length = 0;
    const send = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/hk/sendCode',
        headers: clientHeaders(),
        payload: { mobile: OTHER_MOBILE, scene: 'login' },
      });
    expect((await send(t)).json()).toMatchObject({ code: 0 });
    const logged = lines.map((line) => JSON.parse(line)).find((r) => r.msg?.startsWith('sms outbox'));
    expect(logged).toMatchObject({ mobile: '158****1234', scene: 'login', code: expect.stringMatching(/^\d{6}$/) });

    const production: string[] = [];
    const prod = await createTestApp({
      demo: false,
      config: { logLevel: 'info', env: 'production' },
      logDestination: { write: (line: string) => production.push(line) },
    });
    try {
      expect((await send(prod)).json()).toMatchObject({ code: 0 });
      const { code } = await prod.database.handle.db
        .selectFrom('sms_outbox')
        .select('code')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const records = production.map((line) => JSON.parse(line));
      const outbox = records.find((r) => r.msg?.startsWith('sms outbox'));
      expect(outbox).toEqual(expect.objectContaining({ mobile: '158****1234', scene: 'login' }));
      expect(outbox).not.toHaveProperty('code');
      expect(production.join('')).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      // Production is told, once at start, that the built-in stand-ins reach no phone and take no money.
      const warnings = records.filter((r) => r.level === 40).map((r) => r.msg);
      expect(warnings).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^SMS_GATEWAY .*outbox/),
          expect.stringMatching(/^PAYMENT_PROVIDER .*sandbox/),
        ]),
      );
    } finally {
      await prod.close();
    }
  });

  it('every line is JSON; request lines carry the request id, an incoming sane x-request-id is kept', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/hk/genericConfig',
      headers: clientHeaders({ 'x-request-id': 'edge-4f2a9c01' }),
    });
    expect(res.headers['x-request-id']).toBe('edge-4f2a9c01');
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string; level: number });
    const ofRequest = records.filter((r) => r.msg === 'incoming request' || r.msg === 'request completed');
    expect(ofRequest).toHaveLength(2);
    for (const r of ofRequest) expect(r.reqId).toBe('edge-4f2a9c01');

    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'semi;colon-1234']) {
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/hk/genericConfig',
        headers: clientHeaders({ 'x-request-id': bad }),
      });
      expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
