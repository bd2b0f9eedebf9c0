import { DEFAULT_REASONS, defineEndpoint, ErrorCode, queryInt } from '@haoka/contract';
import { DEFAULT_MESSAGES } from '@haoka/contract/reasons';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';
import { contractBreaches } from './answer-check.js';
import { AppError, fail } from './app-error.js';
import { bindEndpoint, SerializedData } from './contract.js';

const SECRET = 'db password is hunter2 at /srv/secret.ts';

const echo = defineEndpoint({
  method: 'GET',
  path: '/api/test/echo',
  input: z.object({ n: queryInt(1, 10), tag: z.string().max(5).optional() }),
  data: z.object({ n: z.number(), tag: z.string().nullable() }),
  auth: 'none',
});
const echoPost = defineEndpoint({
  method: 'POST',
  path: '/api/test/echo',
  input: z.object({ items: z.array(z.object({ id: z.number().int().positive() })).min(1) }),
  data: z.object({ count: z.number() }),
  auth: 'none',
});
const boom = defineEndpoint({
  method: 'GET',
  path: '/api/test/boom',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});
const boomAsync = defineEndpoint({
  method: 'POST',
  path: '/api/test/boom-async',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});
const client4xx = defineEndpoint({
  method: 'GET',
  path: '/api/test/client-error',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});
const refuse = defineEndpoint({
  method: 'GET',
  path: '/api/test/refuse',
  input: z.object({ code: z.coerce.number().int(), custom: z.enum(['0', '1']).default('0') }),
  data: z.null(),
  auth: 'none',
});
const failing = defineEndpoint({
  method: 'GET',
  path: '/api/test/fail',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});
const nothing = defineEndpoint({
  method: 'GET',
  path: '/api/test/nothing',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});

const syncing = defineEndpoint({
  method: 'GET',
  path: '/api/test/syncing',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});

const listed = z.object({ list: z.array(z.object({ n: z.number(), tag: z.string().nullable() })) });
const broken = defineEndpoint({
  method: 'GET',
  path: '/api/test/broken',
  input: z.object({}),
  data: listed,
  auth: 'none',
});
const brokenCached = defineEndpoint({
  method: 'GET',
  path: '/api/test/broken-cached',
  input: z.object({ good: z.enum(['0', '1']) }),
  data: listed,
  auth: 'none',
});
const goodCached = new SerializedData<z.output<typeof listed>>('{"list":[{"n":1,"tag":null}]}');
const badCached = new SerializedData<z.output<typeof listed>>('{"list":[{"n":1,"tag":null},{"n":2}]}');

function probes(app: FastifyInstance) {
  // The handlers lie about their types on purpose: the check reads what goes on the wire.
  bindEndpoint(app, app.ctx.db, broken, () => ({
    list: [
      { n: 1, tag: null },
      { n: '2' as unknown as number, tag: null },
    ],
  }));
  bindEndpoint(app, app.ctx.db, brokenCached, (input) => (input.good === '1' ? goodCached : badCached));
  bindEndpoint(app, app.ctx.db, echo, (input) => ({ n: input.n, tag: input.tag ?? null }));
  bindEndpoint(app, app.ctx.db, echoPost, (input) => ({ count: input.items.length }));
  bindEndpoint(app, app.ctx.db, boom, () => {
    throw new Error(SECRET);
  });
  bindEndpoint(app, app.ctx.db, boomAsync, async () => {
    await new Promise((r) => setTimeout(r, 1));
    throw new TypeError(SECRET);
  });
  bindEndpoint(app, app.ctx.db, client4xx, () => {
    throw Object.assign(new Error(SECRET), { statusCode: 400 });
  });
  bindEndpoint(app, app.ctx.db, refuse, (input) => {
    const code = input.code as Exclude<ErrorCode, 0>;
    if (input.custom === '1') throw new AppError(code, 'payPasswordWrong', { remainTimes: 2, n: 1 });
    throw new AppError(code);
  });
  bindEndpoint(app, app.ctx.db, failing, () => {
    throw fail('balanceTooLow', { field: 'amount' });
  });
  bindEndpoint(app, app.ctx.db, nothing, () => undefined as never);
  bindEndpoint(app, app.ctx.db, syncing, (_input, ctx) => {
    ctx.reason = 'dataSyncing';
    return null;
  });
  app.post('/api/test/raw', async (req) => req.body);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: probes });
});
afterAll(() => t.close());

