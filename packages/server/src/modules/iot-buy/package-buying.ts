/**
 * Buying a package (API.md §4 buyPackage): one transaction under the card's row lock (limit, stock, coupon,
 * balance debit, the order); an online purchase holds its coupon and stock until paid or timed out (15 min).
 */

import { CouponStatus, ErrorCode, fenToYuan, type OnlinePayType, type PayLaunch, PayStatus } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction } from '../../db/database.js';
import { AppError, fail, preconditionRequired } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import { requestHash } from '../../lib/request-hash.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/repository.js';
import { launchPayment } from '../payments/service.js';
import { moveBalance } from './ledger.js';
import { activatePackageOrder } from './package-effects.js';
import {
  COUPON_REFUSALS,
  couponRefusal,
  currentEndOf,
  discountOf,
  effectTypesOf,
  packageForCard,
  realnamePending,
} from './package-terms.js';
import { checkPayPassword } from './pay-password.js';
import * as repo from './repository.js';
import { scheduleOf } from './schedule.js';
import { type PayContext, UNPAID_TTL_MS } from './shared.js';

export interface BuyPackageInput {
  packageId: number;
  effectType: 1 | 2 | 3;
  couponId?: number | undefined;
  payType: 'balance' | OnlinePayType;
  payPassword?: string | undefined;
  returnUrl?: string | undefined;
  uuid: string;
}

type BuyAnswer = PayLaunch & {
  packageOrder: { orderSn: string; status: number; startAt: string | null; endAt: string | null };
};

function answerOf(order: repo.PackageOrderRow, launch?: PayLaunch): BuyAnswer {
  const paid = order.pay_status === PayStatus.PAID;
  return {
    orderSn: order.order_sn,
    payAmount: fenToYuan(order.pay_amount_fen),
    payType: order.pay_type as PayLaunch['payType'],
    payStatus: launch?.payStatus ?? order.pay_status,
    paid: launch?.paid ?? paid,
    expireAt: order.expire_at === null ? null : formatDateTime(order.expire_at),
    ...(launch?.payUrl ? { payUrl: launch.payUrl } : {}),
    ...(launch?.jsapi ? { jsapi: launch.jsapi } : {}),
    packageOrder: {
      orderSn: order.order_sn,
      status: order.status,
      startAt: order.start_at === null ? null : formatDateTime(order.start_at),
      endAt: order.end_at === null ? null : formatDateTime(order.end_at),
    },
  };
}

/** The answer to a repeat of a purchase: the first order as it stands (re-launching an unpaid one). */
async function answerRepeat(
  ctx: AppContext,
  order: repo.PackageOrderRow,
  hash: string,
  pay: PayContext,
): Promise<BuyAnswer> {
  if (order.request_hash !== hash) throw fail('duplicateRequest');
  if (order.status === 4) throw new AppError(ErrorCode.ORDER_REJECTED, 'activationRefused');
  if (order.status === 0 && order.pay_type !== 'balance') {
    const launch = await launchPayment(ctx, {
      kind: 'package',
      orderSn: order.order_sn,
      payType: order.pay_type as OnlinePayType,
      ...pay,
    });
    return answerOf((await repo.findPackageOrder(ctx.db, order.order_sn)) ?? order, launch);
  }
  return answerOf(order);
}

/**
 * Places a package order. `renewal` is the auto-renew job: balance only, consent given in advance, so
 * no pay password and no holder prerequisites are asked.
 */
