/**
 * CARRIER_GATEWAY=jasper against the fake Control Center (test/fakes/jasper.ts): the card's sync reads the
 * device's status and cycle-to-date usage and the card home shows them; stop and resume are status
 * changes; the sync job reads what changed since its last run, 50 a page, never two calls at once; a 429
 * asks for a wait of its Retry-After. What every platform does alike (refused credentials, a platform that
 * does not answer, the refusals) is proved once for both in connectivity-platforms.api.test.ts.
 */
import { iotCoreApi } from '@haoka/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncOldestCards } from '../../jobs/upstream-sync.js';
import { demoSimRow } from '../../seed/demo-iot-cards.js';
import { endpointCaller } from '../../test/call.js';
import { testCards } from '../../test/cards.js';
import { JASPER_MAX_PAGE, type JasperFake, startJasperFake } from '../../test/fakes/jasper.js';
import { platformCards, platformTestApp } from '../../test/fakes/platform-app.js';
import { TEST_DB, type TestApp } from '../../test/harness.js';
import { systemClock } from '../outbound-http.js';
import type { JasperCarrier } from './jasper-carrier.js';
import type { PlatformClock } from './platform-http.js';

let t: TestApp;
let fake: JasperFake;
const db = () => t.database.handle.db;
const newCard = testCards(() => t, { subnet: 92 });
const api = endpointCaller(() => t);
const MB = 1024 * 1024;

const { setSim, simRow, refresh } = platformCards(() => t);

/**
 * The adapter's clock: the real one, which also records each wait the adapter asks for (with the number of
 * calls Control Center had seen by then), so that a test checks the waits asked for instead of timing them.
 * The waits still pass in real time: the other tests here meet the platform as the app does.
 */
const waits: { ms: number; calls: number }[] = [];
const clock: PlatformClock = {
  now: systemClock.now,
  timeout: systemClock.timeout,
  sleep(ms) {
    waits.push({ ms, calls: fake.calls.length });
    return systemClock.sleep(ms);
  },
};

