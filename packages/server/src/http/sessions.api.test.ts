import { defineEndpoint, ErrorCode } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoSimRow } from '../seed/demo-iot-cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';
import { bindEndpoint } from './contract.js';
import {
  authorizeCard,
  CARD_TTL_MS,
  createSession,
  newSessionId,
  revokeCard,
  SHOPPER_TTL_MS,
  setShopperMobile,
} from './sessions.js';

const DAY = 24 * 3600_000;

const shopperProbe = defineEndpoint({
  method: 'GET',
  path: '/api/test/shopper',
  input: z.object({}),
  data: z.object({ mobile: z.string().nullable(), sessionId: z.string().nullable() }),
  auth: 'shopper',
});
const cardProbe = defineEndpoint({
  method: 'POST',
  path: '/api/test/card',
  input: z.object({}),
  data: z.object({ simNo: z.string().nullable(), sessionId: z.string().nullable() }),
  auth: 'card',
});
const openProbe = defineEndpoint({
  method: 'GET',
  path: '/api/test/open',
  input: z.object({}),
  data: z.object({ hasSession: z.boolean() }),
  auth: 'none',
});

let handlerCalls = 0;
function probes(app: FastifyInstance) {
  bindEndpoint(app, app.ctx.db, shopperProbe, (_input, ctx) => {
    handlerCalls += 1;
    return { mobile: ctx.shopperMobile, sessionId: ctx.session?.id ?? null };
  });
  bindEndpoint(app, app.ctx.db, cardProbe, (_input, ctx) => {
    handlerCalls += 1;
    return { simNo: ctx.simNo, sessionId: ctx.session?.id ?? null };
  });
  bindEndpoint(app, app.ctx.db, openProbe, (_input, ctx) => ({ hasSession: ctx.session !== undefined }));
}

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: probes });
});
afterAll(() => t.close());

const SHOP_TIMEOUT = {
  code: ErrorCode.SHOP_LOGIN_TIMEOUT,
  message: '登录超时，请重新登录！',
  reason: 'loginTimeout',
  data: null,
};
const SIM_TIMEOUT = {
  code: ErrorCode.SIM_LOGIN_TIMEOUT,
  message: '登录超时，请重新登录！',
  reason: 'loginTimeout',
  data: null,
};

async function asShopper(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/test/shopper', headers: clientHeaders(headers) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function asCard(headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/test/card',
    headers: clientHeaders(headers),
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe(`shopper endpoints (61) on ${TEST_DB}`, () => {
  it('without session-id → 61, handler not run', async () => {
    const before = handlerCalls;
    expect(await asShopper({})).toEqual(SHOP_TIMEOUT);
    expect(handlerCalls).toBe(before);
  });

  it('with an unknown session id → 61', async () => {
    expect(await asShopper({ 'session-id': newSessionId() })).toEqual(SHOP_TIMEOUT);
  });

  it('with a malformed session id → 61', async () => {
    expect(await asShopper({ 'session-id': 'not-a-session' })).toEqual(SHOP_TIMEOUT);
  });

  it('with a session that has no mobile (card-only) → 61', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, '8986000000001');
    expect(await asShopper({ 'session-id': id })).toEqual(SHOP_TIMEOUT);
  });

  it('with an expired shopper session → 61', async () => {
    const id = await createSession(db(), { mobile: '13800000011' });
    await db()
      .updateTable('sessions')
      .set({ shopper_expires_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
    expect(await asShopper({ 'session-id': id })).toEqual(SHOP_TIMEOUT);
  });

  it('an expired session is not revived by a later visit', async () => {
    const id = await createSession(db(), { mobile: '13800000012' }, Date.now() - 8 * DAY);
    expect(await asShopper({ 'session-id': id })).toEqual(SHOP_TIMEOUT);
    expect(await asShopper({ 'session-id': id })).toEqual(SHOP_TIMEOUT);
    const row = await db().selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.shopper_expires_at).toBeLessThan(Date.now());
  });

  it('with a live shopper session → 0 and the handler sees the mobile', async () => {
    const id = await createSession(db(), { mobile: '13800000013' });
    expect(await asShopper({ 'session-id': id })).toEqual({
      code: 0,
      message: 'ok',
      data: { mobile: '13800000013', sessionId: id },
    });
  });

  it('the session-id header is read case-insensitively', async () => {
    const id = await createSession(db(), { mobile: '13800000014' });
    expect((await asShopper({ 'session-id': id.toUpperCase() })).data).toEqual({
      mobile: '13800000014',
      sessionId: id,
    });
  });

  it('a visit after 5 minutes slides the 7-day expiry', async () => {
    const created = Date.now() - 6 * DAY;
    const id = await createSession(db(), { mobile: '13800000015' }, created);
    expect((await asShopper({ 'session-id': id })).code).toBe(0);
    const row = await db().selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBeGreaterThan(created);
    expect(row.shopper_expires_at).toBeGreaterThan(Date.now() + SHOPPER_TTL_MS - 60_000);
  });

  it('logging out (mobile cleared) → 61', async () => {
    const id = await createSession(db(), { mobile: '13800000016' });
    expect((await asShopper({ 'session-id': id })).code).toBe(0);
    await setShopperMobile(db(), id, null);
    expect(await asShopper({ 'session-id': id })).toEqual(SHOP_TIMEOUT);
  });

  it('an open endpoint does not load the session', async () => {
    const id = await createSession(db(), { mobile: '13800000017' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/open',
      headers: clientHeaders({ 'session-id': id }),
    });
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { hasSession: false } });
  });
});

