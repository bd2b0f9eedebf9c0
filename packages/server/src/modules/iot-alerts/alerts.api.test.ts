/**
 * Card alerts (issue 25 item 1) on the real app and database: settings and their refusals, usage, expiry
 * and low-balance alerts, once per period even when two instances evaluate a card at the same moment,
 * SMS held through quiet hours until 08:00 Shanghai, the in-app notices, and the evaluation after a sync.
 */
import { iotCareApi, iotCoreApi, orderApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase, type DatabaseHandle } from '../../db/database.js';
import type { CarrierGateway } from '../../gateways/carrier/carrier-gateway.js';
import { SimulatedCarrier } from '../../gateways/carrier/simulated-carrier.js';
import { endpointCaller, malformed } from '../../test/call.js';
import { type CardValues, type TestCard, testCards } from '../../test/cards.js';
import { createTestApp, type TestApp, testConfig } from '../../test/harness.js';
import { evaluateCardAlerts, sendDueAlertSms } from './service.js';

const DAY = 86_400_000;
/** 10:00 Shanghai (02:00 UTC): outside quiet hours. */
const MORNING = Date.UTC(2026, 5, 10, 2, 0, 0);
/** 23:00 Shanghai. */
const NIGHT = Date.UTC(2026, 5, 10, 15, 0, 0);
/** 08:00 Shanghai the next morning. */
const NEXT_8AM = Date.UTC(2026, 5, 11, 0, 0, 0);

/** What the operator reports of a card's usage, in place of the simulator's figure, while set. */
const reported: { useFlow?: number } = {};
let simulator: SimulatedCarrier;
const carrier: CarrierGateway = new Proxy({} as CarrierGateway, {
  get(_target, key: keyof CarrierGateway) {
    if (key === 'name') return 'test';
    if (key === 'syncSim') {
      return async (simNo: string, now: number) => {
        const synced = await simulator.syncSim(simNo, now);
        return reported.useFlow === undefined ? synced : { ...synced, useFlow: reported.useFlow };
      };
    }
    if (key === 'syncSims' || key === 'changedSince') return undefined;
    const value = simulator[key as keyof SimulatedCarrier];
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(simulator) : value;
  },
});

let t: TestApp;
const db = () => t.database.handle.db;
const api = endpointCaller(() => t);
const newCard = testCards(() => t, { subnet: 97 });

beforeAll(async () => {
  t = await createTestApp({ gateways: { carrier } });
  simulator = new SimulatedCarrier(db());
});
afterAll(async () => {
  await t.close();
});

const SETTINGS: {
  usageThresholds: number[];
  expiryDays: number[];
  lowBalance: string | null;
  channels: { sms: boolean; inApp: boolean };
} = {
  usageThresholds: [80, 100],
  expiryDays: [7, 1],
  lowBalance: null,
  channels: { sms: false, inApp: true },
};

/** A card with a 1,000 MB pool ending in 20 days (unless told), alerts saved as `settings`. */
async function alertCard(values: CardValues = {}, settings: Partial<typeof SETTINGS> = {}): Promise<TestCard> {
  const card = await newCard({
    total_flow: 1000,
    use_flow: 0,
    is_infinite_flow: 0,
    end_at: MORNING + 20 * DAY,
    mobile: null,
    ...values,
  });
  const saved = await api(iotCareApi.saveAlertSettings, { ...SETTINGS, ...settings }, card);
  expect(saved.code, saved.message).toBe(0);
  return card;
}

const setCard = (card: TestCard, values: CardValues) =>
  db().updateTable('sims').set(values).where('id', '=', card.id).execute();

const alertsOf = (card: TestCard) =>
  db()
    .selectFrom('card_alerts')
    .selectAll()
    .where('sim_id', '=', card.id)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, threshold: Number(r.threshold) })));

const smsTo = (mobile: string) =>
  db()
    .selectFrom('sms_notices')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('template', '=', 'cardAlert')
    .orderBy('id')
    .execute();

const evaluate = (card: TestCard, now: number) => evaluateCardAlerts(t.app.ctx, card.simNo, now);

