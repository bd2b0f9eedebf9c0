/**
 * What every operator connectivity platform (CARRIER_GATEWAY=onelink, =jasper) does the same way, proved
 * once over each against its fake (test/fakes/onelink.ts, jasper.ts): refused credentials leave the card as
 * the shop holds it and the shopper sees 数据同步中; a platform that does not answer in time leaves the card
 * as it was and a resume is refused clearly; and what a platform does not do for a reseller is refused
 * with its reason (connectivity-platform.ts). Each platform's own calls are proved in its own test file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../test/cards.js';
import { startJasperFake } from '../../test/fakes/jasper.js';
import { startOnelinkFake } from '../../test/fakes/onelink.js';
import { PLATFORM_TIMEOUT_MS, platformCards, platformTestApp } from '../../test/fakes/platform-app.js';
import { TEST_DB, type TestApp } from '../../test/harness.js';

/** A started fake platform and the app whose carrier it is. */
interface Platform {
  t: TestApp;
  close(): Promise<void>;
  /** How long the fake waits before it answers. */
  delay(ms: number): void;
  /** Puts the card on the platform, running or stopped. */
  addCard(card: { simNo: string; iccid: string }, state: 'running' | 'stopped'): void;
  /** Makes the platform refuse the shop's credentials; the function returned gives them back. */
  refuseCredentials(): () => void;
  /** What the platform's calls show of a refusal, when they show one. */
  expectRefusedCall(card: { iccid: string }): void;
}

/** What every fake shares: its app, closing both, and its answer delay. */
function served(t: TestApp, fake: { delayMs: number; close(): Promise<void> }) {
  return {
    t,
    close: async () => {
      await t.close();
      await fake.close();
    },
    delay: (ms: number) => {
      fake.delayMs = ms;
    },
  };
}

const platforms: { name: 'onelink' | 'jasper'; subnet: number; start(): Promise<Platform> }[] = [
  {
    name: 'onelink',
    subnet: 93,
    async start() {
      const fake = await startOnelinkFake();
      const t = await platformTestApp({
        carrierGateway: 'onelink',
        carrier: { onelink: { baseUrl: fake.url, appId: fake.appId, password: fake.password } },
      });
      fake.callsPerSecond = 50;
      return {
        ...served(t, fake),
        addCard: ({ simNo }, state) => {
          fake.addCard(
            state === 'running'
              ? { msisdn: simNo, cardStatus: '2' }
              : { msisdn: simNo, cardStatus: '4', stopReason: '000020000000' },
          );
        },
        refuseCredentials: () => {
          const password = fake.password;
          fake.password = 'changed-on-the-platform';
          fake.expireTokens();
          return () => {
            fake.password = password;
          };
        },
        expectRefusedCall: () => {},
      };
    },
  },
  {
    name: 'jasper',
    subnet: 94,
    async start() {
      const fake = await startJasperFake();
      const t = await platformTestApp({
        carrierGateway: 'jasper',
        carrier: { jasper: { baseUrl: fake.url, username: fake.username, apiKey: fake.apiKey } },
      });
      return {
        ...served(t, fake),
        addCard: ({ iccid }, state) => {
          fake.addDevice({ iccid, status: state === 'running' ? 'ACTIVATED' : 'DEACTIVATED' });
        },
        refuseCredentials: () => {
          const key = fake.apiKey;
          fake.apiKey = 'rotated-on-the-platform';
          return () => {
            fake.apiKey = key;
          };
        },
        expectRefusedCall: ({ iccid }) => {
          expect(fake.calls.at(-1)).toMatchObject({ path: `/rws/api/v1/devices/${iccid}`, status: 401 });
        },
      };
    },
  },
];

