/**
 * The shop's rows the operator platform adapters read (OneLink, Jasper): a card by its number or ICCID and
 * the usage its daily history holds for the month. The real adapters' queries live here (the built-in
 * SMS outbox and the simulators keep their own); the turn of a reading into a `SyncedSim` is
 * `platform-sync.ts`.
 */
import type { DbOrTx } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';

/** A card as the platform adapters need it. */
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
export async function recordedThisMonth(db: DbOrTx, simId: number, now: number): Promise<number> {
  const monthStart = `${formatDateTime(now).slice(0, 7)}-01`;
  const row = await db
    .selectFrom('sim_usage_daily')
    .select((eb) => eb.fn.sum<number | string | null>('flow_mb').as('total'))
    .where('sim_id', '=', simId)
    .where('day', '>=', monthStart)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