describe('alert settings', () => {
  it('offers the defaults until saved, then answers what was saved', async () => {
    const card = await newCard({ mobile: '13900001111' });
    const first = await api(iotCareApi.getAlertSettings, {}, card);
    expect(first.data).toEqual({
      usageThresholds: [80, 100],
      expiryDays: [7, 1],
      lowBalance: null,
      channels: { sms: false, inApp: true },
      mobile: '139****1111',
    });
    const saved = await api(
      iotCareApi.saveAlertSettings,
      { usageThresholds: [90, 50], expiryDays: [3], lowBalance: '12.5', channels: { sms: true, inApp: false } },
      card,
    );
    expect(saved.code, saved.message).toBe(0);
    const again = await api(iotCareApi.getAlertSettings, {}, card);
    expect(again.data).toMatchObject({
      usageThresholds: [50, 90],
      expiryDays: [3],
      lowBalance: '12.50',
      channels: { sms: true, inApp: false },
    });
    // Another card reads its own settings, not these.
    const other = await newCard();
    expect((await api(iotCareApi.getAlertSettings, {}, other)).data.usageThresholds).toEqual([80, 100]);
  });

  it.each([
    ['a threshold over 100 %', { usageThresholds: [80, 101] }, 'alertThresholdsInvalid'],
    ['a threshold of 0 %', { usageThresholds: [0] }, 'alertThresholdsInvalid'],
    ['four thresholds', { usageThresholds: [20, 40, 60, 80] }, 'alertThresholdsInvalid'],
    ['a repeated threshold', { usageThresholds: [80, 80] }, 'alertThresholdsInvalid'],
    ['expiry 31 days ahead', { expiryDays: [31] }, 'alertExpiryDaysInvalid'],
    ['a balance of 0', { lowBalance: '0' }, 'alertBalanceInvalid'],
    ['a balance that is not money', { lowBalance: '1.234' }, 'alertBalanceInvalid'],
  ])('refuses %s', async (_what, change, reason) => {
    const card = await newCard();
    const answer = await api(iotCareApi.saveAlertSettings, malformed({ ...SETTINGS, ...change }), card);
    expect(answer.code).not.toBe(0);
    expect(answer.reason).toBe(reason);
    expect((await api(iotCareApi.getAlertSettings, {}, card)).data.usageThresholds).toEqual([80, 100]);
  });

  it('takes a list or an amount left out as that alert off (the web client drops empty values)', async () => {
    const card = await newCard();
    const saved = await api(iotCareApi.saveAlertSettings, malformed({ channels: { sms: false, inApp: true } }), card);
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({ usageThresholds: [], expiryDays: [], lowBalance: null });
  });

  it('refuses SMS alerts on a card without a bound mobile', async () => {
    const card = await newCard({ mobile: null });
    const answer = await api(iotCareApi.saveAlertSettings, { ...SETTINGS, channels: { sms: true, inApp: true } }, card);
    expect(answer.code).toBe(-1);
    expect(answer.reason).toBe('alertNeedsMobile');
  });

  it('answers only a card session', async () => {
    const answer = await api(iotCareApi.getAlertSettings, {}, {});
    expect(answer.code).toBe(34061);
  });
});

