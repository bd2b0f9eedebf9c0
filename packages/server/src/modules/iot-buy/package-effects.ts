/**
 * A package order's effects: applying it to the card, the operator's activation after commit (a refused
 * package is refunded with its coupon and stock restored), payment and cancellation of an unpaid order.
 */

import { CouponStatus, PayStatus } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction, type Tx } from '../../db/database.js';
import { CarrierRefusal } from '../../gateways/carrier/carrier-gateway.js';
import { refundPaidOrder } from '../payments/service.js';
import { moveBalance, moveIntegral } from './ledger.js';
import { ACTIVATION_GIVE_UP_MS, currentEndOf } from './package-terms.js';
import * as repo from './repository.js';
import { scheduleOf, surplusOf } from './schedule.js';

/**
 * Puts the order's package into effect on the card once it has started: flow into the card's pool (or
 * pay-as-you-go on), the card's end date, and a stopped or new card back to 正常. Once per order.
 */
export async function applyPackageOrder(tx: Tx, order: repo.PackageOrderRow, now: number): Promise<boolean> {
  if (!(await repo.claimPackageApply(tx, order.order_sn, now))) return false;
  const sim = await repo.lockCard(tx, order.sim_id);
  if (order.package_type === 3) {
    const pkg = await repo.findPackage(tx, order.package_id);
    await repo.updateSim(tx, sim.id, {
      volume_package_id: order.package_id,
      volume_g_price_fen: pkg?.g_price_fen ?? 0,
      volume_use_flow: 0,
      volume_total_fen: 0,
      updated_at: now,
    });
    return true;
  }
  const endAt =
    order.package_type === 1 && order.end_at !== null ? Math.max(sim.end_at ?? 0, order.end_at) : sim.end_at;
  // A card stopped only for want of a package (the package ran out, or no reason given; no arrears, no
  // violation) runs again; so does a new one already real-named. The operator's other stops stay.
  const resumes =
    (sim.sim_status === 3 &&
      (sim.stop_reason === 'packageExpired' || sim.stop_reason === '') &&
      sim.arrears_fen === 0 &&
      sim.break_rule_id === 0) ||
    (sim.sim_status === 1 && sim.auth_status === 1);
  await repo.updateSim(tx, sim.id, {
    total_flow: order.is_infinite_flow ? sim.total_flow : sim.total_flow + order.flow_mb,
    is_infinite_flow: order.is_infinite_flow ? 1 : sim.is_infinite_flow,
    end_at: endAt,
    ...surplusOf(endAt, now),
    need_buy_package: order.package_type === 1 ? 0 : sim.need_buy_package,
    ...(resumes ? { sim_status: 2, stop_reason: '', internet_status: 1 } : {}),
    updated_at: now,
  });
  return true;
}

/** Takes an applied order's flow back out of the card's pool (expiry or refund). */
export async function unapplyPackageOrder(tx: Tx, order: repo.PackageOrderRow, now: number): Promise<void> {
  if (order.applied_at === null) return;
  const sim = await repo.lockCard(tx, order.sim_id);
  if (order.package_type === 3) {
    if (sim.volume_package_id === order.package_id) {
      await repo.updateSim(tx, sim.id, { volume_package_id: 0, updated_at: now });
    }
    return;
  }
  let infinite = sim.is_infinite_flow;
  if (order.is_infinite_flow) {
    infinite = (await repo.hasOtherInfiniteOrder(tx, sim.id, order.order_sn)) ? 1 : 0;
  }
  await repo.updateSim(tx, sim.id, {
    total_flow: order.is_infinite_flow ? sim.total_flow : Math.max(0, sim.total_flow - order.flow_mb),
    use_flow: Math.max(0, sim.use_flow - order.use_flow),
    is_infinite_flow: infinite,
    updated_at: now,
  });
}

/**
 * Undoes a paid order the operator did not take (or the back office refunds): order → 4 已退款, its
 * coupon unused again, its stock back, its flow out of the pool; a balance payment is credited back on
 * the ledger (type 3), an online one is refunded through the payment provider.
 */
export async function refundPackageOrder(ctx: AppContext, orderSn: string, reason: string): Promise<boolean> {
  const now = ctx.clock.now();
  const order = await repo.findPackageOrder(ctx.db, orderSn);
  if (!order) return false;
  const refunded = await inTransaction(ctx.db, async (tx) => {
    const moved = await repo.movePackageOrder(
      tx,
      orderSn,
      { status: [1, 2], payStatus: [PayStatus.PAID] },
      {
        status: 4,
        refund_at: now,
        remark: reason,
        ...(order.pay_type === 'balance' || order.pay_amount_fen === 0 ? { pay_status: PayStatus.REFUNDED } : {}),
      },
    );
    if (!moved) return false;
    await unapplyPackageOrder(tx, order, now);
    if (order.coupon_id !== null) {
      await repo.moveCoupon(
        tx,
        { id: order.coupon_id, simId: order.sim_id, from: CouponStatus.USED, orderSn },
        { status: CouponStatus.UNUSED, order_sn: null },
      );
    }
    await repo.returnPackageStock(tx, order.package_id);
    if (order.pay_type === 'balance' && order.pay_amount_fen > 0) {
      await moveBalance(
        tx,
        order.sim_id,
        order.pay_amount_fen,
        { type: 3, orderSn, remark: `套餐退款：${reason}` },
        now,
      );
    }
    return true;
  });
  if (!refunded) return false;
  ctx.log.warn({ orderSn, reason }, 'package order refunded');
  if (order.activated_at !== null) {
    const sim = await repo.findSimById(ctx.db, order.sim_id);
    if (sim)
      await ctx.carrier
        .cancelPackage(sim.sim_no, orderSn)
        .catch((err) => ctx.log.warn({ err, orderSn }, 'cancel failed'));
  }
  if (order.pay_type !== 'balance' && order.pay_amount_fen > 0) {
    await refundPaidOrder(ctx, 'package', orderSn, reason);
  }
  return true;
}

