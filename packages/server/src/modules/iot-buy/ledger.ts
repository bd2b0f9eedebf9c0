/**
 * The card's money ledgers. Every change of a card's balance goes through `moveBalance`, which changes
 * the balance with one conditional update and writes the ledger line with the balance it produced, in
 * the caller's transaction: the lines of a card therefore always sum to its balance, and a debit never
 * takes the balance below zero. Coupon coins work the same way through `moveCoins`, points through
 * `moveIntegral`.
 */

import type { Tx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';

export interface LedgerEntry {
  /** balance_log_type: 1 充值, 2 购买套餐, 3 退款, 4 后台调整, 5 按量扣费, 6 活动赠送. */
  type: number;
  orderSn?: string;
  remark?: string;
}

/**
 * Adds `amountFen` (negative: a debit) to the card's balance and writes its ledger line. A debit the
 * balance cannot cover throws -1 余额不足 and changes nothing. Returns the balance after.
 */
export async function moveBalance(
  tx: Tx,
  simId: number,
  amountFen: number,
  entry: LedgerEntry,
  now = Date.now(),
): Promise<number> {
  if (!Number.isSafeInteger(amountFen)) throw new Error(`not an amount of fen: ${amountFen}`);
  let q = tx
    .updateTable('sims')
    .set((eb) => ({ balance_fen: eb('balance_fen', '+', amountFen), updated_at: now }))
    .where('id', '=', simId);
  if (amountFen < 0) q = q.where('balance_fen', '>=', -amountFen);
  const row = await q.returning('balance_fen').executeTakeFirst();
  if (!row) throw fail('balanceTooLow');
  const after = Number(row.balance_fen);
  await tx
    .insertInto('iot_balance_logs')
    .values({
      sim_id: simId,
      type: entry.type,
      amount_fen: amountFen,
      balance_after_fen: after,
      order_sn: entry.orderSn ?? '',
      remark: entry.remark ?? '',
      created_at: now,
    })
    .execute();
  return after;
}

/** Changes the card's coupon coins and writes the coin ledger line (coin_log_type 1–4). */
export async function moveCoins(
  tx: Tx,
  simId: number,
  coins: number,
  entry: LedgerEntry,
  now = Date.now(),
): Promise<number> {
  let q = tx
    .updateTable('sims')
    .set((eb) => ({ coupon_coin: eb('coupon_coin', '+', coins), updated_at: now }))
    .where('id', '=', simId);
  if (coins < 0) q = q.where('coupon_coin', '>=', -coins);
  const row = await q.returning('coupon_coin').executeTakeFirst();
  if (!row) throw fail('coinsTooLow');
  const after = Number(row.coupon_coin);
  await tx
    .insertInto('iot_coin_logs')
    .values({
      sim_id: simId,
      type: entry.type,
      coin: coins,
      coin_after: after,
      order_sn: entry.orderSn ?? '',
      remark: entry.remark ?? '',
      created_at: now,
    })
    .execute();
  return after;
}

/**
 * Changes the card's points and writes the points ledger line (integral_log_type: 1 签到, 2 任务,
 * 3 购买套餐赠送, 4 商城兑换, 5 退回, 6 过期, 7 后台调整). A debit the points cannot cover throws
 * -1 积分不足 and changes nothing. Returns the points after.
 */
export async function moveIntegral(
  tx: Tx,
  simId: number,
  points: number,
  entry: LedgerEntry,
  now = Date.now(),
): Promise<number> {
  if (!Number.isSafeInteger(points)) throw new Error(`not a number of points: ${points}`);
  let q = tx
    .updateTable('sims')
    .set((eb) => ({ integral: eb('integral', '+', points), updated_at: now }))
    .where('id', '=', simId);
  if (points < 0) q = q.where('integral', '>=', -points);
  const row = await q.returning('integral').executeTakeFirst();
  if (!row) throw fail('pointsTooLow');
  const after = Number(row.integral);
  await tx
    .insertInto('iot_integral_logs')
    .values({
      sim_id: simId,
      type: entry.type,
      points,
      integral_after: after,
      order_sn: entry.orderSn ?? '',
      remark: entry.remark ?? '',
      created_at: now,
    })
    .execute();
  return after;
}
