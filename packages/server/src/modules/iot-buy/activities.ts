/**
 * Recharge activities (API.md §4 couponChoose, createCouponOrder): prepay once online, receive coupons
 * spread over months and coupon coins. Stock is held from creation until payment or the 15-minute
 * timeout; the paid notify issues the coupons, credits the coins and clears `needBuyCoupon`.
 */
import { ErrorCode, fenToYuan, type OnlinePayType, PayStatus } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction, type Tx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import { requestHash } from '../../lib/request-hash.js';
import { requireModule, type SimRow } from '../iot-core/card.js';
import { launchPayment } from '../payments/service.js';
import { moveCoins } from './ledger.js';
import * as repo from './repository.js';
import { addDuration } from './schedule.js';
import { type PayContext, relaunchOrder, UNPAID_TTL_MS } from './shared.js';

const DAY_MS = 24 * 3600_000;

/** One coupon line of an activity as stored (`coupons_json`). */
interface ActivityCoupon {
  name: string;
  amountFen: number;
  thresholdFen?: number;
  count: number;
  /** 1 = usable from the day of purchase, 2 = from a month later, … */
  monthIndex: number;
  validDays?: number;
  packageIds?: number[];
}

function couponsOf(activity: repo.ActivityRow): ActivityCoupon[] {
  try {
    const value = JSON.parse(activity.coupons_json);
    return Array.isArray(value) ? (value as ActivityCoupon[]) : [];
  } catch {
    return [];
  }
}

const faceValueOf = (coupons: ActivityCoupon[]) => coupons.reduce((sum, c) => sum + c.amountFen * c.count, 0);

/** GET /api/iot/couponChoose. */
export async function chooseActivities(ctx: AppContext, sim: SimRow) {
  const { db } = ctx;
  const [activities, bought] = await Promise.all([
    repo.listActivities(db, sim.promo_code),
    repo.countActivityOrders(db, sim.id),
  ]);
  return {
    needBuyCoupon: (sim.need_buy_coupon ? 1 : 0) as 0 | 1,
    list: activities.map((a) => {
      const coupons = couponsOf(a);
      return {
        id: a.id,
        name: a.name,
        payPrice: fenToYuan(a.pay_price_fen),
        faceValue: fenToYuan(faceValueOf(coupons)),
        months: a.months,
        coupons: coupons.map((c) => ({
          name: c.name,
          amount: fenToYuan(c.amountFen),
          count: c.count,
          monthIndex: c.monthIndex,
        })),
        coinAmount: a.coin_amount,
        stock: a.stock,
        limitTimes: a.limit_times,
        boughtTimes: bought.get(a.id) ?? 0,
        rules: a.rules,
      };
    }),
  };
}

export interface CreateCouponOrderInput {
  activityId: number;
  payType: OnlinePayType;
  returnUrl?: string | undefined;
  uuid: string;
}

/** POST /api/iot/createCouponOrder. */
export async function createCouponOrder(ctx: AppContext, sim: SimRow, input: CreateCouponOrderInput, pay: PayContext) {
  const { db } = ctx;
  const hash = requestHash(input, ['returnUrl']);
  const answerRepeat = (order: repo.CouponOrderRow) => {
    if (order.request_hash !== hash) throw fail('duplicateRequest');
    return relaunchOrder(ctx, 'coupon', order, order.pay_amount_fen, pay);
  };
  const repeat = await repo.findCouponOrderByUuid(db, sim.id, input.uuid);
  if (repeat) return answerRepeat(repeat);
  await requireModule(db, sim, 'couponChoose');
  const activity = await repo.findActivity(db, input.activityId);
  if (!activity?.enabled || (activity.promo_code !== '' && activity.promo_code !== sim.promo_code)) {
    throw fail('activityGone');
  }
  const now = ctx.clock.now();
  const orderSn = newOrderSn('coupon', now);
  try {
    await inTransaction(db, async (tx) => {
      await repo.lockCard(tx, sim.id);
      const held = (await repo.countActivityOrders(tx, sim.id, activity.id)).get(activity.id) ?? 0;
      if (held >= activity.limit_times) throw fail('activityLimitReached');
      if (!(await repo.takeActivityStock(tx, activity.id))) throw new AppError(ErrorCode.SOLD_OUT);
      await repo.insertCouponOrder(tx, {
        order_sn: orderSn,
        sim_id: sim.id,
        activity_id: activity.id,
        activity_name: activity.name,
        pay_amount_fen: activity.pay_price_fen,
        pay_type: input.payType,
        status: 0,
        pay_status: PayStatus.UNPAID,
        expire_at: now + UNPAID_TTL_MS,
        paid_at: null,
        trade_no: null,
        uuid: input.uuid,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      });
    });
  } catch (error) {
    const again = await repo.findCouponOrderByUuid(db, sim.id, input.uuid);
    if (again) return answerRepeat(again);
    throw error;
  }
  return launchPayment(ctx, { kind: 'coupon', orderSn, payType: input.payType, ...pay });
}

/** The payment core's markPaid for an activity: 0 → 1, coupons issued, coins credited, gate cleared. */
export async function markCouponOrderPaid(tx: Tx, orderSn: string, paid: { tradeNo: string; paidAt: number }) {
  const order = await repo.findCouponOrder(tx, orderSn);
  if (!order) return false;
  const moved = await repo.moveCouponOrder(
    tx,
    orderSn,
    { status: [0], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
    { status: 1, pay_status: PayStatus.PAID, paid_at: paid.paidAt, trade_no: paid.tradeNo },
  );
  if (!moved) return false;
  const activity = await repo.findActivity(tx, order.activity_id);
  const now = Date.now();
  const rows = (activity ? couponsOf(activity) : []).flatMap((c) => {
    const startAt = addDuration(paid.paidAt, Math.max(0, c.monthIndex - 1), 2);
    return Array.from({ length: c.count }, () => ({
      sim_id: order.sim_id,
      name: c.name,
      type: 1,
      amount_fen: c.amountFen,
      discount: null,
      threshold_fen: c.thresholdFen ?? 0,
      scope: c.packageIds?.length ? 'package' : 'all',
      package_ids_json: JSON.stringify(c.packageIds ?? []),
      status: 1,
      start_at: startAt,
      end_at: startAt + (c.validDays ?? 31) * DAY_MS,
      order_sn: null,
      source: orderSn,
      created_at: now,
      updated_at: now,
    }));
  });
  await repo.insertCoupons(tx, rows);
  if (activity && activity.coin_amount > 0) {
    await moveCoins(tx, order.sim_id, activity.coin_amount, { type: 1, orderSn, remark: `充值活动：${activity.name}` });
  }
  await repo.updateSim(tx, order.sim_id, { need_buy_coupon: 0, updated_at: now });
  return true;
}

/** Cancels an unpaid activity order (timeout): 0 → 2 已关闭, its stock back. */
export async function cancelUnpaidCouponOrder(tx: Tx, orderSn: string): Promise<boolean> {
  const order = await repo.findCouponOrder(tx, orderSn);
  if (!order) return false;
  const moved = await repo.moveCouponOrder(
    tx,
    orderSn,
    { status: [0], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
    { status: 2, pay_status: PayStatus.CLOSED },
  );
  if (moved) await repo.returnActivityStock(tx, order.activity_id);
  return moved;
}
