/**
 * The card's money ledgers. Every change of a card's balance goes through `moveBalance`, which changes
 * the balance with one conditional update and writes the ledger line with the balance it produced, in
 * the caller's transaction: the lines of a card therefore always sum to its balance, and a debit never
 * takes the balance below zero. Coupon coins work the same way through `moveCoins`, points through
 * `moveIntegral`.
 */

import { fenToYuan } from '@haoka/contract';
import { type Db, inTransaction, type Tx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, CLI_ACTOR, recordAudit } from '../../http/audit.js';
import * as repo from './repository.js';

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
  const after = await repo.addToBalance(tx, simId, amountFen, now);
  if (after === undefined) throw fail('balanceTooLow');
  await repo.insertBalanceLog(tx, {
    sim_id: simId,
    type: entry.type,
    amount_fen: amountFen,
    balance_after_fen: after,
    order_sn: entry.orderSn ?? '',
    remark: entry.remark ?? '',
    created_at: now,
  });
  return after;
}

/** balance_log_type 4: a staff adjustment. */
const STAFF_ADJUSTMENT = 4;

/**
 * A staff adjustment of a card's balance (后台调整), with its remark; under a reference (`ref`) it is made
 * once, and a repeat answers the balance without changing it. The CLI's `card adjust-balance` and the
 * console's cards page use it; the audit line `card.adjustBalance` (target `card:<simNo>`, the actor the
 * caller names) is written in the same transaction. Throws when the card does not exist, -1 余额不足 when
 * a debit is not covered.
 */
export async function adjustBalance(
  db: Db,
  simNo: string,
  amountFen: number,
  remark: string,
  ref = '',
  actor: AuditActor = CLI_ACTOR,
  now = Date.now(),
): Promise<{ balanceFen: number; applied: boolean }> {
  return inTransaction(db, async (tx) => {
    const sim = await repo.findSimBalanceByNo(tx, simNo);
    if (!sim) throw new Error('no such card');
    if (ref && (await repo.hasBalanceLog(tx, sim.id, STAFF_ADJUSTMENT, ref))) {
      return { balanceFen: Number(sim.balance_fen), applied: false };
    }
    const after = await moveBalance(tx, sim.id, amountFen, { type: STAFF_ADJUSTMENT, orderSn: ref, remark }, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'card.adjustBalance',
        target: `card:${simNo}`,
        before: { balance: fenToYuan(Number(sim.balance_fen)) },
        after: { balance: fenToYuan(after), amount: fenToYuan(amountFen), remark, ...(ref ? { ref } : {}) },
      },
      now,
    );
    return { balanceFen: after, applied: true };
  });
}

/** Changes the card's coupon coins and writes the coin ledger line (coin_log_type 1–4). */
export async function moveCoins(
  tx: Tx,
  simId: number,
  coins: number,
  entry: LedgerEntry,
  now = Date.now(),
): Promise<number> {
  const after = await repo.addToCoins(tx, simId, coins, now);
  if (after === undefined) throw fail('coinsTooLow');
  await repo.insertCoinLog(tx, {
    sim_id: simId,
    type: entry.type,
    coin: coins,
    coin_after: after,
    order_sn: entry.orderSn ?? '',
    remark: entry.remark ?? '',
    created_at: now,
  });
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
  const after = await repo.addToIntegral(tx, simId, points, now);
  if (after === undefined) throw fail('pointsTooLow');
  await repo.insertIntegralLog(tx, {
    sim_id: simId,
    type: entry.type,
    points,
    integral_after: after,
    order_sn: entry.orderSn ?? '',
    remark: entry.remark ?? '',
    created_at: now,
  });
  return after;
}
