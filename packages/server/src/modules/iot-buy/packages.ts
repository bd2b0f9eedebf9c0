/**
 * Package buying (API.md §4 packageChoose, packageDetails, buyPackage; SCREENS §5.3). A purchase runs in
 * one transaction under the card's row lock: limit, stock, coupon, balance debit and the order. The
 * operator is asked after commit; a package it refuses is refunded with its coupon and stock restored.
 * An online purchase holds its coupon (锁定) and stock until it is paid or times out (15 min).
 */
import {
  type Coupon,
  CouponStatus,
  couponDiscountFen,
  EffectType,
  ErrorCode,
  fenToYuan,
  maskMobile,
  needsOperatorRealname,
  type OnlinePayType,
  type PackageOption,
  type PayLaunch,
  PayStatus,
  type Reason,
  reasonText,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { type DbOrTx, inTransaction, type Tx } from '../../db/database.js';
import { CarrierRefusal } from '../../gateways/carrier/carrier-gateway.js';
import { AppError, fail, preconditionRequired } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import { requestHash } from '../../lib/request-hash.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/repository.js';

/** The card still has to finish the operator's real-name (domain/card-state.ts, the rule the app shows). */
const realnamePending = (sim: Pick<SimRow, 'need_auth' | 'auth_status'>) =>
  needsOperatorRealname({ needAuth: sim.need_auth, authStatus: sim.auth_status });

import { launchPayment, refundPaidOrder } from '../payments/service.js';
import { moveBalance, moveIntegral } from './ledger.js';
import { checkPayPassword } from './pay-password.js';
import * as repo from './repository.js';
import { scheduleOf, surplusOf } from './schedule.js';
import { cardPayTypes, type PayContext, UNPAID_TTL_MS } from './shared.js';

/** A package the operator has not accepted after this long is refunded, even without a clear refusal. */
export const ACTIVATION_GIVE_UP_MS = 30 * 60_000;
const LAMP_COUNT = 20;

const parseJsonArray = <T>(json: string, fallback: T[]): T[] => {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : fallback;
  } catch {
    return fallback;
  }
};

export const effectTypesOf = (pkg: repo.PackageRow): number[] =>
  pkg.package_type === 3 ? [EffectType.NOW] : parseJsonArray<number>(pkg.effect_types_json, [EffectType.NOW]);

export function toPackageOption(pkg: repo.PackageRow, boughtTimes: number): PackageOption {
  return {
    id: pkg.id,
    name: pkg.name,
    packageType: pkg.package_type,
    flow: pkg.flow_mb,
    isInfiniteFlow: pkg.is_infinite_flow ? 1 : 0,
    duration: pkg.duration,
    durationUnit: pkg.duration_unit,
    price: fenToYuan(pkg.price_fen),
    originalPrice: fenToYuan(pkg.original_price_fen),
    tags: parseJsonArray<string>(pkg.tags_json, []),
    effectTypes: effectTypesOf(pkg),
    stock: pkg.stock,
    limitTimes: pkg.limit_times,
    boughtTimes,
    remark: pkg.remark,
    ...(pkg.package_type === 3 ? { gPrice: fenToYuan(pkg.g_price_fen) } : {}),
  };
}

/** Why a listed coupon is greyed (`threshold` comes from the coupon itself). */
export type CouponWhy =
  | 'couponUsed'
  | 'couponNotStarted'
  | 'couponExpired'
  | 'couponNotForPackage'
  | 'couponBelowThreshold'
  | 'couponUnavailable';

/** Why a coupon cannot pay for this package now, or null when it can. */
export function couponRefusal(
  coupon: repo.CouponRow,
  priceFen: number,
  packageId: number,
  now: number,
): Exclude<CouponWhy, 'couponUnavailable'> | null {
  if (coupon.status !== CouponStatus.UNUSED) return 'couponUsed';
  if (coupon.start_at > now) return 'couponNotStarted';
  if (coupon.end_at <= now) return 'couponExpired';
  if (coupon.scope === 'package' && !parseJsonArray<number>(coupon.package_ids_json, []).includes(packageId)) {
    return 'couponNotForPackage';
  }
  if (coupon.threshold_fen > priceFen) return 'couponBelowThreshold';
  return null;
}