/**
 * Asks the operator to put a paid order's package on the card (after commit; again by the job until it
 * answers). Accepted → the order is applied when it has started. Refused, or not accepted within 30
 * minutes → refunded.
 */
export async function activatePackageOrder(ctx: AppContext, orderSn: string): Promise<void> {
  const order = await repo.findPackageOrder(ctx.db, orderSn);
  if (!order || order.pay_status !== PayStatus.PAID || order.activated_at !== null || ![1, 2].includes(order.status)) {
    return;
  }
  const sim = await repo.findSimById(ctx.db, order.sim_id);
  if (!sim) return;
  try {
    await ctx.carrier.activatePackage(sim.sim_no, {
      orderSn,
      flowMb: order.flow_mb,
      isInfiniteFlow: order.is_infinite_flow === 1,
      startAt: order.start_at ?? ctx.clock.now(),
      endAt: order.end_at,
    });
  } catch (err) {
    const refused = err instanceof CarrierRefusal;
    const waited = ctx.clock.now() - (order.paid_at ?? order.created_at);
    ctx.log.warn({ err, orderSn, refused }, 'package activation failed');
    if (refused || waited >= ACTIVATION_GIVE_UP_MS) {
      await refundPackageOrder(ctx, orderSn, refused ? (err as CarrierRefusal).userMessage : '运营商未受理');
    }
    return;
  }
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    if (!(await repo.markPackageActivated(tx, orderSn, now))) return;
    const fresh = (await repo.findPackageOrder(tx, orderSn)) as repo.PackageOrderRow;
    await applyPackageOrder(tx, fresh, now);
    await grantGiftPoints(tx, fresh, now);
  });
}

/**
 * SCREENS §5.3: a package configured with gift points (`gift_integral`) grants them when the operator
 * has taken the order — in the transaction that marks it activated, which only one caller wins, so once
 * per order (points ledger type 3). An order the operator refuses is refunded and earns nothing.
 */
async function grantGiftPoints(tx: Tx, order: repo.PackageOrderRow, now: number): Promise<void> {
  const pkg = await repo.findPackage(tx, order.package_id);
  if (!pkg || pkg.gift_integral <= 0) return;
  await moveIntegral(
    tx,
    order.sim_id,
    pkg.gift_integral,
    { type: 3, orderSn: order.order_sn, remark: `购买套餐赠送：${order.package_name}` },
    now,
  );
}

/** The payment core's markPaid for a package order: 0 → 1/2 with its run from the payment time. */
export async function markPackagePaid(
  tx: Tx,
  orderSn: string,
  paid: { tradeNo: string; paidAt: number },
): Promise<boolean> {
  const order = await repo.findPackageOrder(tx, orderSn);
  if (!order) return false;
  const sim = await repo.lockCard(tx, order.sim_id);
  const pkg = { package_type: order.package_type, duration: order.duration, duration_unit: order.duration_unit };
  const schedule = scheduleOf(pkg, order.effect_type, paid.paidAt, await currentEndOf(tx, sim));
  const moved = await repo.movePackageOrder(
    tx,
    orderSn,
    { status: [0], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
    {
      status: schedule.startAt <= paid.paidAt ? 2 : 1,
      pay_status: PayStatus.PAID,
      paid_at: paid.paidAt,
      trade_no: paid.tradeNo,
      start_at: schedule.startAt,
      end_at: schedule.endAt,
    },
  );
  if (!moved) return false;
  if (order.coupon_id !== null) {
    await repo.moveCoupon(
      tx,
      { id: order.coupon_id, simId: order.sim_id, from: CouponStatus.LOCKED, orderSn },
      { status: CouponStatus.USED, order_sn: orderSn },
    );
  }
  return true;
}

/** Cancels an unpaid package order (timeout): 0 → 5, its coupon unlocked and its stock back. */
export async function cancelUnpaidPackage(tx: Tx, orderSn: string): Promise<boolean> {
  const order = await repo.findPackageOrder(tx, orderSn);
  if (!order) return false;
  const moved = await repo.movePackageOrder(
    tx,
    orderSn,
    { status: [0], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
    { status: 5, pay_status: PayStatus.CLOSED, remark: '超时未支付' },
  );
  if (!moved) return false;
  if (order.coupon_id !== null) {
    await repo.moveCoupon(
      tx,
      { id: order.coupon_id, simId: order.sim_id, from: CouponStatus.LOCKED, orderSn },
      { status: CouponStatus.UNUSED, order_sn: null },
    );
  }
  await repo.returnPackageStock(tx, order.package_id);
  return true;
}
