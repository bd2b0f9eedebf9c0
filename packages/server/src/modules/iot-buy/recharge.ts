/**
 * Balance recharge (API.md §4 balanceChoose, createBalanceOrder; SCREENS §5.4). The order is paid online;
 * its notify settles arrears first, then credits the rest and the gift as their own ledger lines. A card
 * stopped only by arrears runs again once they are paid.
 */
import {
  ErrorCode,
  fenToYuan,
  type OnlinePayType,
  PayStatus,
  rechargeNumberOf,
  resumableAfterArrears,
  yuanToFen,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import { requestHash } from '../../lib/request-hash.js';
import { requireModule, type SimRow, type SyncCard } from '../iot-core/card.js';
import { launchPayment } from '../payments/service.js';
import { getSetting } from '../site/repository.js';
import { moveBalance } from './ledger.js';
import * as repo from './repository.js';
import { onlinePayTypes, type PayContext, relaunchOrder, UNPAID_TTL_MS } from './shared.js';

/** Setting `iot_recharge` (per promoter: `iot_recharge:<code>`): recharge on/off and the custom amount. */
export interface RechargeSettings {
  enabled: 0 | 1;
  allowCustom: 0 | 1;
  /** Yuan, whole. */
  customMin: number;
  customMax: number;
}

const DEFAULT_RECHARGE: RechargeSettings = { enabled: 1, allowCustom: 1, customMin: 1, customMax: 5000 };

export async function rechargeSettings(db: DbOrTx, promoCode: string): Promise<RechargeSettings> {
  const own = (promoCode ? await getSetting(db, `iot_recharge:${promoCode}`) : undefined) ?? {};
  const shared = (await getSetting(db, 'iot_recharge')) ?? {};
  return { ...DEFAULT_RECHARGE, ...(shared as object), ...(own as object) } as RechargeSettings;
}

function rechargeOpen(settings: RechargeSettings): void {
  if (settings.enabled !== 1) throw new AppError(ErrorCode.MODULE_CLOSED, 'rechargeClosed');
}

/** GET /api/iot/balanceChoose. */
export async function chooseBalance(ctx: AppContext, sim: SimRow) {
  const { db } = ctx;
  const settings = await rechargeSettings(db, sim.promo_code);
  rechargeOpen(settings);
  const options = await repo.listBalanceOptions(db, sim.promo_code);
  return {
    rechargeNo: rechargeNumberOf({ sourceType: sim.source_type, simNo: sim.sim_no, deviceNo: sim.device_no ?? '' }),
    balance: fenToYuan(sim.balance_fen),
    arrearsBalance: fenToYuan(sim.arrears_fen),
    allowCustom: settings.allowCustom,
    customMin: settings.customMin,
    customMax: settings.customMax,
    payTypes: await onlinePayTypes(db, sim, ctx.payments.payTypes),
    list: options.map((o) => ({ id: o.id, amount: fenToYuan(o.amount_fen), gift: fenToYuan(o.gift_fen), tag: o.tag })),
  };
}

export interface CreateBalanceInput {
  optionId?: number | undefined;
  amount?: number | undefined;
  /** 一键缴费: exactly the card's arrears as the holder saw them ("23.50"). */
  arrears?: string | undefined;
  rechargeNo: string;
  payType: OnlinePayType;
  returnUrl?: string | undefined;
  uuid: string;
}

/** POST /api/iot/createBalanceOrder: an unpaid recharge order (15 min) and its payment launch. */
export async function createBalanceOrder(ctx: AppContext, sim: SimRow, input: CreateBalanceInput, pay: PayContext) {
  const { db } = ctx;
  const hash = requestHash(input, ['returnUrl']);
  const repeat = await repo.findBalanceOrderByUuid(db, sim.id, input.uuid);
  if (repeat) {
    if (repeat.request_hash !== hash) throw fail('duplicateRequest');
    return relaunchOrder(ctx, 'balance', repeat, repeat.amount_fen, pay);
  }
  await requireModule(db, sim, 'balance');
  const settings = await rechargeSettings(db, sim.promo_code);
  rechargeOpen(settings);
  // spec §4: a device recharges by its device number.
  const rechargeNo = rechargeNumberOf({
    sourceType: sim.source_type,
    simNo: sim.sim_no,
    deviceNo: sim.device_no ?? '',
  });
  if (input.rechargeNo !== rechargeNo) throw fail('rechargeNoMismatch', { field: 'rechargeNo' });
  let amountFen: number;
  let giftFen = 0;
  if (input.optionId !== undefined) {
    const option = (await repo.listBalanceOptions(db, sim.promo_code)).find((o) => o.id === input.optionId);
    if (!option) throw fail('rechargeOptionGone', { field: 'optionId' });
    amountFen = option.amount_fen;
    giftFen = option.gift_fen;
  } else if (input.arrears !== undefined) {
    // Paying what is owed is always allowed while recharge is on; the amount is the card's, to the fen.
    if (sim.arrears_fen === 0) throw fail('arrearsNone', { field: 'arrears' });
    if (yuanToFen(input.arrears) !== sim.arrears_fen) throw fail('arrearsChanged', { field: 'arrears' });
    amountFen = sim.arrears_fen;
  } else {
    const yuan = input.amount as number;
    if (settings.allowCustom !== 1 || yuan < settings.customMin || yuan > settings.customMax) {
      throw fail('amountOutOfRange', { field: 'amount' });
    }
    amountFen = yuan * 100;
  }
  const now = ctx.clock.now();
  const orderSn = newOrderSn('balance', now);
  try {
    await repo.insertBalanceOrder(db, {
      order_sn: orderSn,
      sim_id: sim.id,
      option_id: input.optionId ?? null,
      amount_fen: amountFen,
      gift_fen: giftFen,
      recharge_no: rechargeNo,
      pay_type: input.payType,
      status: 0,
      pay_status: PayStatus.UNPAID,
      arrears_paid_fen: 0,
      expire_at: now + UNPAID_TTL_MS,
      paid_at: null,
      trade_no: null,
      uuid: input.uuid,
      request_hash: hash,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    const again = await repo.findBalanceOrderByUuid(db, sim.id, input.uuid);
    if (!again) throw error;
    if (again.request_hash !== hash) throw fail('duplicateRequest');
    return relaunchOrder(ctx, 'balance', again, again.amount_fen, pay);
  }
  return launchPayment(ctx, { kind: 'balance', orderSn, payType: input.payType, ...pay });
}

/**
 * The payment core's markPaid for a recharge: 0 → 1 已到账, then arrears first (from the paid amount;
 * the gift only ever goes to the balance), the rest and the gift credited as ledger lines 1 and 6. The
 * card's state is the operator's: a stopped card runs again when the operator says so (`afterBalancePaid`).
 */
export async function markBalancePaid(tx: Tx, orderSn: string, paid: { tradeNo: string; paidAt: number }) {
  const order = await repo.findBalanceOrder(tx, orderSn);
  if (!order) return false;
  const moved = await repo.moveBalanceOrder(
    tx,
    orderSn,
    { status: [0], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
    { status: 1, pay_status: PayStatus.PAID, paid_at: paid.paidAt, trade_no: paid.tradeNo },
  );
  if (!moved) return false;
  const sim = await repo.lockCard(tx, order.sim_id);
  const toArrears = Math.min(sim.arrears_fen, order.amount_fen);
  const now = Date.now();
  if (toArrears > 0) {
    await repo.updateSim(tx, sim.id, { arrears_fen: sim.arrears_fen - toArrears, updated_at: now });
    await repo.moveBalanceOrder(tx, orderSn, {}, { arrears_paid_fen: toArrears });
  }
  const remark =
    toArrears > 0
      ? `充值¥${fenToYuan(order.amount_fen)}，抵扣欠费¥${fenToYuan(toArrears)}`
      : `充值¥${fenToYuan(order.amount_fen)}`;
  await moveBalance(tx, sim.id, order.amount_fen - toArrears, { type: 1, orderSn, remark }, now);
  if (order.gift_fen > 0) {
    await moveBalance(tx, sim.id, order.gift_fen, { type: 6, orderSn, remark: '充值赠送' }, now);
  }
  await repo.countRecharge(tx, sim.id);
  return true;
}

/**
 * After a recharge that paid the card's arrears off (SCREENS §6 simStatus 3 → 2): a card stopped for them
 * (or for a reason the operator did not give) is asked back from the operator, then synced at once, so the
 * holder sees it running as soon as the operator has done it; an operator that takes longer is seen by the
 * next sync (the holder's refresh or the sync job, which also asks again). A refusal or an unreachable
 * operator is logged; the payment stands. `syncCard` is modules/iot-sync's, handed down by app.ts.
 */
export async function afterBalancePaid(ctx: AppContext, orderSn: string, syncCard: SyncCard): Promise<void> {
  const order = await repo.findBalanceOrder(ctx.db, orderSn);
  if (!order || order.arrears_paid_fen === 0) return;
  const sim = await repo.findSimById(ctx.db, order.sim_id);
  if (sim?.sim_status !== 3 || sim.arrears_fen > 0 || sim.break_rule_id > 0) return;
  if (!resumableAfterArrears(sim.stop_reason)) return;
  try {
    await ctx.carrier.resumeSim(sim.sim_no);
  } catch (err) {
    ctx.log.warn({ err, simNo: sim.sim_no, orderSn }, 'operator did not take the resumption after arrears');
    return;
  }
  await syncCard(ctx, sim);
}