export async function placePackageOrder(
  ctx: AppContext,
  sim: SimRow,
  input: BuyPackageInput,
  pay: PayContext,
  options: { renewal?: boolean } = {},
): Promise<BuyAnswer> {
  const { db } = ctx;
  const hash = requestHash(input, ['payPassword', 'returnUrl']);
  const repeat = await repo.findPackageOrderByUuid(db, sim.id, input.uuid);
  if (repeat) return answerRepeat(ctx, repeat, hash, pay);

  const pkg = await packageForCard(db, sim, input.packageId);
  if (!effectTypesOf(pkg).includes(input.effectType)) throw fail('effectTypeUnsupported', { field: 'effectType' });
  const byBalance = input.payType === 'balance';
  if (!options.renewal) {
    if (realnamePending(sim)) throw preconditionRequired('realname', 'realnameFirst');
    if (sim.need_buy_coupon === 1) throw preconditionRequired('couponChoose', 'couponActivityFirst');
    if (sim.bind_phone_mode === 2 && !sim.mobile) throw preconditionRequired('bindPhone', 'bindPhoneFirst');
    if (byBalance) await checkPayPassword(db, sim, input.payPassword);
  }
  const now = ctx.clock.now();
  let coupon: repo.CouponRow | undefined;
  if (input.couponId !== undefined) {
    coupon = await repo.findCoupon(db, input.couponId);
    if (coupon?.sim_id !== sim.id) throw fail('payCouponMissing', { field: 'couponId' });
    const refusal = couponRefusal(coupon, pkg.price_fen, pkg.id, now);
    const threshold = fenToYuan(coupon.threshold_fen);
    if (refusal) throw fail(COUPON_REFUSALS[refusal], { field: 'couponId', threshold });
  }
  const couponFen = coupon ? discountOf(coupon, pkg.price_fen) : 0;
  const payFen = pkg.price_fen - couponFen;
  const paidNow = byBalance || payFen === 0;
  const orderSn = newOrderSn('package', now);

  try {
    await inTransaction(db, async (tx) => {
      const card = await repo.lockCard(tx, sim.id);
      if (pkg.limit_times !== null && (await repo.countPackageOrders(tx, sim.id, pkg.id)) >= pkg.limit_times) {
        throw fail('purchaseLimitReached');
      }
      if (!(await repo.takePackageStock(tx, pkg.id))) throw new AppError(ErrorCode.SOLD_OUT);
      if (coupon) {
        const moved = await repo.moveCoupon(
          tx,
          { id: coupon.id, simId: sim.id, from: CouponStatus.UNUSED, validAt: now },
          { status: paidNow ? CouponStatus.USED : CouponStatus.LOCKED, order_sn: orderSn },
        );
        if (!moved) throw fail('couponUnusable', { field: 'couponId' });
      }
      const schedule = scheduleOf(pkg, input.effectType, now, paidNow ? await currentEndOf(tx, card) : null);
      const status = !paidNow ? 0 : schedule.startAt <= now ? 2 : 1;
      await repo.insertPackageOrder(tx, {
        order_sn: orderSn,
        sim_id: sim.id,
        package_id: pkg.id,
        package_name: pkg.name,
        package_type: pkg.package_type,
        flow_mb: pkg.flow_mb,
        use_flow: 0,
        is_infinite_flow: pkg.is_infinite_flow,
        duration: pkg.duration,
        duration_unit: pkg.duration_unit,
        price_fen: pkg.price_fen,
        coupon_id: coupon?.id ?? null,
        coupon_fen: couponFen,
        pay_amount_fen: payFen,
        pay_type: input.payType,
        effect_type: input.effectType,
        status,
        pay_status: paidNow ? PayStatus.PAID : PayStatus.UNPAID,
        start_at: paidNow ? schedule.startAt : null,
        end_at: paidNow ? schedule.endAt : null,
        expire_at: paidNow ? null : now + UNPAID_TTL_MS,
        paid_at: paidNow ? now : null,
        trade_no: null,
        activated_at: null,
        applied_at: null,
        refund_at: null,
        remark: '',
        source: options.renewal ? 'renew' : 'user',
        uuid: input.uuid,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      });
      if (byBalance && payFen > 0) {
        await moveBalance(tx, sim.id, -payFen, {
          type: 2,
          orderSn,
          remark: `${options.renewal ? '自动续费' : '购买套餐'}：${pkg.name}`,
        });
      }
    });
  } catch (error) {
    // The same intent sent twice at once: the loser of the unique (card, uuid) answers the winner's order.
    const again = await repo.findPackageOrderByUuid(db, sim.id, input.uuid);
    if (again) return answerRepeat(ctx, again, hash, pay);
    throw error;
  }

  if (paidNow) {
    await activatePackageOrder(ctx, orderSn);
    const order = (await repo.findPackageOrder(db, orderSn)) as repo.PackageOrderRow;
    if (order.status === 4) throw new AppError(ErrorCode.ORDER_REJECTED, 'activationRefused');
    return answerOf(order);
  }
  const launch = await launchPayment(ctx, {
    kind: 'package',
    orderSn,
    payType: input.payType as OnlinePayType,
    ...pay,
  });
  return answerOf((await repo.findPackageOrder(db, orderSn)) as repo.PackageOrderRow, launch);
}

/** POST /api/iot/buyPackage. */
export async function buyPackage(ctx: AppContext, sim: SimRow, input: BuyPackageInput, pay: PayContext) {
  return placePackageOrder(ctx, sim, input, pay);
}
