/**
 * What the operator platform adapters share: a card's row as they need it (the platforms know a card by
 * its MSISDN or ICCID, the shop by its number), and the turn of a platform's reading into a `SyncedSim`.
 * A platform reports the month's usage so far; the card's pool is the shop's own, so the usage the sync
 * adds is what the platform counts beyond what the card's daily history already holds for the month.
 * The rows come from `platform-repository.ts`, the only file of the gateways that reads the shop's tables.
 */
import type { DbOrTx } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';
import type { SyncedSim } from './carrier-gateway.js';
import { mapOperatorState, type OperatorState } from './operator-states.js';
import { type PlatformCard, recordedThisMonth } from './platform-repository.js';

/** What a platform said about one card; undefined parts keep what the shop has. */
export interface PlatformReading {
  operatorState: OperatorState | undefined;
  /** MB used this calendar month, as the platform counts it. */
  monthUsageMb?: number | undefined;
  /** Operator real-name (0 none, 1 done, 2 reviewing, 3 failed). */
  authStatus?: number | undefined;
  /** 1 when the card is attached to the network now. */
  onlineStatus?: number | undefined;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function toSyncedSim(
  db: DbOrTx,
  card: PlatformCard,
  reading: PlatformReading,
  now: number,
): Promise<SyncedSim> {
  let used = 0;
  if (reading.monthUsageMb !== undefined) {
    used = round2(Math.max(0, reading.monthUsageMb - (await recordedThisMonth(db, card.id, now))));
  }
  // A card the operator starts again gets its data service back, unless the shop holds it for a violation.
  const running = reading.operatorState ? mapOperatorState(reading.operatorState)?.simStatus === 2 : false;
  const started = running && card.simStatus !== 2;
  return {
    operatorState: reading.operatorState,
    authStatus: reading.authStatus ?? card.authStatus,
    authPlatformStatus: card.authPlatformStatus,
    internetStatus: started ? (card.breakRuleId > 0 ? 0 : 1) : card.internetStatus,
    onlineStatus: reading.onlineStatus ?? card.onlineStatus,
    totalFlow: card.totalFlow,
    useFlow: round2(card.useFlow + used),
    usageByDay: used > 0 ? [{ day: formatDateTime(now).slice(0, 10), flowMb: used }] : [],
  };
}