/** The refusal of paying with a coupon, per why it is greyed. */
const COUPON_REFUSALS: Record<Exclude<CouponWhy, 'couponUnavailable'>, Reason> = {
  couponUsed: 'payCouponUsed',
  couponNotStarted: 'payCouponNotStarted',
  couponExpired: 'payCouponExpired',
  couponNotForPackage: 'payCouponNotForPackage',
  couponBelowThreshold: 'payCouponBelowThreshold',
};

const discountOf = (coupon: repo.CouponRow, priceFen: number) =>
  couponDiscountFen(priceFen, { type: coupon.type, amountFen: coupon.amount_fen, discount: coupon.discount });

export function toCoupon(row: repo.CouponRow, why: CouponWhy | null): Coupon {
  const threshold = fenToYuan(row.threshold_fen);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    amount: fenToYuan(row.amount_fen),
    discount: row.discount,
    threshold,
    scope: row.scope === 'package' ? 'package' : 'all',
    packageIds: parseJsonArray<number>(row.package_ids_json, []),
    status: row.status,
    startAt: formatDateTime(row.start_at),
    endAt: formatDateTime(row.end_at),
    usable: why === null,
    ...(why ? { reason: reasonText(why, { threshold }), unusableReason: why } : {}),
  };
}

/** A package of this card's promoter and operator, on sale. */
async function packageForCard(db: DbOrTx, sim: SimRow, packageId: number): Promise<repo.PackageRow> {
  const pkg = await repo.findPackage(db, packageId);
  const forCard =
    pkg &&
    pkg.status === 1 &&
    (pkg.promo_code === '' || pkg.promo_code === sim.promo_code) &&
    (pkg.operator_type === null || pkg.operator_type === sim.operator_type);
  if (!forCard) throw fail('packageGone');
  return pkg;
}

