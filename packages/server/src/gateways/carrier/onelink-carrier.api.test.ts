/**
 * CARRIER_GATEWAY=onelink against the fake OneLink EC v5 (test/fakes/onelink.ts): the card's sync reads
 * state, stop reason, usage and real-name from the platform and the card home shows them; stop and resume
 * go to it; an expired token is renewed once; the sync job asks 100 cards a call. What every platform does
 * alike (refused credentials, a platform that does not answer, the refusals) is proved once for both in
 * connectivity-platforms.api.test.ts.
 */
import { iotCoreApi } from '@haoka/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncOldestCards } from '../../jobs/upstream-sync.js';
import { demoSimRow } from '../../seed/demo-iot-cards.js';
import { endpointCaller } from '../../test/call.js';
import { testCards } from '../../test/cards.js';
import { FAKE_ONELINK_EXPIRED, type OnelinkFake, startOnelinkFake } from '../../test/fakes/onelink.js';
import { PLATFORM_TIMEOUT_MS, platformCards, platformTestApp } from '../../test/fakes/platform-app.js';
import { TEST_DB, type TestApp } from '../../test/harness.js';
import { systemClock } from '../outbound-http.js';
import { ONELINK_OVER_LIMIT_WAIT_MS, OnelinkCarrier } from './onelink-carrier.js';
import type { PlatformClock } from './platform-http.js';

let t: TestApp;
let fake: OnelinkFake;
const db = () => t.database.handle.db;
const newCard = testCards(() => t, { subnet: 91 });
const api = endpointCaller(() => t);

const { setSim, simRow, refresh } = platformCards(() => t);

