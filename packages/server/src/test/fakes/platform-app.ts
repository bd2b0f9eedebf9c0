/**
 * What the operator platforms' API tests share: the app over a fresh database with CARRIER_GATEWAY
 * pointed at the platform's fake (and the clock the test drives, if any), and the card rows those tests
 * read and age. Each test keeps its own fake's knobs and cards.
 */
import { iotCoreApi } from '@haoka/contract';
import type { AppConfig } from '../../config.js';
import type { PlatformClock } from '../../gateways/carrier/platform-http.js';
import { endpointCaller } from '../call.js';
import { createTestApp, type TestApp } from '../harness.js';

/** GATEWAY_TIMEOUT_MS of these tests: long for a fake on a busy machine, short for a silent platform. */
export const PLATFORM_TIMEOUT_MS = 3_000;

/** The app whose carrier gateway is `carrier` (pointing at a started fake); close it with `t.close()`. */
export function platformTestApp(
  carrier: Pick<AppConfig, 'carrierGateway' | 'carrier'>,
  clock?: PlatformClock,
): Promise<TestApp> {
  return createTestApp({
    config: { ...carrier, gatewayTimeoutMs: PLATFORM_TIMEOUT_MS },
    ...(clock ? { carrierClock: clock } : {}),
  });
}

/** The card rows of the app `t()` names, and its forced refresh (the card home's pull to refresh). */
export function platformCards(t: () => TestApp) {
  const db = () => t().database.handle.db;
  const api = endpointCaller(t);
  return {
    setSim: (simNo: string, values: Record<string, unknown>) =>
      db().updateTable('sims').set(values).where('sim_no', '=', simNo).execute(),
    simRow: (simNo: string) =>
      db().selectFrom('sims').selectAll().where('sim_no', '=', simNo).executeTakeFirstOrThrow(),
    refresh: (headers: Record<string, string>) => api(iotCoreApi.refreshSim, { force: 1 }, headers),
  };
}