function expectNoLeak(text: string) {
  expect(text).not.toContain('hunter2');
  expect(text).not.toContain('secret.ts');
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toMatch(/stack/i);
  expect(text).not.toMatch(/Error:/);
}

describe(`contract binding on ${TEST_DB}`, () => {
  it('parses a GET query with the endpoint schema and wraps the result', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/echo?n=5&tag=ab', headers: clientHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { n: 5, tag: 'ab' } });
  });

  it.each([
    ['a missing query integer', '', '缺少参数：n', 'paramMissing', 'n'],
    ['a non-numeric query integer', '?n=abc', '参数类型不正确：n', 'paramType', 'n'],
    ['an out-of-range query integer', '?n=11', '参数超出范围：n', 'paramRange', 'n'],
    ['a too long string', '?n=1&tag=abcdef', '参数超出范围：tag', 'paramRange', 'tag'],
  ])('%s → -1 with data.field', async (_label, query, message, reason, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/test/echo${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: -1, message, reason, data: { field } });
  });

  it('parses a POST body and names a nested field', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { items: [{ id: 1 }, { id: 2 }] },
    });
    expect(ok.json()).toEqual({ code: 0, message: 'ok', data: { count: 2 } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { items: [{ id: 1 }, {}] } });
    expect(bad.json()).toEqual({
      code: -1,
      message: '缺少参数：items.1.id',
      reason: 'paramMissing',
      data: { field: 'items.1.id' },
    });
  });

  it('a handler returning nothing still sends a data key (null)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/nothing' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ code: 0, message: 'ok', data: null });
    expect(Object.hasOwn(body, 'data')).toBe(true);
  });
});