function ago(minutes: number): string {
  if (minutes < 60) return '刚刚';
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}小时前`;
  return `${Math.floor(minutes / 1440)}天前`;
}

const maskSimNo = (simNo: string) => (simNo.length > 8 ? `${simNo.slice(0, 4)}****${simNo.slice(-4)}` : simNo);

/** GET /api/iot/packageChoose. */
export async function choosePackages(ctx: AppContext, sim: SimRow, packageType: number | undefined) {
  const { db } = ctx;
  const [packages, bought, layout] = await Promise.all([
    repo.listPackagesFor(db, sim, { packageType }),
    repo.countPackageOrdersByPackage(db, sim.id),
    db.selectFrom('sim_layouts').select('layout_json').where('code', '=', sim.layout_code).executeTakeFirst(),
  ]);
  let buys: { buyer: string; packageName: string; minutesAgo: number }[] = [];
  const lampOn = (() => {
    try {
      return JSON.parse(layout?.layout_json ?? '{}').packageLamp === 1;
    } catch {
      return false;
    }
  })();
  if (lampOn) {
    const now = Date.now();
    buys = (await repo.listRecentPackageBuys(db, sim.promo_code, LAMP_COUNT)).map((r) => ({
      buyer: r.mobile ? maskMobile(r.mobile) : maskSimNo(r.sim_no),
      packageName: r.package_name,
      minutesAgo: Math.max(0, Math.floor((now - Number(r.paid_at ?? now)) / 60_000)),
    }));
  }
  return {
    lamps: buys.map((b) => `${b.buyer} ${ago(b.minutesAgo)}订购了 ${b.packageName}`),
    lampBuys: buys,
    needAuth: (realnamePending(sim) ? 1 : 0) as 0 | 1,
    list: packages.map((p) => toPackageOption(p, bought.get(p.id) ?? 0)),
  };
}

/** The end of the card's current base package, or of the last one queued after it. */
async function currentEndOf(db: DbOrTx, sim: SimRow): Promise<number | null> {
  const queued = await repo.latestBaseEnd(db, sim.id);
  const ends = [sim.end_at, queued].filter((v): v is number => v !== null);
  return ends.length ? Math.max(...ends) : null;
}

/** GET /api/iot/packageDetails (without packageId: the card's coupons only, read-only). */
export async function getPackageDetails(ctx: AppContext, sim: SimRow, packageId: number | undefined) {
  const { db } = ctx;
  const now = Date.now();
  const pkg = packageId === undefined ? null : await packageForCard(db, sim, packageId);
  const payTypes = await cardPayTypes(db, sim);
  const currentEnd = await currentEndOf(db, sim);
  if (!pkg) {
    const rows = await repo.listCardCoupons(db, sim.id);
    const coupons = rows.map((c) =>
      toCoupon(c, c.status === CouponStatus.UNUSED && c.start_at <= now && c.end_at > now ? null : 'couponUnavailable'),
    );
    return {
      package: null,
      defaultEffectType: EffectType.NOW,
      currentEndAt: currentEnd === null ? null : formatDateTime(currentEnd),
      balance: fenToYuan(sim.balance_fen),
      payTypes,
      coupons,
      bestCouponId: null,
      existPayPassword: (sim.pay_password_hash ? 1 : 0) as 0 | 1,
    };
  }
  const bought = await repo.countPackageOrders(db, sim.id, pkg.id);
  const rows = await repo.listCardCoupons(db, sim.id, [CouponStatus.UNUSED]);
  const rated = rows
    .map((row) => ({
      row,
      reason: couponRefusal(row, pkg.price_fen, pkg.id, now),
      off: discountOf(row, pkg.price_fen),
    }))
    .sort(
      (a, b) => Number(a.reason !== null) - Number(b.reason !== null) || b.off - a.off || a.row.end_at - b.row.end_at,
    );
  const best = rated.find((r) => r.reason === null && r.off > 0);
  const effects = effectTypesOf(pkg);
  // A base package bought while one still runs continues after it by default; otherwise it starts now.
  const preferAfter =
    pkg.package_type === 1 && currentEnd !== null && currentEnd > now && effects.includes(EffectType.AFTER_CURRENT);
  const defaultEffectType = (preferAfter ? EffectType.AFTER_CURRENT : (effects[0] ?? EffectType.NOW)) as 1 | 2 | 3;
  return {
    package: toPackageOption(pkg, bought),
    defaultEffectType,
    currentEndAt: currentEnd === null ? null : formatDateTime(currentEnd),
    balance: fenToYuan(sim.balance_fen),
    payTypes,
    coupons: rated.map((r) => toCoupon(r.row, r.reason)),
    bestCouponId: best?.row.id ?? null,
    existPayPassword: (sim.pay_password_hash ? 1 : 0) as 0 | 1,
  };
}

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
  const now = Date.now();
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

/**
 * Puts the order's package into effect on the card once it has started: flow into the card's pool (or
 * pay-as-you-go on), the card's end date, and a stopped or new card back to 正常. Once per order.
 */
export async function applyPackageOrder(tx: Tx, order: repo.PackageOrderRow, now: number): Promise<boolean> {
  const claimed = await tx
    .updateTable('iot_package_orders')
    .set({ applied_at: now, updated_at: now })
    .where('order_sn', '=', order.order_sn)
    .where('status', '=', 2)
    .where('applied_at', 'is', null)
    .where('activated_at', 'is not', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
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
async function unapplyPackageOrder(tx: Tx, order: repo.PackageOrderRow, now: number): Promise<void> {
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
    const others = await tx
      .selectFrom('iot_package_orders')
      .select('id')
      .where('sim_id', '=', sim.id)
      .where('status', '=', 2)
      .where('is_infinite_flow', '=', 1)
      .where('order_sn', '!=', order.order_sn)
      .executeTakeFirst();
    infinite = others ? 1 : 0;
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
  const now = Date.now();
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
      startAt: order.start_at ?? Date.now(),
      endAt: order.end_at,
    });
  } catch (err) {
    const refused = err instanceof CarrierRefusal;
    const waited = Date.now() - (order.paid_at ?? order.created_at);
    ctx.log.warn({ err, orderSn, refused }, 'package activation failed');
    if (refused || waited >= ACTIVATION_GIVE_UP_MS) {
      await refundPackageOrder(ctx, orderSn, refused ? (err as CarrierRefusal).userMessage : '运营商未受理');
    }
    return;
  }
  const now = Date.now();
  await inTransaction(ctx.db, async (tx) => {
    const done = await tx
      .updateTable('iot_package_orders')
      .set({ activated_at: now, updated_at: now })
      .where('order_sn', '=', orderSn)
      .where('activated_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return;
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

/** Package orders whose start has come: 1 → 2 and applied (the activation job, every minute). */
export async function startDuePackages(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const due = await ctx.db
    .selectFrom('iot_package_orders')
    .selectAll()
    .where('status', '=', 1)
    .where('start_at', '<=', now)
    .where('activated_at', 'is not', null)
    .limit(500)
    .execute();
  let started = 0;
  for (const order of due) {
    await inTransaction(ctx.db, async (tx) => {
      if (!(await repo.movePackageOrder(tx, order.order_sn, { status: [1] }, { status: 2 }))) return;
      await applyPackageOrder(tx, { ...order, status: 2 }, now);
      started += 1;
    });
  }
  return started;
}

/** Active package orders past their end: 2 → 3 已失效, their flow out of the pool. */
export async function expirePackages(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const due = await ctx.db
    .selectFrom('iot_package_orders')
    .selectAll()
    .where('status', '=', 2)
    .where('end_at', 'is not', null)
    .where('end_at', '<=', now)
    .limit(500)
    .execute();
  let expired = 0;
  for (const order of due) {
    await inTransaction(ctx.db, async (tx) => {
      if (!(await repo.movePackageOrder(tx, order.order_sn, { status: [2] }, { status: 3 }))) return;
      await unapplyPackageOrder(tx, order, now);
      expired += 1;
    });
  }
  return expired;
}

/** Paid orders the operator has not accepted yet (a failed or interrupted call): asked again. */
export async function retryActivations(ctx: AppContext, now = ctx.clock.now()): Promise<void> {
  const pending = await ctx.db
    .selectFrom('iot_package_orders')
    .select('order_sn')
    .where('pay_status', '=', PayStatus.PAID)
    .where('status', 'in', [1, 2])
    .where('activated_at', 'is', null)
    .where('updated_at', '<=', now - 30_000)
    .limit(100)
    .execute();
  for (const { order_sn } of pending) await activatePackageOrder(ctx, order_sn);
}

/**
 * Charges synced usage to the card's active packages, earliest end first (each up to its own flow;
 * an unlimited one takes the rest). Runs in the sync's transaction.
 */
export async function allocateUsage(tx: Tx, simId: number, usedMb: number): Promise<void> {
  let left = usedMb;
  if (left <= 0) return;
  for (const order of await repo.listActiveFlowOrders(tx, simId)) {
    const room = order.is_infinite_flow ? left : Math.max(0, order.flow_mb - order.use_flow);
    const take = Math.min(room, left);
    if (take <= 0) continue;
    await tx
      .updateTable('iot_package_orders')
      .set({ use_flow: Math.round((order.use_flow + take) * 100) / 100 })
      .where('id', '=', order.id)
      .execute();
    left -= take;
    if (left <= 0) break;
  }
}
