/**
 * The run of VIP and acceleration orders (SCREENS §5.6, §6 vip_order_status). A paid order stacks after
 * the card's valid or queued orders of its kind: it is 2 待生效 from the latest of their ends, else
 * 1 生效中 from now. The jobs end runs (1 → 3) and start the next (2 → 1); a refund (1/2 → 4) pulls the
 * orders after it forward. An acceleration pass also lives at the operator: its speed profile is applied
 * when it becomes valid and cleared when it ends or is refunded — after commit, retried by the job; an
 * operator that refuses gets the order refunded.
 */
import { ErrorCode, iotMemberApi, PayStatus } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction, type Tx } from '../../db/database.js';
import { CarrierRefusal } from '../../gateways/carrier/carrier-gateway.js';
import { AppError, fail } from '../../http/app-error.js';
import { addDuration, moveBalance } from '../iot-buy/index.js';
import { findSimById, lockCard } from '../iot-buy/repository.js';
import { closeOpenPayments, refundPaidOrder } from '../payments/service.js';
import * as repo from './repository.js';

const { MemberOrderStatus: Status, MemberRefundType } = iotMemberApi;

/** An acceleration the operator has not taken after this long is refunded, even without a clear refusal. */
export const SPEED_GIVE_UP_MS = 30 * 60_000;

export const KIND_LABEL: Record<repo.MemberKind, string> = { vip: '开通会员', accelerate: '网络加速' };

export interface Run {
  startAt: number;
  endAt: number;
  status: 1 | 2;
}

/**
 * Where a new order of `kind` runs when paid at `now`: after the latest end of the card's valid and
 * queued ones of that kind, or from now. Call with the card's row lock held, so two purchases of one
 * card stack one after the other.
 */
export async function stackedRun(
  tx: Tx,
  simId: number,
  kind: repo.MemberKind,
  term: { duration: number; duration_unit: number },
  now: number,
): Promise<Run> {
  const latest = await repo.latestHeldEnd(tx, simId, kind);
  const startAt = latest !== null && latest > now ? latest : now;
  return {
    startAt,
    endAt: addDuration(startAt, term.duration, term.duration_unit),
    status: startAt <= now ? Status.ACTIVE : Status.QUEUED,
  };
}

/**
 * Lays the card's valid and queued orders of a kind end to end again after one left the chain (a
 * refund): running orders keep their dates; each queued one starts where the previous ends, or now.
 * Returns the orders that became valid.
 */
export async function rechain(tx: Tx, simId: number, kind: repo.MemberKind, now: number): Promise<string[]> {
  const started: string[] = [];
  let cursor = now;
  for (const order of await repo.listHeldOrders(tx, simId, kind)) {
    if (order.status === Status.ACTIVE && order.start_at !== null && order.start_at <= now) {
      cursor = Math.max(cursor, order.end_at ?? now);
      continue;
    }
    const startAt = cursor;
    const endAt = addDuration(startAt, order.duration, order.duration_unit);
    const status = startAt <= now ? Status.ACTIVE : Status.QUEUED;
    if (order.start_at !== startAt || order.end_at !== endAt || order.status !== status) {
      await repo.moveOrder(
        tx,
        order.order_sn,
        { status: [order.status] },
        { start_at: startAt, end_at: endAt, status },
        now,
      );
      if (status === Status.ACTIVE) started.push(order.order_sn);
    }
    cursor = endAt;
  }
  return started;
}

