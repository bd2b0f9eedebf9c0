/**
 * Upstream sync, round-robin (API.md §7): every minute the cards whose cached state is oldest are synced
 * with the operator platform (flows, statuses, real-name, device), as a card holder's page would
 * (`simRefresh`), and `lastRobinAt` moves on. A card synced within the last 10 minutes is left alone;
 * closed (已销户) and disabled cards are skipped. A carrier that cannot be reached leaves the card for
 * the next round.
 *
 * The platform's own pace is kept: a platform with batch queries (OneLink) is asked 100 cards a call, and
 * a platform that can list what changed (Jasper `modifiedSince`) has those cards synced first, whatever
 * their age, so a stop the operator made shows within a minute.
 */
import type { AppContext } from '../context/app-context.js';
import type { SimRow } from '../modules/iot-core/card.js';
import { listActiveCards, listCardsToSync } from '../modules/iot-core/repository.js';
import { PLAIN_SYNC_MS, syncCards } from '../modules/iot-sync/service.js';
import type { JobDefinition } from './runner.js';

/** Cards synced per run: with runs every minute, 100 cards cover 6,000 cards within an hour. */
export const SYNC_BATCH = 100;

/**
 * Where the last changes-since question ended, per app. Kept in memory: after a restart (or when another
 * instance takes the job over) the first run asks for the last 10 minutes again, which only syncs a few
 * cards twice.
 */
const changesAsked = new WeakMap<AppContext, number>();

/** The cards the platform changed since `since` (none when it cannot say or does not answer). */
async function changedCards(ctx: AppContext, since: number): Promise<SimRow[] | undefined> {
  if (!ctx.carrier.changedSince) return [];
  let simNos: string[];
  try {
    simNos = await ctx.carrier.changedSince(since);
  } catch (err) {
    ctx.log.warn({ err }, 'upstream sync: the platform did not list its changes');
    return undefined;
  }
  return listActiveCards(ctx.db, simNos);
}

/**
 * Syncs the cards the platform changed since `since` (default: the previous run), then those with the
 * oldest cached state up to `batch`; how many were synced.
 */
export async function syncOldestCards(
  ctx: AppContext,
  now = ctx.clock.now(),
  batch = SYNC_BATCH,
  since = changesAsked.get(ctx) ?? now - PLAIN_SYNC_MS,
): Promise<number> {
  const changed = await changedCards(ctx, since);
  // A platform that did not answer is asked the same question next time.
  if (changed !== undefined) changesAsked.set(ctx, now);
  const results = [];
  if (changed && changed.length > 0) results.push(await syncCards(ctx, changed, now));
  const done = new Set((changed ?? []).map((sim) => sim.id));
  const due = await listCardsToSync(ctx.db, now - PLAIN_SYNC_MS, batch);
  results.push(
    await syncCards(
      ctx,
      due.filter((sim) => !done.has(sim.id)),
      now,
    ),
  );
  for (const { simNo, err } of results.flatMap((r) => r.failed)) {
    ctx.log.warn({ err, simNo }, 'upstream sync of a card failed');
  }
  return results.reduce((sum, r) => sum + r.synced, 0);
}

export const UPSTREAM_SYNC_JOB = 'upstream-sync';

export const upstreamSyncJob: JobDefinition = {
  name: UPSTREAM_SYNC_JOB,
  everyMs: 60_000,
  run: (ctx) => syncOldestCards(ctx).then(() => undefined),
};