describe(`card endpoints (34061) on ${TEST_DB}`, () => {
  const SIM_A = '898600000000000000A1';
  const SIM_B = '898600000000000000B2';

  // A session holds only cards that exist: the binding loads the card it names.
  beforeAll(async () => {
    const now = Date.now();
    await db()
      .insertInto('sims')
      .values(
        [SIM_A, SIM_B].map((simNo) =>
          demoSimRow(now, { sim_no: simNo, iccid: simNo.replace('8986', '8987'), operator_type: 1 }),
        ),
      )
      .execute();
  });

  it('without sim-no → 34061', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    expect(await asCard({ 'session-id': id })).toEqual(SIM_TIMEOUT);
  });

  it('without session-id → 34061, handler not run', async () => {
    const before = handlerCalls;
    expect(await asCard({ 'sim-no': SIM_A })).toEqual(SIM_TIMEOUT);
    expect(handlerCalls).toBe(before);
  });

  it('with an unknown session → 34061', async () => {
    expect(await asCard({ 'session-id': newSessionId(), 'sim-no': SIM_A })).toEqual(SIM_TIMEOUT);
  });

  it('when the session does not hold that card → 34061', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    expect(await asCard({ 'session-id': id, 'sim-no': SIM_B })).toEqual(SIM_TIMEOUT);
  });

  it('a card held by another session does not authorise this one', async () => {
    const owner = await createSession(db(), {});
    await authorizeCard(db(), owner, SIM_A);
    const other = await createSession(db(), {});
    expect(await asCard({ 'session-id': other, 'sim-no': SIM_A })).toEqual(SIM_TIMEOUT);
  });

  it('→ 0 after authorizeCard, and the handler sees the card', async () => {
    const id = await createSession(db(), {});
    expect(await asCard({ 'session-id': id, 'sim-no': SIM_A })).toEqual(SIM_TIMEOUT);
    await authorizeCard(db(), id, SIM_A);
    expect(await asCard({ 'session-id': id, 'sim-no': SIM_A })).toEqual({
      code: 0,
      message: 'ok',
      data: { simNo: SIM_A, sessionId: id },
    });
  });

  it('sim-no is matched exactly (letter case counts)', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    expect(await asCard({ 'session-id': id, 'sim-no': SIM_A.toLowerCase() })).toEqual(SIM_TIMEOUT);
  });

  it('a shopper session also works for a card it holds', async () => {
    const id = await createSession(db(), { mobile: '13800000021' });
    await authorizeCard(db(), id, SIM_A);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_A })).code).toBe(0);
  });

  it('one session holds two cards and can use both', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    await authorizeCard(db(), id, SIM_B);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_A })).data).toEqual({ simNo: SIM_A, sessionId: id });
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_B })).data).toEqual({ simNo: SIM_B, sessionId: id });
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_A })).code).toBe(0);
  });

  it('authorising the same card twice is harmless', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    await authorizeCard(db(), id, SIM_A);
    const rows = await db().selectFrom('session_cards').selectAll().where('session_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_A })).code).toBe(0);
  });

  it('a card last used more than 30 days ago → 34061', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A, Date.now() - CARD_TTL_MS - 60_000);
    expect(await asCard({ 'session-id': id, 'sim-no': SIM_A })).toEqual(SIM_TIMEOUT);
  });

  it('an old card expires on its own while the other card of the session stays', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    await authorizeCard(db(), id, SIM_B);
    await db()
      .updateTable('session_cards')
      .set({ last_used_at: Date.now() - 31 * DAY })
      .where('session_id', '=', id)
      .where('sim_no', '=', SIM_A)
      .execute();
    expect(await asCard({ 'session-id': id, 'sim-no': SIM_A })).toEqual(SIM_TIMEOUT);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_B })).code).toBe(0);
  });

  it('a card used 29 days ago still works, and the use slides its 30 days', async () => {
    const id = await createSession(db(), {});
    const old = Date.now() - 29 * DAY;
    await authorizeCard(db(), id, SIM_A, old);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_A })).code).toBe(0);
    const row = await db()
      .selectFrom('session_cards')
      .selectAll()
      .where('session_id', '=', id)
      .where('sim_no', '=', SIM_A)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeGreaterThan(Date.now() - 60_000);
    expect(row.authorized_at).toBe(old);
  });

  it('re-authorising an expired card makes it usable again', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A, Date.now() - 40 * DAY);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_A })).code).toBe(ErrorCode.SIM_LOGIN_TIMEOUT);
    await authorizeCard(db(), id, SIM_A);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_A })).code).toBe(0);
  });

  it('a revoked card → 34061', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    await authorizeCard(db(), id, SIM_B);
    await revokeCard(db(), id, SIM_A);
    expect(await asCard({ 'session-id': id, 'sim-no': SIM_A })).toEqual(SIM_TIMEOUT);
    expect((await asCard({ 'session-id': id, 'sim-no': SIM_B })).code).toBe(0);
  });

  it('a card session is not a shopper session', async () => {
    const id = await createSession(db(), {});
    await authorizeCard(db(), id, SIM_A);
    expect(await asShopper({ 'session-id': id, 'sim-no': SIM_A })).toEqual(SHOP_TIMEOUT);
  });
});
