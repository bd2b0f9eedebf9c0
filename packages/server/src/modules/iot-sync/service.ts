/**
 * The card's upstream sync (API.md §4 simRefresh, and the sync job): usage, real-name, the device and the
 * card's state as the operator reports them. It writes into buying (the package pool, volume) and real-name,
 * so it is its own module above them: it depends on iot-core, iot-buy and iot-realname, and no module
 * depends on it (the composition root hands `syncCard` to the ones that need a sync, see app.ts).
 */
import type { SimInfo } from '@haoka/contract';
import type { SyncedSim } from '../../gateways/carrier/carrier-gateway.js';
import { mapOperatorState, syncedStopReason } from '../../gateways/carrier/operator-states.js';
import { allocateUsage, chargeVolume } from '../iot-buy/index.js';
import type { IotDeps, SimRow } from '../iot-core/card.js';
import * as coreRepo from '../iot-core/repository.js';
import { getSimInfo, toSimInfo } from '../iot-core/service.js';
import { applySyncedAuth } from '../iot-realname/service.js';

/** API.md §4 simRefresh: a forced refresh reaches upstream at most once a minute, a plain one every 10 min. */
export const FORCED_SYNC_MS = 60_000;
export const PLAIN_SYNC_MS = 10 * 60_000;

/**
 * POST /api/iot/simRefresh: syncs with the carrier when the cached state is old enough (60 s forced,
 * 10 min otherwise). An unreachable carrier answers the cached state with `syncing` set (数据同步中).
 */
export async function refreshSim(
  deps: IotDeps,
  sim: SimRow,
  force: 0 | 1,
  now = Date.now(),
): Promise<{ info: SimInfo; syncing: boolean }> {
  const { db } = deps;
  const age = now - (sim.last_robin_at ?? 0);
  if (age < (force ? FORCED_SYNC_MS : PLAIN_SYNC_MS)) return { info: await toSimInfo(db, sim), syncing: false };
  await askResumeIfSettled(deps, sim);
  if (!(await syncCard(deps, sim, now))) return { info: await toSimInfo(db, sim), syncing: true };
  return { info: await getSimInfo(db, sim.sim_no), syncing: false };
}

/**
 * A card the operator stopped for arrears that are paid since: the operator is asked (again) to run it,
 * in case the request made when they were paid did not reach it. Failures wait for the next sync.
 */
async function askResumeIfSettled(deps: IotDeps, sim: SimRow): Promise<void> {
  if (sim.sim_status !== 3 || sim.stop_reason !== 'arrears' || sim.arrears_fen > 0 || sim.break_rule_id > 0) return;
  await deps.carrier.resumeSim(sim.sim_no).catch(() => undefined);
}

/**
 * Syncs a card with its operator now, whatever the throttle: usage, real-name, the device, and the card's
 * state and stop reason as the operator's own words map them (gateways/carrier/operator-states.ts; a state
 * the table does not know keeps the stored one). A card that is not running has no internet. False when
 * the carrier cannot be reached.
 */
export async function syncCard(deps: IotDeps, sim: SimRow, now = Date.now()): Promise<boolean> {
  let synced: SyncedSim;
  try {
    synced = await deps.carrier.syncSim(sim.sim_no, now);
  } catch {
    return false;
  }
  await applySynced(deps, sim, synced, now);
  return true;
}

/**
 * Syncs many cards for the sync job, in the platform's batch queries where it has them (OneLink: 100 a
 * call), card by card otherwise. A card whose arrears are settled is asked to resume first, as on its
 * page. A batch the platform does not answer leaves its cards for later; a card whose sync could not be
 * written is reported back, and the others go on.
 */
export async function syncCards(
  deps: IotDeps,
  sims: SimRow[],
  now = Date.now(),
): Promise<{ synced: number; failed: { simNo: string; err: unknown }[] }> {
  const { carrier } = deps;
  const failed: { simNo: string; err: unknown }[] = [];
  let synced = 0;
  const each = async (sim: SimRow, sync: () => Promise<boolean>) => {
    try {
      if (await sync()) synced += 1;
    } catch (err) {
      failed.push({ simNo: sim.sim_no, err });
    }
  };
  for (const sim of sims) await askResumeIfSettled(deps, sim);
  if (!carrier.syncSims) {
    for (const sim of sims) await each(sim, () => syncCard(deps, sim, now));
    return { synced, failed };
  }
  let answers: Map<string, SyncedSim>;
  try {
    answers = await carrier.syncSims(
      sims.map((sim) => sim.sim_no),
      now,
    );
  } catch {
    return { synced, failed };
  }
  for (const sim of sims) {
    const answer = answers.get(sim.sim_no);
    if (answer) await each(sim, () => applySynced(deps, sim, answer, now).then(() => true));
  }
  return { synced, failed };
}

/** Writes what the operator reported for a card (see syncCard). */
async function applySynced(deps: IotDeps, sim: SimRow, synced: SyncedSim, now: number): Promise<void> {
  const { db } = deps;
  const reported = synced.operatorState;
  const state = reported ? mapOperatorState(reported) : undefined;
  const simStatus = state?.simStatus ?? sim.sim_status;
  const stopReason =
    reported && state
      ? syncedStopReason(reported, state, { simStatus: sim.sim_status, stopReason: sim.stop_reason })
      : sim.stop_reason;
  const internetStatus = simStatus === 2 ? synced.internetStatus : 0;
  let written = false;
  await db.transaction().execute(async (tx) => {
    // Only what the operator changed since the row was read is written: the pool (packages) and platform
    // real-name are this platform's own, and a change made meanwhile (a package applied, a card resumed,
    // a submission reviewed) must not be overwritten with what was read before it.
    const usedMb = Math.max(0, Math.round((synced.useFlow - sim.use_flow) * 100) / 100);
    const changed = {
      ...(simStatus !== sim.sim_status ? { sim_status: simStatus } : {}),
      ...(stopReason !== sim.stop_reason ? { stop_reason: stopReason } : {}),
      ...(internetStatus !== sim.internet_status ? { internet_status: internetStatus } : {}),
      ...(synced.onlineStatus !== sim.online_status ? { online_status: synced.onlineStatus } : {}),
    };
    const applied = await coreRepo.applySync(tx, sim.id, sim.last_robin_at, usedMb, {
      ...changed,
      last_robin_at: now,
      updated_at: now,
    });
    if (!applied) return;
    written = true;
    await applySyncedAuth(tx, sim, synced);
    await coreRepo.addDailyUsage(tx, sim.id, synced.usageByDay);
    await allocateUsage(tx, sim.id, usedMb);
    if (synced.volumeFlow) await chargeVolume(tx, sim.id, synced.volumeFlow, now);
    if (synced.device) {
      await coreRepo.updateDevice(
        tx,
        sim.id,
        { conn_count: synced.device.connCount, signal: synced.device.signal },
        now,
      );
    }
  });
  // What acts on the fresh state (card alerts) runs once it is written; it never fails the sync.
  if (written && deps.cardSynced) await deps.cardSynced(sim.sim_no);
}