describe.each(platforms)(`CARRIER_GATEWAY=$name on ${TEST_DB}`, ({ subnet, start }) => {
  let p: Platform;
  const t = () => p.t;
  const newCard = testCards(t, { subnet });
  const { simRow, refresh } = platformCards(t);

  beforeAll(async () => {
    p = await start();
  });
  afterAll(async () => {
    await p?.close();
  });

  /** A card due for a forced refresh (its last sync two minutes old), on the platform. */
  async function dueCard(values: Record<string, unknown>, state: 'running' | 'stopped') {
    const card = await newCard({ last_robin_at: Date.now() - 2 * 60_000, ...values });
    const { iccid } = await simRow(card.simNo);
    p.addCard({ simNo: card.simNo, iccid }, state);
    return { ...card, iccid };
  }

  it('refused credentials: the card keeps its state and the shopper sees 数据同步中', async () => {
    const card = await dueCard({ sim_status: 2, use_flow: 12 }, 'stopped');
    const giveBack = p.refuseCredentials();
    try {
      const body = await refresh(card.headers);
      expect(body).toMatchObject({ code: 0, reason: 'dataSyncing', data: { simStatus: 2, useFlow: 12 } });
      p.expectRefusedCall(card);
      expect(await simRow(card.simNo)).toMatchObject({ sim_status: 2, stop_reason: '' });
    } finally {
      giveBack();
    }
  });

  it('a platform that does not answer in time leaves the card as it was; a resume is refused clearly', async () => {
    const card = await dueCard({ sim_status: 3, stop_reason: 'arrears', arrears_fen: 500, use_flow: 33 }, 'running');
    const before = await simRow(card.simNo);
    p.delay(PLATFORM_TIMEOUT_MS + 2_000);
    try {
      const body = await refresh(card.headers);
      expect(body).toMatchObject({ code: 0, reason: 'dataSyncing', data: { simStatus: 3, stopReason: 'arrears' } });
      expect(await simRow(card.simNo)).toMatchObject({
        sim_status: 3,
        stop_reason: 'arrears',
        use_flow: before.use_flow,
        last_robin_at: before.last_robin_at,
      });
      await expect(t().app.ctx.carrier.resumeSim(card.simNo)).rejects.toMatchObject({
        name: 'CarrierRefusal',
        reason: 'upstreamBusy',
      });
    } finally {
      p.delay(2);
    }
  }, 30_000);

  it('what the platform does not do for a reseller is refused with its reason, and packages stay the shop’s', async () => {
    const carrier = t().app.ctx.carrier;
    const card = await dueCard({}, 'running');
    const refused = (reason: string) => ({ name: 'CarrierRefusal', reason });
    await expect(carrier.removeBreak(card.simNo, 1)).rejects.toMatchObject(refused('carrierResumeOperatorOnly'));
    await expect(carrier.switchNet(card.simNo, 'auto')).rejects.toMatchObject(refused('netSwitchUnsupported'));
    await expect(
      carrier.officialAuthEntry(card.simNo, { authSimNo: card.simNo, operatorType: 1 }, 'https://shop.example/'),
    ).rejects.toMatchObject(refused('carrierNoOnlineAuth'));
    const now = Date.now();
    const pass = { orderSn: 'A1', speedCode: 'S100M', startAt: now, endAt: now + 3600_000 };
    await expect(carrier.setSpeedProfile(card.simNo, { apply: pass })).rejects.toMatchObject(
      refused('carrierSpeedUnsupported'),
    );
    await expect(carrier.setSpeedProfile(card.simNo, { clear: 'A1' })).resolves.toBeUndefined();
    await expect(carrier.deviceCommand(card.simNo, { kind: 'restart' })).rejects.toMatchObject({
      name: 'DeviceCommandUnsupported',
    });
    const activation = { orderSn: 'P1', flowMb: 1024, isInfiniteFlow: false, startAt: now, endAt: null };
    await expect(carrier.activatePackage(card.simNo, activation)).resolves.toBeUndefined();
    await expect(carrier.cancelPackage(card.simNo, 'P1')).resolves.toBeUndefined();
  });
});
