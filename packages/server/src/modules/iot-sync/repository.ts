/**
 * The console's IoT cards (issue 23 item 2): the cards table, a card's latest ledger lines and package
 * orders for its page, cards by ICCID for a batch.
 */
import type { DbOrTx } from '../../db/database.js';

export interface CardFilter {
  /** A card number, ICCID, device number or bound mobile, matched whole. */
  q?: string | undefined;
  simStatus?: number | undefined;
}

const CARD_COLUMNS = [
  'sim_no',
  'iccid',
  'device_no',
  'mobile',
  'operator_type',
  'sim_status',
  'stop_reason',
  'auth_status',
  'auth_platform_status',
  'balance_fen',
  'promo_code',
  'last_robin_at',
  'created_at',
] as const;

/**
 * The cards a filter selects. The search is an equality on four indexed columns (sim_no and iccid
 * unique, device_no, mobile), the state filter the (sim_status, id) index of migration 0021.
 */
function cardScope(db: DbOrTx, filter: CardFilter) {
  let scope = db.selectFrom('sims');
  const q = filter.q;
  if (q) {
    scope = scope.where((eb) =>
      eb.or([eb('sim_no', '=', q), eb('iccid', '=', q), eb('device_no', '=', q), eb('mobile', '=', q)]),
    );
  }
  if (filter.simStatus !== undefined) scope = scope.where('sim_status', '=', filter.simStatus);
  return scope;
}

export const isUnfilteredCards = (filter: CardFilter) => !filter.q && filter.simStatus === undefined;

/**
 * A page of cards newest first (`id desc`). The page's ids are read from an index first and only those
 * rows fetched, so a deep page does not read the rows it skips.
 */
export function pageCards(db: DbOrTx, filter: CardFilter, page: number, pageSize: number) {
  const ids = cardScope(db, filter)
    .select('id')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return db.selectFrom('sims').select(CARD_COLUMNS).where('id', 'in', ids).orderBy('id', 'desc').execute();
}

/** How many cards a filter selects. */
export async function countCards(db: DbOrTx, filter: CardFilter): Promise<number> {
  const row = await cardScope(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The card of an ICCID (number only), if any. */
export function findCardByIccid(db: DbOrTx, iccid: string) {
  return db.selectFrom('sims').selectAll().where('iccid', '=', iccid).executeTakeFirst();
}

/** A card's latest `limit` balance ledger lines, newest first. */
export function listLatestBalanceLog(db: DbOrTx, simId: number, limit: number) {
  return db
    .selectFrom('iot_balance_logs')
    .select(['type', 'amount_fen as amount', 'balance_after_fen as after', 'order_sn', 'remark', 'created_at'])
    .where('sim_id', '=', simId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A card's latest `limit` points ledger lines, newest first. */
export function listLatestPointsLog(db: DbOrTx, simId: number, limit: number) {
  return db
    .selectFrom('iot_integral_logs')
    .select(['type', 'points as amount', 'integral_after as after', 'order_sn', 'remark', 'created_at'])
    .where('sim_id', '=', simId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A card's latest `limit` coupon-coin ledger lines, newest first. */
export function listLatestCoinLog(db: DbOrTx, simId: number, limit: number) {
  return db
    .selectFrom('iot_coin_logs')
    .select(['type', 'coin as amount', 'coin_after as after', 'order_sn', 'remark', 'created_at'])
    .where('sim_id', '=', simId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A card's latest `limit` paid package orders (waiting, in use, ended or refunded), newest first. */
export function listLatestPackageOrders(db: DbOrTx, simId: number, limit: number) {
  return db
    .selectFrom('iot_package_orders')
    .select(['order_sn', 'package_name', 'status', 'flow_mb', 'use_flow', 'is_infinite_flow', 'start_at', 'end_at'])
    .where('sim_id', '=', simId)
    .where('status', 'in', [1, 2, 3, 4])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