beforeAll(async () => {
  fake = await startJasperFake();
  t = await platformTestApp(
    {
      carrierGateway: 'jasper',
      carrier: { jasper: { baseUrl: fake.url, username: fake.username, apiKey: fake.apiKey } },
    },
    clock,
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.delayMs = 2;
  fake.throttleNext = 0;
});

const iccidOf = async (simNo: string) => (await simRow(simNo)).iccid;
/** A card due for a forced refresh (its last sync two minutes old), with its device on the platform. */
async function dueCard(
  values: Record<string, unknown> = {},
  device: { status?: string; ctdDataUsage?: number; modifiedAt?: number } = {},
) {
  const card = await newCard({ last_robin_at: Date.now() - 2 * 60_000, ...values });
  const iccid = await iccidOf(card.simNo);
  fake.addDevice({ iccid, ...device });
  return { ...card, iccid };
}
const devicePath = (iccid: string) => `/rws/api/v1/devices/${iccid}`;

describe(`CARRIER_GATEWAY=jasper on ${TEST_DB}`, () => {
  it('a refresh reads the device and its usage from Control Center, and the card home shows them', async () => {
    const card = await dueCard({ sim_status: 1, use_flow: 10, total_flow: 10_240 }, { ctdDataUsage: 200 * MB });
    const body = await refresh(card.headers);
    expect(body).toMatchObject({ code: 0, data: { simStatus: 2, stopReason: '', useFlow: 210 } });
    expect((await api(iotCoreApi.getSimInfo, {}, card.headers)).data).toMatchObject({ simStatus: 2, useFlow: 210 });
    const paths = fake.calls.filter((c) => c.path.startsWith(devicePath(card.iccid))).map((c) => c.path);
    expect(paths).toEqual([devicePath(card.iccid), `${devicePath(card.iccid)}/ctdUsages`]);
  });

  it.each([
    ['DEACTIVATED', 3],
    ['RETIRED', 4],
    ['ACTIVATION_READY', 1],
  ])('a device Control Center reports %s: the card home shows the mapped state', async (status, simStatus) => {
    const card = await dueCard({ sim_status: 2 }, { status });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus, stopReason: '' });
    expect(await simRow(card.simNo)).toMatchObject({ sim_status: simStatus });
  });

  it('a stopped card keeps the stop reason the shop knows, since Control Center gives none; running clears it', async () => {
    const card = await dueCard({ sim_status: 3, stop_reason: 'arrears', arrears_fen: 500 }, { status: 'DEACTIVATED' });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 3, stopReason: 'arrears' });
    expect(await simRow(card.simNo)).toMatchObject({ sim_status: 3, stop_reason: 'arrears' });

    // The sync job keeps it too (the card's state is the oldest: due for the job).
    await setSim(card.simNo, { last_robin_at: Date.now() - 11 * 60_000 });
    const now = Date.now();
    expect(await syncOldestCards(t.app.ctx, now, 100, now)).toBeGreaterThanOrEqual(1);
    expect(await simRow(card.simNo)).toMatchObject({ sim_status: 3, stop_reason: 'arrears', last_robin_at: now });

    // The operator runs it again: no reason any more.
    const device = fake.devices.get(card.iccid);
    if (device) device.status = 'ACTIVATED';
    await setSim(card.simNo, { last_robin_at: Date.now() - 2 * 60_000 });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 2, stopReason: '' });
  });

  it('stop and resume are status changes on Control Center (PUT DEACTIVATED / ACTIVATED)', async () => {
    const card = await dueCard();
    await (t.app.ctx.carrier as unknown as JasperCarrier).suspendSim(card.simNo);
    expect(fake.devices.get(card.iccid)?.status).toBe('DEACTIVATED');
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PUT', path: devicePath(card.iccid), status: 200 });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 3 });

    // Stopped for arrears that are paid since: the refresh asks Control Center to activate it, then reads it.
    await setSim(card.simNo, { stop_reason: 'arrears', arrears_fen: 0, last_robin_at: Date.now() - 2 * 60_000 });
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 2, stopReason: '', internetStatus: 1 });
    expect(fake.devices.get(card.iccid)?.status).toBe('ACTIVATED');
    expect(fake.calls.filter((c) => c.method === 'PUT' && c.path === devicePath(card.iccid))).toHaveLength(2);
  });

  it('a 429 waits what Retry-After says, then the call goes through', async () => {
    const card = await dueCard({ sim_status: 2 }, { status: 'DEACTIVATED' });
    fake.throttleNext = 1;
    fake.retryAfterSeconds = 1;
    waits.length = 0;
    expect((await refresh(card.headers)).data).toMatchObject({ simStatus: 3 });
    const mine = fake.calls.filter((c) => c.path === devicePath(card.iccid));
    expect(mine.map((c) => c.status)).toEqual([429, 200]);
    // Retry-After: 1 → one wait of a second, asked for right after the 429 and before the call went again.
    const throttled = fake.calls.findIndex((c) => c.path === devicePath(card.iccid) && c.status === 429);
    expect(waits).toEqual([{ ms: 1000, calls: throttled + 1 }]);
    expect(fake.calls[throttled + 1]).toMatchObject({ path: devicePath(card.iccid), status: 200 });
  });

  it('the sync job reads the changes since its last run 50 a page and never runs two calls at once', async () => {
    const now = Date.now();
    // Nothing else is due: the job syncs the changed cards only.
    await db().updateTable('sims').set({ last_robin_at: now }).execute();
    const since = now - 60_000;
    // The devices of the other tests changed before `since`.
    for (const device of fake.devices.values()) device.modifiedAt = since - 10_000;
    const changed: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      const n = String(i).padStart(4, '0');
      const row = demoSimRow(now, {
        sim_no: `144055550${n}`,
        iccid: `898601201555550${n}0`,
        operator_type: 2,
        sim_status: 2,
        last_robin_at: now - 60_000,
      });
      await db().insertInto('sims').values(row).execute();
      fake.addDevice({ iccid: row.iccid, status: 'DEACTIVATED', modifiedAt: since + 1_000 });
      changed.push(row.sim_no);
    }
    // Devices changed before `since` are not asked again.
    fake.addDevice({ iccid: '89860120000000000000', modifiedAt: since - 1_000 });
    // Shoppers refresh their cards while the job runs: still one call at a time.
    const shoppers = await Promise.all([1, 2, 3].map(() => dueCard({ sim_status: 2 }, { modifiedAt: since - 5_000 })));
    fake.maxInFlight = 0;
    const start = fake.calls.length;
    const [synced, ...answers] = await Promise.all([
      syncOldestCards(t.app.ctx, now, 100, since),
      ...shoppers.map((card) => refresh(card.headers)),
    ]);
    expect(synced).toBe(120);
    for (const body of answers) expect(body).toMatchObject({ code: 0, data: { simStatus: 2 } });
    expect(fake.maxInFlight).toBe(1);
    const listings = fake.calls.slice(start).filter((c) => c.path === '/rws/api/v1/devices');
    expect(listings.map((c) => [c.query.pageNumber, c.query.pageSize])).toEqual([
      ['1', String(JASPER_MAX_PAGE)],
      ['2', String(JASPER_MAX_PAGE)],
      ['3', String(JASPER_MAX_PAGE)],
    ]);
    expect(Date.parse(listings[0]?.query.modifiedSince ?? '')).toBe(Math.floor(since / 1000) * 1000);
    const rows = await db()
      .selectFrom('sims')
      .select(['sim_status', 'last_robin_at'])
      .where('sim_no', 'in', changed)
      .execute();
    expect(rows).toHaveLength(120);
    for (const row of rows) expect(row).toMatchObject({ sim_status: 3, last_robin_at: now });
  }, 30_000);
});