describe(`AppError → HTTP 200 envelope on ${TEST_DB}`, () => {
  const codes = [
    ErrorCode.FAIL,
    ErrorCode.SHOP_LOGIN_TIMEOUT,
    ErrorCode.SIM_LOGIN_TIMEOUT,
    ErrorCode.SOLD_OUT,
    ErrorCode.ORDER_REJECTED,
    ErrorCode.NUMBER_TAKEN,
    ErrorCode.MODULE_CLOSED,
    ErrorCode.NOT_DIRECT_DOWNSTREAM,
    ErrorCode.VERIFY_REQUIRED,
    ErrorCode.PRECONDITION_REQUIRED,
  ];

  it.each(codes)('code %i with its default reason, its message and data null', async (code) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/test/refuse?code=${code}` });
    expect(res.statusCode).toBe(200);
    const reason = DEFAULT_REASONS[code];
    expect(res.json()).toEqual({ code, message: DEFAULT_MESSAGES[code], reason, data: null });
  });

  it.each(codes)('code %i with its own reason, its text filled from the data, and the data', async (code) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/test/refuse?code=${code}&custom=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code,
      message: '支付密码错误，还可尝试2次',
      reason: 'payPasswordWrong',
      data: { remainTimes: 2, n: 1 },
    });
  });

  it('fail() is -1 with the reason, its message and data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/fail' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: -1, message: '余额不足', reason: 'balanceTooLow', data: { field: 'amount' } });
  });

  it('a success that says more than ok carries its reason', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/syncing' });
    expect(res.json()).toEqual({ code: 0, message: '数据同步中', reason: 'dataSyncing', data: null });
  });
});

describe(`the test-mode reason check on ${TEST_DB}`, () => {
  it('turns an envelope without a known reason into a 500 and logs it', async () => {
    for (const body of [
      { code: -1, message: '随便写的提示', data: null },
      { code: -1, message: '随便写的提示', reason: 'noSuchReason', data: null },
      { code: -1, message: '发送太频繁', reason: 'smsTooFrequent', data: null },
      { code: 0, message: '数据同步中', data: null },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/raw', payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(500);
      expect(res.json()).toMatchObject({ code: -1, reason: 'serverBusy' });
      expect(t.serverErrors().join('\n')).toContain('answer without a known reason');
    }
  });

  it('lets a known reason whose text is the message through', async () => {
    const body = { code: -1, message: '发送太频繁，请稍后再试', reason: 'smsTooFrequent', data: null };
    const res = await t.app.inject({ method: 'POST', url: '/api/test/raw', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });
});

describe(`answers checked against the contract on ${TEST_DB}`, () => {
  it('a success whose data breaks the data schema is a 500, logged and recorded with the bad field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: -1, reason: 'serverBusy' });
    expect(t.serverErrors().join('\n')).toContain('answer breaks the contract of GET /api/test/broken: list.1.n');
    // The API test setup would fail this test with the breach; it is the one expected here.
    expect(contractBreaches.splice(0)).toEqual([
      { endpoint: 'GET /api/test/broken', issues: [expect.stringMatching(/^list\.1\.n: /)] },
    ]);
  });

  it('checks pre-serialised data too, every time until it passes', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/broken-cached?good=0' });
      expect(res.statusCode).toBe(500);
    }
    expect(contractBreaches.splice(0).map((b) => b.issues)).toEqual([
      [expect.stringMatching(/^list\.1\.tag: /)],
      [expect.stringMatching(/^list\.1\.tag: /)],
    ]);
    const ok = await t.app.inject({ method: 'GET', url: '/api/test/broken-cached?good=1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 0, message: 'ok', data: { list: [{ n: 1, tag: null }] } });
  });
});

describe(`unexpected errors → HTTP 500 on ${TEST_DB}`, () => {
  it.each([
    ['a thrown Error', 'GET', '/api/test/boom'],
    ['a rejected async handler', 'POST', '/api/test/boom-async'],
  ] as const)('%s gives the generic envelope, no message and no stack', async (_label, method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: clientHeaders(),
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: -1, message: '服务器繁忙，请稍后再试', reason: 'serverBusy', data: null });
    expectNoLeak(res.body);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('an error carrying a 4xx status gives that status with a generic message, not its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/client-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: '请求格式不正确', reason: 'badRequest', data: null });
    expectNoLeak(res.body);
  });
});

describe(`request id on ${TEST_DB}`, () => {
  it('echoes a well-formed x-request-id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/nothing',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('req-12345678');
  });

  it.each(['short', 'has space 12345', 'x'.repeat(65)])('replaces a malformed x-request-id %j', async (given) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/nothing', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).not.toBe(given);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives every request its own id', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/test/nothing' });
    const b = await t.app.inject({ method: 'GET', url: '/api/test/nothing' });
    expect(a.headers['x-request-id']).toBeTruthy();
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe(`malformed requests on ${TEST_DB}`, () => {
  const url = '/api/dictData/options';

  it('invalid JSON → HTTP 400 envelope, no parser detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"types": ["sim_status",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: '请求格式不正确', reason: 'badRequest', data: null });
    expectNoLeak(res.body);
    expect(res.body).not.toMatch(/JSON|Unexpected|position/i);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('an empty JSON body → HTTP 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: '请求格式不正确', reason: 'badRequest', data: null });
  });

  it('a __proto__ key in JSON is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"types":["sim_status"],"__proto__":{"polluted":1}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, data: null });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an unsupported content type → HTTP 415 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml' },
      payload: '<types><t>sim_status</t></types>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: -1, message: '请求内容类型不支持', reason: 'unsupportedMediaType', data: null });
  });

  it('a text/plain body is not accepted as the JSON input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: '{"types":["sim_status"]}',
    });
    expect([200, 415]).toContain(res.statusCode);
    const body = res.json();
    expect(body.code).toBe(-1);
    expect(typeof body.message).toBe('string');
    expect(Object.hasOwn(body, 'data')).toBe(true);
  });

  it('a body over 1 MB → HTTP 413 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ types: ['a'], pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: -1, message: '请求内容过大', reason: 'payloadTooLarge', data: null });
  });
});

describe(`unknown routes on ${TEST_DB}`, () => {
  it.each(['/api/no/such/thing', '/api', '/api/', '/api/hk/baseConfig/', '/api/no?x=1'])(
    '%s → HTTP 404 envelope',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: clientHeaders() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: -1, message: '接口不存在', reason: 'apiNotFound', data: null });
      expect(res.headers['x-request-id']).toBeTruthy();
    },
  );

  it('GET on a POST-only endpoint → HTTP 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dictData/options?types=sim_status' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: '接口不存在', reason: 'apiNotFound', data: null });
  });

  it('POST on a GET-only endpoint → HTTP 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/hk/genericConfig', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: '接口不存在', reason: 'apiNotFound', data: null });
  });

  it('a path outside /api is a plain 404, not an envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apix/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Not Found');
  });
});