/** The payment core's markPaid for a VIP or acceleration order: 0 → 1/2, stacked from the payment time. */
export async function markMemberPaid(
  tx: Tx,
  orderSn: string,
  paid: { tradeNo: string; paidAt: number },
): Promise<boolean> {
  const order = await repo.findOrder(tx, orderSn);
  if (!order || order.status !== Status.UNPAID) return false;
  await lockCard(tx, order.sim_id);
  const run = await stackedRun(tx, order.sim_id, order.kind as repo.MemberKind, order, paid.paidAt);
  return repo.moveOrder(
    tx,
    orderSn,
    { status: [Status.UNPAID], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
    {
      status: run.status,
      pay_status: PayStatus.PAID,
      paid_at: paid.paidAt,
      trade_no: paid.tradeNo,
      start_at: run.startAt,
      end_at: run.endAt,
    },
  );
}

export interface RefundOptions {
  /** 1 原路退回 (online payments through the provider), 2 退回余额. A balance payment always goes back to the balance. */
  refundType: 1 | 2;
  remark: string;
}

/**
 * Refunds a valid or queued order (back office, or an operator refusal): 1/2 → 4 with refundType,
 * refundAt and refundRemark; 退回余额 credits the balance on the ledger (type 3), 原路退回 refunds the
 * online payment through the payment core. The orders queued after it move forward; a refunded
 * acceleration's profile is cleared at the operator.
 */
export async function refundMemberOrder(
  ctx: AppContext,
  orderSn: string,
  options: RefundOptions,
  now = Date.now(),
): Promise<repo.MemberOrderRow> {
  const order = await repo.findOrder(ctx.db, orderSn);
  if (!order) throw fail('orderNotFound');
  if (order.status !== Status.ACTIVE && order.status !== Status.QUEUED) throw fail('refundNotAllowed');
  const kind = order.kind as repo.MemberKind;
  const byBalance = order.pay_type === 'balance';
  const refundType = byBalance ? MemberRefundType.BALANCE : options.refundType;
  const money = order.pay_amount_fen;
  const toProvider = !byBalance && money > 0 && refundType === MemberRefundType.ORIGINAL;

  const started = await inTransaction(ctx.db, async (tx) => {
    await lockCard(tx, order.sim_id);
    const moved = await repo.moveOrder(
      tx,
      orderSn,
      { status: [Status.ACTIVE, Status.QUEUED] },
      {
        status: Status.REFUNDED,
        refund_type: refundType,
        refund_at: now,
        refund_remark: options.remark.slice(0, 200),
        // An online payment paid back to the balance stays paid at the provider.
        ...(toProvider ? { pay_status: PayStatus.REFUNDING } : byBalance ? { pay_status: PayStatus.REFUNDED } : {}),
      },
      now,
    );
    if (!moved) return null;
    if (refundType === MemberRefundType.BALANCE && money > 0) {
      await moveBalance(
        tx,
        order.sim_id,
        money,
        { type: 3, orderSn, remark: `${KIND_LABEL[kind]}退款：${order.name}` },
        now,
      );
    }
    return rechain(tx, order.sim_id, kind, now);
  });
  if (started === null) throw fail('refundNotAllowed');
  ctx.log.warn({ orderSn, refundType, remark: options.remark }, 'member order refunded');

  if (kind === 'accelerate') {
    await clearSpeed(ctx, orderSn);
    for (const sn of started) await applySpeed(ctx, sn);
  }
  if (toProvider) await refundPaidOrder(ctx, kind, orderSn, options.remark || '订单退款');
  return (await repo.findOrder(ctx.db, orderSn)) as repo.MemberOrderRow;
}

/**
 * Puts a valid acceleration order's speed profile on the card (after commit; again by the job until the
 * operator answers). Refused, or not taken within 30 minutes → refunded: to the balance when paid from
 * it, else back the way it was paid.
 */
export async function applySpeed(ctx: AppContext, orderSn: string): Promise<void> {
  const order = await repo.findOrder(ctx.db, orderSn);
  if (order?.kind !== 'accelerate' || order.status !== Status.ACTIVE || order.applied_at !== null) return;
  if (order.start_at === null || order.end_at === null) return;
  const sim = await findSimById(ctx.db, order.sim_id);
  if (!sim) return;
  try {
    await ctx.carrier.setSpeedProfile(sim.sim_no, {
      apply: { orderSn, speedCode: order.speed_code, startAt: order.start_at, endAt: order.end_at },
    });
  } catch (err) {
    const refused = err instanceof CarrierRefusal;
    const waited = ctx.clock.now() - Math.max(order.paid_at ?? order.created_at, order.start_at);
    ctx.log.warn({ err, orderSn, refused }, 'speed profile not applied');
    if (refused || waited >= SPEED_GIVE_UP_MS) {
      const reason = refused ? (err as CarrierRefusal).userMessage : '运营商未受理';
      await refundMemberOrder(ctx, orderSn, {
        refundType: order.pay_type === 'balance' ? MemberRefundType.BALANCE : MemberRefundType.ORIGINAL,
        remark: `运营商加速受理失败：${reason}`,
      }).catch((refundErr: unknown) => ctx.log.error({ err: refundErr, orderSn }, 'refund after refusal failed'));
    }
    return;
  }
  await repo.markSpeedApplied(ctx.db, orderSn, ctx.clock.now());
}

/** Takes an ended or refunded acceleration's profile off the card; the job retries a failure. */
export async function clearSpeed(ctx: AppContext, orderSn: string): Promise<void> {
  const order = await repo.findOrder(ctx.db, orderSn);
  if (order?.kind !== 'accelerate' || order.applied_at === null || order.cleared_at !== null) return;
  if (order.status !== Status.EXPIRED && order.status !== Status.REFUNDED) return;
  const sim = await findSimById(ctx.db, order.sim_id);
  if (!sim) return;
  try {
    await ctx.carrier.setSpeedProfile(sim.sim_no, { clear: orderSn });
  } catch (err) {
    ctx.log.warn({ err, orderSn }, 'speed profile not cleared; the job retries');
    return;
  }
  await repo.markSpeedCleared(ctx.db, orderSn, ctx.clock.now());
}

/**
 * The lifecycle job's step (every minute): valid orders past their end → 3 已过期; queued orders whose
 * start has come → 1 生效中 (one that already ended as well goes straight to 3); then the operator is
 * told (profiles cleared and applied), and earlier operator calls that did not get through are retried.
 */
export async function runMemberLifecycle(ctx: AppContext, now = ctx.clock.now()): Promise<void> {
  const { db } = ctx;
  const ended: string[] = [];
  const started: string[] = [];
  // Each move under the card's lock, so it never interleaves with a purchase or a refund re-laying the chain.
  const move = (order: repo.MemberOrderRow, from: number, to: number) =>
    inTransaction(db, async (tx) => {
      await lockCard(tx, order.sim_id);
      return repo.moveOrder(tx, order.order_sn, { status: [from] }, { status: to }, now);
    });
  for (const order of await repo.listEnded(db, now)) {
    if (await move(order, Status.ACTIVE, Status.EXPIRED)) ended.push(order.order_sn);
  }
  for (const order of await repo.listStarted(db, now)) {
    const over = order.end_at !== null && order.end_at <= now;
    if (await move(order, Status.QUEUED, over ? Status.EXPIRED : Status.ACTIVE)) {
      (over ? ended : started).push(order.order_sn);
    }
  }
  for (const sn of ended) await clearSpeed(ctx, sn);
  for (const sn of started) await applySpeed(ctx, sn);
  for (const { order_sn } of await repo.listSpeedToClear(db)) await clearSpeed(ctx, order_sn);
  for (const { order_sn } of await repo.listSpeedToApply(db, now - 30_000)) await applySpeed(ctx, order_sn);
}

/** Unpaid orders past their 15 minutes → 5 已取消, payment closed (the timeout job, every minute). */
export async function closeExpiredMemberOrders(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  let closed = 0;
  for (const { order_sn } of await repo.listExpiredUnpaid(ctx.db, now)) {
    const moved = await repo.moveOrder(
      ctx.db,
      order_sn,
      { status: [Status.UNPAID], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
      { status: Status.CANCELLED, pay_status: PayStatus.CLOSED, remark: '超时未支付' },
      now,
    );
    if (!moved) continue;
    closed += 1;
    await closeOpenPayments(ctx, order_sn);
  }
  return closed;
}

/** A purchase refused at once (the operator would not speed the card up): 30003 with why and where the money went. */
export function refusedAnswer(order: repo.MemberOrderRow): AppError {
  const reason = order.refund_type === MemberRefundType.ORIGINAL ? 'memberRefundedOriginal' : 'memberRefundedBalance';
  return new AppError(ErrorCode.ORDER_REJECTED, reason, { remark: order.refund_remark || '订单已退款' });
}