describe('usage alerts', () => {
  it('says nothing at 79 %, once at 80 %, and once more at 100 %', async () => {
    const card = await alertCard();
    await setCard(card, { use_flow: 790 });
    expect(await evaluate(card, MORNING)).toEqual([]);
    await setCard(card, { use_flow: 800 });
    expect(await evaluate(card, MORNING)).toHaveLength(1);
    expect(await evaluate(card, MORNING + 60_000)).toEqual([]);
    await setCard(card, { use_flow: 950 });
    expect(await evaluate(card, MORNING + 120_000)).toEqual([]);
    await setCard(card, { use_flow: 1000 });
    expect(await evaluate(card, MORNING + 180_000)).toHaveLength(1);
    const period = '2026-06-30';
    expect((await alertsOf(card)).map((a) => [a.kind, a.threshold, a.period])).toEqual([
      ['usage', 80, period],
      ['usage', 100, period],
    ]);

    const notices = await api(iotCareApi.listAlertNotices, {}, card);
    expect(notices.data.unread).toBe(2);
    expect(notices.data.list.map((n) => [n.kind, n.threshold, n.read])).toEqual([
      ['usage', 100, 0],
      ['usage', 80, 0],
    ]);
  });

  it('alerts again in the next period: a new package end date', async () => {
    const card = await alertCard({ use_flow: 850 });
    expect(await evaluate(card, MORNING)).toHaveLength(1);
    await setCard(card, { end_at: MORNING + 50 * DAY, total_flow: 2000, use_flow: 1700 });
    expect(await evaluate(card, MORNING + DAY)).toHaveLength(1);
    expect((await alertsOf(card)).map((a) => a.period)).toEqual(['2026-06-30', '2026-07-30']);
  });

  it('is evaluated after each sync with the operator', async () => {
    const card = await alertCard({ use_flow: 100, last_robin_at: null });
    reported.useFlow = 900;
    try {
      const refreshed = await api(iotCoreApi.refreshSim, { force: 1 }, card);
      expect(refreshed.code, refreshed.message).toBe(0);
    } finally {
      delete reported.useFlow;
    }
    const alerts = await alertsOf(card);
    expect(alerts.map((a) => [a.kind, a.threshold])).toEqual([['usage', 80]]);
    expect((await api(iotCareApi.listAlertNotices, { unreadOnly: 1 }, card)).data.unread).toBe(1);
  });
});

describe('expiry and balance alerts', () => {
  it('alerts 7 days before the package ends, then 1 day before, once each', async () => {
    const endAt = MORNING + 10 * DAY;
    const card = await alertCard({ end_at: endAt });
    expect(await evaluate(card, endAt - 8 * DAY)).toEqual([]);
    expect(await evaluate(card, endAt - 7 * DAY)).toHaveLength(1);
    expect(await evaluate(card, endAt - 3 * DAY)).toEqual([]);
    expect(await evaluate(card, endAt - DAY + 1)).toHaveLength(1);
    expect(await evaluate(card, endAt - 3_600_000)).toEqual([]);
    expect((await alertsOf(card)).map((a) => [a.kind, a.threshold, a.period])).toEqual([
      ['expiry', 7, '2026-06-20'],
      ['expiry', 1, '2026-06-20'],
    ]);
  });

  it('alerts when the balance falls below the amount, again only after a top-up', async () => {
    const card = await alertCard({ balance: 2000 }, { lowBalance: '10.00', usageThresholds: [], expiryDays: [] });
    expect(await evaluate(card, MORNING)).toEqual([]);
    await setCard(card, { balance_fen: 500 });
    expect(await evaluate(card, MORNING + 60_000)).toHaveLength(1);
    await setCard(card, { balance_fen: 300 });
    expect(await evaluate(card, MORNING + 120_000)).toEqual([]);
    // A top-up starts a new episode: the next fall below the amount alerts again.
    await setCard(card, { balance_fen: 5000, recharge_times: 1 });
    expect(await evaluate(card, MORNING + 180_000)).toEqual([]);
    await setCard(card, { balance_fen: 900 });
    expect(await evaluate(card, MORNING + 240_000)).toHaveLength(1);
    const notices = await api(iotCareApi.listAlertNotices, {}, card);
    expect(notices.data.list.map((n) => [n.kind, n.amount])).toEqual([
      ['balance', '10.00'],
      ['balance', '10.00'],
    ]);
  });
});

