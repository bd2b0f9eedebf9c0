/**
 * What the operator platform adapters share: a card's row as they need it (the platforms know a card by
 * its MSISDN or ICCID, the shop by its number), and the turn of a platform's reading into a `SyncedSim`.
 * A platform reports the month's usage so far; the card's pool is the shop's own, so the usage the sync
 * adds is what the platform counts beyond what the card's daily history already holds for the month.
 */
import type { DbOrTx } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';
import type { SyncedSim } from './carrier-gateway.js';
import { mapOperatorState, type OperatorState } from './operator-states.js';

export interface PlatformCard {
  id: number;
  simNo: string;
  iccid: string;
  useFlow: number;
  totalFlow: number;
  internetStatus: number;
  onlineStatus: number;
  authStatus: number;
  authPlatformStatus: number;
  simStatus: number;
  breakRuleId: number;
}

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

function toCard(row: {
  id: number;
  sim_no: string;
  iccid: string;
  use_flow: number;
  total_flow: number;
  internet_status: number;
  online_status: number;
  auth_status: number;
  auth_platform_status: number;
  sim_status: number;
  break_rule_id: number;
}): PlatformCard {
  return {
    id: Number(row.id),
    simNo: row.sim_no,
    iccid: row.iccid,
    useFlow: Number(row.use_flow),
    totalFlow: Number(row.total_flow),
    internetStatus: row.internet_status,
    onlineStatus: row.online_status,
    authStatus: row.auth_status,
    authPlatformStatus: row.auth_platform_status,
    simStatus: row.sim_status,
    breakRuleId: row.break_rule_id,
  };
}

const CARD_COLUMNS = [
  'id',
  'sim_no',
  'iccid',
  'use_flow',
  'total_flow',
  'internet_status',
  'online_status',
  'auth_status',
  'auth_platform_status',
  'sim_status',
  'break_rule_id',
] as const;

/** The cards of these numbers that the shop has, by number. */
export async function loadPlatformCards(db: DbOrTx, simNos: string[]): Promise<Map<string, PlatformCard>> {
  if (simNos.length === 0) return new Map();
  const rows = await db.selectFrom('sims').select(CARD_COLUMNS).where('sim_no', 'in', simNos).execute();
  return new Map(rows.map((row) => [row.sim_no, toCard(row)]));
}

export async function loadPlatformCard(db: DbOrTx, simNo: string): Promise<PlatformCard> {
  const card = (await loadPlatformCards(db, [simNo])).get(simNo);
  if (!card) throw new Error(`carrier: unknown card ${simNo}`);
  return card;
}

/** The shop's card numbers of these ICCIDs (cards the shop does not have are left out). */
export async function simNosOfIccids(db: DbOrTx, iccids: string[]): Promise<string[]> {
  if (iccids.length === 0) return [];
  const rows = await db.selectFrom('sims').select('sim_no').where('iccid', 'in', iccids).execute();
  return rows.map((row) => row.sim_no);
}

/** MB the card's daily history holds for the Asia/Shanghai month of `now`. */
async function recordedThisMonth(db: DbOrTx, simId: number, now: number): Promise<number> {
  const monthStart = `${formatDateTime(now).slice(0, 7)}-01`;
  const row = await db
    .selectFrom('sim_usage_daily')
    .select((eb) => eb.fn.sum<number | string | null>('flow_mb').as('total'))
    .where('sim_id', '=', simId)
    .where('day', '>=', monthStart)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

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