beforeAll(async () => {
  fake = await startOnelinkFake();
  t = await platformTestApp({
    carrierGateway: 'onelink',
    carrier: { onelink: { baseUrl: fake.url, appId: fake.appId, password: fake.password } },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.delayMs = 0;
  fake.overLimitNext = 0;
  fake.callsPerSecond = 50;
});

/** A card due for a forced refresh (its last sync two minutes old). */
async function dueCard(values: Record<string, unknown> = {}) {
  const card = await newCard({ last_robin_at: Date.now() - 2 * 60_000, ...values });
  return card;
}
const callsTo = (path: string) => fake.calls.filter((c) => c.path === `/v5/ec/${path}`);

describe(`CARRIER_GATEWAY=onelink on ${TEST_DB}`, () => {
  it('a refresh reads state, usage and real-name from OneLink, and the card home shows them', async () => {
    const card = await dueCard({ use_flow: 100, total_flow: 10_240, auth_status: 0, sim_status: 1 });
    fake.addCard({ msisdn: card.simNo, cardStatus: '2', usageKb: 300 * 1024, realNameStatus: '1', onOff: '1' });
    const body = await refresh(card.headers);
    expect(body).toMatchObject({ code: 0, data: { simStatus: 2, stopReason: '', authStatus: 1 } });
    // 300 MB this month, none recorded yet: all of it is added to the pool's use.
    expect(body.data.useFlow).toBe(400);
    const info = await api(iotCoreApi.getSimInfo, {}, card.headers);
    expect(info.data).toMatchObject({ simStatus: 2, useFlow: 400, authStatus: 1, onlineStatus: 1 });
    // The platform was asked with a token, and the password never left the token call.
    const status = callsTo('query/sim-status').at(-1);
    expect(status?.query).toMatchObject({ msisdn: card.simNo });
    expect(status?.query.token).toMatch(/^tok/);
    expect(fake.calls.filter((c) => c.query.password !== undefined).every((c) => c.path === '/v5/ec/get/token')).toBe(
      true,
    );

    // A later sync adds only what the platform counted since.
    fake.cards.get(card.simNo)!.usageKb = 350 * 1024;
    await setSim(card.simNo, { last_robin_at: Date.now() - 2 * 60_000 });
    expect((await refresh(card.headers)).data.useFlow).toBe(450);
  });

  it.each([
    ['信控双向停机', '000020000000', 'arrears'],
    ['机卡分离停机', '020000000000', 'violation'],
    ['强制双向停机 with 信控', '000020000020', 'operator'],
  ])('a card OneLink stopped for %s shows that reason on the card home', async (_label, code, reason) => {
    const card = await dueCard({ arrears_fen: 500 });
    fake.addCard({ msisdn: card.simNo, cardStatus: '4', stopReason: code });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 3, stopReason: reason, internetStatus: 0 });
    expect(await simRow(card.simNo)).toMatchObject({ sim_status: 3, stop_reason: reason });
    expect((await api(iotCoreApi.getSimInfo, {}, card.headers)).data).toMatchObject({
      simStatus: 3,
      stopReason: reason,
    });
    expect(callsTo('query/sim-stop-reason').at(-1)?.query.msisdn).toBe(card.simNo);
  });

  it('stop and resume go to OneLink (change/sim-status operType 0 and 1)', async () => {
    const card = await dueCard();
    fake.addCard({ msisdn: card.simNo, cardStatus: '2' });
    await (t.app.ctx.carrier as unknown as OnelinkCarrier).suspendSim(card.simNo);
    expect(callsTo('change/sim-status').at(-1)?.query).toMatchObject({ msisdn: card.simNo, operType: '0' });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 3, stopReason: 'requested' });

    // Stopped for arrears that are paid since: the refresh asks OneLink to run the card, then reads it running.
    fake.cards.get(card.simNo)!.stopReason = '000020000000';
    await setSim(card.simNo, { stop_reason: 'arrears', arrears_fen: 0, last_robin_at: Date.now() - 2 * 60_000 });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 2, stopReason: '', internetStatus: 1 });
    expect(callsTo('change/sim-status').at(-1)?.query).toMatchObject({ msisdn: card.simNo, operType: '1' });
    expect(fake.cards.get(card.simNo)?.cardStatus).toBe('2');
  });

  it('an expired token (12021) is renewed once and the call succeeds', async () => {
    const card = await dueCard({ sim_status: 2 });
    fake.addCard({ msisdn: card.simNo, cardStatus: '4', stopReason: '000020000000' });
    const tokensBefore = callsTo('get/token').length;
    fake.expireTokens();
    const start = fake.calls.length;
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 3, stopReason: 'arrears' });
    expect(callsTo('get/token').length).toBe(tokensBefore + 1);
    // The first business call met the expired token; the same call went again with the new one.
    const after = fake.calls.slice(start);
    expect(after[0]?.path).toBe('/v5/ec/query/sim-status');
    expect(after[1]?.path).toBe('/v5/ec/get/token');
    expect(after[2]?.path).toBe('/v5/ec/query/sim-status');
    expect(after[2]?.query.token).not.toBe(after[0]?.query.token);
    expect(FAKE_ONELINK_EXPIRED).toBe('12021');
  });

  it('over the calls-per-second cap: the adapter paces its calls and waits out the over-limit status', async () => {
    fake.callsPerSecond = 12;
    const cards = await Promise.all([1, 2, 3].map(() => dueCard()));
    for (const card of cards) fake.addCard({ msisdn: card.simNo, cardStatus: '2' });
    const limited = fake.overLimited;
    // Three refreshes at once: fifteen calls, which the adapter spreads over more than a second.
    const answers = await Promise.all(cards.map((card) => refresh(card.headers)));
    for (const body of answers) expect(body).toMatchObject({ code: 0, data: { simStatus: 2 } });
    expect(fake.overLimited).toBe(limited);

    // Told it is over the limit anyway, it waits and asks once more.
    const card = await dueCard({ sim_status: 1 });
    fake.addCard({ msisdn: card.simNo, cardStatus: '2' });
    fake.overLimitNext = 1;
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 2 });
    expect(fake.overLimited).toBe(limited + 1);
  });

  it('the adapter asks its clock for the pacing waits and for a second after the over-limit status', async () => {
    const card = await dueCard({ sim_status: 1 });
    fake.addCard({ msisdn: card.simNo, cardStatus: '2' });
    // Time that moves only by the waits asked for: each is recorded with the calls OneLink had seen by then.
    let time = Date.now();
    const waits: { ms: number; calls: number }[] = [];
    const clock: PlatformClock = {
      now: () => time,
      timeout: systemClock.timeout,
      async sleep(ms) {
        waits.push({ ms, calls: fake.calls.length });
        time += ms;
      },
    };
    const settings = { baseUrl: fake.url, appId: fake.appId, password: fake.password };
    const quiet = { info: () => undefined, warn: () => undefined };
    const adapter = new OnelinkCarrier(db(), settings, quiet, PLATFORM_TIMEOUT_MS, clock);
    const start = fake.calls.length;
    const limited = fake.overLimited;
    fake.overLimitNext = 1;
    expect((await adapter.syncSim(card.simNo)).operatorState).toMatchObject({ platform: 'onelink', state: '2' });
    expect(fake.overLimited).toBe(limited + 1);
    expect(fake.calls.slice(start).map((c) => c.path)).toEqual([
      '/v5/ec/get/token',
      '/v5/ec/query/sim-status',
      '/v5/ec/query/sim-status',
      '/v5/ec/query/sim-data-usage',
      '/v5/ec/query/sim-real-name-status',
      '/v5/ec/query/on-off-status',
    ]);
    // Starts 100 ms apart (ONELINK_CALLS_PER_SECOND); the over-limited sim-status waits a second, after which
    // its one more try is already past its slot.
    expect(waits).toEqual([
      { ms: 100, calls: start + 1 },
      { ms: ONELINK_OVER_LIMIT_WAIT_MS, calls: start + 2 },
      { ms: 100, calls: start + 3 },
      { ms: 100, calls: start + 4 },
      { ms: 100, calls: start + 5 },
    ]);
    expect(ONELINK_OVER_LIMIT_WAIT_MS).toBe(1000);
  });

  it('a batch sync of 250 cards makes 3 sim-card-info/batch calls of at most 100', async () => {
    const now = Date.now();
    // Only these 250 cards are due: the demo shop's and the other tests' are synced now.
    await db().updateTable('sims').set({ last_robin_at: now }).execute();
    const simNos: string[] = [];
    for (let i = 0; i < 250; i += 1) {
      const n = String(i).padStart(4, '0');
      const simNo = `144066660${n}`;
      simNos.push(simNo);
      const row = demoSimRow(now, {
        sim_no: simNo,
        iccid: `898604201666660${n}0`,
        operator_type: 1,
        sim_status: 2,
        last_robin_at: now - 3600_000,
      });
      await db().insertInto('sims').values(row).execute();
      fake.addCard({ msisdn: simNo, cardStatus: i % 2 === 0 ? '2' : '4', stopReason: '000020000000' });
    }
    const before = callsTo('query/sim-card-info/batch').length;
    expect(await syncOldestCards(t.app.ctx, now, 250, now)).toBe(250);
    const batches = callsTo('query/sim-card-info/batch').slice(before);
    expect(batches.map((c) => (c.query.msisdns ?? '').split('_').length)).toEqual([100, 100, 50]);
    expect(new Set(batches.flatMap((c) => (c.query.msisdns ?? '').split('_')))).toEqual(new Set(simNos));
    const stopped = await db()
      .selectFrom('sims')
      .select(['sim_no', 'sim_status', 'stop_reason', 'last_robin_at'])
      .where('sim_no', 'in', simNos)
      .execute();
    for (const row of stopped) {
      const odd = Number(row.sim_no.slice(-4)) % 2 === 1;
      expect(row).toMatchObject(
        odd ? { sim_status: 3, stop_reason: 'arrears', last_robin_at: now } : { sim_status: 2, last_robin_at: now },
      );
    }
  });

  it('every call is logged, with the password and the token cut out', async () => {
    const card = await dueCard();
    fake.addCard({ msisdn: card.simNo, cardStatus: '2' });
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }),
      warn: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }),
    };
    const settings = { baseUrl: fake.url, appId: fake.appId, password: fake.password };
    const adapter = new OnelinkCarrier(db(), settings, log, PLATFORM_TIMEOUT_MS);
    await adapter.syncSim(card.simNo);
    const tokens = fake.calls.map((c) => c.query.token).filter((token): token is string => Boolean(token));
    // The token call and four queries (a running card has no stop reason to ask).
    expect(lines.map((l) => String(l.obj.path).split('?')[0])).toEqual([
      '/v5/ec/get/token',
      '/v5/ec/query/sim-status',
      '/v5/ec/query/sim-data-usage',
      '/v5/ec/query/sim-real-name-status',
      '/v5/ec/query/on-off-status',
    ]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(fake.password);
    for (const token of tokens) expect(logged).not.toContain(`token=${token}`);
    expect(logged).toContain('password=%5Bredacted%5D');
  });
});