describe('delivery', () => {
  it('sends an alert once when two instances evaluate the card at the same moment', async () => {
    const mobile = '13900002222';
    const card = await alertCard({ mobile, use_flow: 820 }, { channels: { sms: true, inApp: true } });
    let handle: DatabaseHandle | undefined;
    let second: FastifyInstance | undefined;
    try {
      handle = createDatabase(t.database.config);
      second = await buildApp(testConfig(t.database.config, { logLevel: 'silent' }), {
        database: handle,
        gateways: { carrier },
      });
      const other = second;
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) => evaluateCardAlerts(i % 2 ? other.ctx : t.app.ctx, card.simNo, MORNING + i)),
      );
      expect(runs.flat()).toHaveLength(1);
    } finally {
      await second?.close();
      await handle?.destroy();
    }
    const alerts = await alertsOf(card);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.sms_state).toBe('sent');
    const sms = await smsTo(mobile);
    expect(sms).toHaveLength(1);
    expect(JSON.parse(sms[0]?.params_json ?? '{}')).toMatchObject({ kind: 'usage', value: '80%' });
    // What a developer (and the e2e journey) reads of the outbox gateway.
    const outbox = await api(orderApi.getSmsOutbox, { mobile });
    expect(outbox.data.notices.map((n) => [n.template, n.params.kind, n.params.value])).toEqual([
      ['cardAlert', 'usage', '80%'],
    ]);
    // The job finds nothing left to send.
    expect(await sendDueAlertSms(t.app.ctx, MORNING + DAY)).toBe(0);
  });

  it('holds the SMS of an alert raised in quiet hours until 08:00 Shanghai', async () => {
    const mobile = '13900003333';
    const card = await alertCard({ mobile, use_flow: 1000 }, { channels: { sms: true, inApp: true } });
    expect(await evaluate(card, NIGHT)).toHaveLength(1);
    const [alert] = await alertsOf(card);
    expect(alert?.sms_state).toBe('pending');
    expect(Number(alert?.sms_due_at)).toBe(NEXT_8AM);
    // In-app shows it at once; the SMS waits.
    expect((await api(iotCareApi.listAlertNotices, {}, card)).data.unread).toBe(1);
    expect(await smsTo(mobile)).toHaveLength(0);
    await sendDueAlertSms(t.app.ctx, NIGHT + 3_600_000);
    await sendDueAlertSms(t.app.ctx, NEXT_8AM - 1);
    expect(await smsTo(mobile)).toHaveLength(0);
    await Promise.all([sendDueAlertSms(t.app.ctx, NEXT_8AM), sendDueAlertSms(t.app.ctx, NEXT_8AM + 1)]);
    expect(await smsTo(mobile)).toHaveLength(1);
    expect((await alertsOf(card))[0]?.sms_state).toBe('sent');
    expect(await sendDueAlertSms(t.app.ctx, NEXT_8AM + 60_000)).toBe(0);
    expect(await smsTo(mobile)).toHaveLength(1);
  });

  it('keeps SMS-only alerts out of the in-app notices', async () => {
    const mobile = '13900004444';
    const card = await alertCard({ mobile, use_flow: 900 }, { channels: { sms: true, inApp: false } });
    expect(await evaluate(card, MORNING)).toHaveLength(1);
    expect(await smsTo(mobile)).toHaveLength(1);
    expect((await api(iotCareApi.listAlertNotices, {}, card)).data).toMatchObject({ total: 0, unread: 0 });
  });
});

describe('in-app notices', () => {
  it('marks the card’s own notices read, and not another card’s', async () => {
    const card = await alertCard({ use_flow: 1000, balance: 100 }, { lowBalance: '5.00' });
    expect(await evaluate(card, MORNING)).toHaveLength(2);
    const other = await alertCard({ use_flow: 900 });
    expect(await evaluate(other, MORNING)).toHaveLength(1);
    const mine = (await api(iotCareApi.listAlertNotices, {}, card)).data.list.map((n) => n.id);
    const theirs = (await api(iotCareApi.listAlertNotices, {}, other)).data.list.map((n) => n.id);
    expect(mine).toHaveLength(2);
    expect(mine).not.toContain(theirs[0]);

    // Another card cannot mark these read.
    expect((await api(iotCareApi.markAlertNoticesRead, { ids: mine }, other)).data.unread).toBe(1);
    expect((await api(iotCareApi.listAlertNotices, {}, card)).data.unread).toBe(2);

    const first = mine[1] as number;
    const marked = await api(iotCareApi.markAlertNoticesRead, { ids: [first] }, card);
    expect(marked.data.unread).toBe(1);
    const list = (await api(iotCareApi.listAlertNotices, {}, card)).data.list;
    expect(list.map((n) => n.read)).toEqual([0, 1]);
    expect(list[1]?.id).toBe(first);
    const unreadOnly = await api(iotCareApi.listAlertNotices, { unreadOnly: 1 }, card);
    expect(unreadOnly.data.list.map((n) => n.id)).toEqual([mine[0]]);
  });
});
