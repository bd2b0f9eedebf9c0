/**
 * Upstream sync, round-robin (API.md §7): every minute the cards whose cached state is oldest are synced
 * with the operator platform (flows, statuses, real-name, device), as a card holder's page would
 * (`simRefresh`), and `lastRobinAt` moves on. A card synced within the last 10 minutes is left alone;
 * closed (已销户) and disabled cards are skipped. A carrier that cannot be reached leaves the card for
 * the next round.
 */
import type { AppContext } from '../context/app-context.js';
import { loadSim } from '../modules/iot-core/card.js';
import { listCardsToSync } from '../modules/iot-core/repository.js';
import { PLAIN_SYNC_MS, refreshSim } from '../modules/iot-sync/service.js';
import type { JobDefinition } from './runner.js';

/** Cards synced per run: with runs every minute, 100 cards cover 6,000 cards within an hour. */
export const SYNC_BATCH = 100;

/** Syncs the cards with the oldest cached state; how many were synced. */
export async function syncOldestCards(ctx: AppContext, now = ctx.clock.now(), batch = SYNC_BATCH): Promise<number> {
  const due = await listCardsToSync(ctx.db, now - PLAIN_SYNC_MS, batch);
  let synced = 0;
  for (const { sim_no: simNo } of due) {
    try {
      const sim = await loadSim(ctx.db, simNo);
      const { syncing } = await refreshSim({ db: ctx.db, limiter: ctx.limiter, carrier: ctx.carrier }, sim, 0, now);
      if (!syncing) synced += 1;
    } catch (err) {
      ctx.log.warn({ err, simNo }, 'upstream sync of a card failed');
    }
  }
  return synced;
}

export const upstreamSyncJob: JobDefinition = {
  name: 'upstream-sync',
  everyMs: 60_000,
  run: (ctx) => syncOldestCards(ctx).then(() => undefined),
};
