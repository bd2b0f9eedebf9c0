/**
 * VIP and acceleration buying (API.md §4 vipList, createVipOrder, accelerateList, createAccelerateOrder,
 * accelerateOrderList; SCREENS §5.6). Paid from the balance (with the pay password) the order runs at
 * once — debit and order in one transaction under the card's row lock, stacked after the card's valid or
 * queued ones of its kind; paid online it waits (0 待支付, 15 min) for the notify. Creates are idempotent
 * by the client's `uuid`.
 */
import {
  type AccelerateOrder,
  ErrorCode,
  fenToYuan,
  iotMemberApi,
  type OnlinePayType,
  type PayLaunch,
  PayStatus,
  type PayType,
  type Reason,
  type VipOrder,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { type DbOrTx, inTransaction } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import { requestHash } from '../../lib/request-hash.js';
import { formatDateTime } from '../../lib/time.js';
import { cardPayTypes, checkPayPassword, moveBalance, type PayContext, UNPAID_TTL_MS } from '../iot-buy/index.js';
import { lockCard } from '../iot-buy/repository.js';
import { requireModule } from '../iot-core/card.js';
import type { SimRow } from '../iot-core/repository.js';
import { launchPayment } from '../payments/service.js';
import { getSetting } from '../site/repository.js';
import { applySpeed, KIND_LABEL, refusedAnswer, stackedRun } from './lifecycle.js';
import * as repo from './repository.js';
import * as view from './view.js';

const { MemberOrderStatus: Status } = iotMemberApi;

/**
 * Setting `iot_accelerate` (per promoter: `iot_accelerate:<code>`): the operators and card sources whose
 * cards can be sped up; a list left out allows all.
 */
export interface AccelerateSettings {
  operatorTypes?: number[];
  sourceTypes?: number[];
}

/** Without a setting: 移动, 联通 and 电信 sell speed profiles, 广电 does not; cards and devices alike. */
const DEFAULT_ACCELERATE: AccelerateSettings = { operatorTypes: [1, 2, 3] };

async function accelerateSettings(db: DbOrTx, promoCode: string): Promise<AccelerateSettings> {
  const own = (promoCode ? await getSetting(db, `iot_accelerate:${promoCode}`) : undefined) ?? {};
  const shared = (await getSetting(db, 'iot_accelerate')) ?? {};
  return { ...DEFAULT_ACCELERATE, ...(shared as object), ...(own as object) } as AccelerateSettings;
}

/** 40001 with the module's own message (the card layout switched it off). */
async function requireMemberModule(db: DbOrTx, sim: SimRow, key: repo.MemberKind, reason: Reason) {
  try {
    await requireModule(db, sim, key);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.MODULE_CLOSED) {
      throw new AppError(ErrorCode.MODULE_CLOSED, reason);
    }
    throw error;
  }
}

export const requireVip = (db: DbOrTx, sim: SimRow) => requireMemberModule(db, sim, 'vip', 'vipClosed');

/** The acceleration module is on for the card, and its operator and source can be sped up; else 40001. */
export async function requireAccelerate(db: DbOrTx, sim: SimRow): Promise<void> {
  await requireMemberModule(db, sim, 'accelerate', 'accelerateClosed');
  const settings = await accelerateSettings(db, sim.promo_code);
  const allows = (list: number[] | undefined, value: number) => !Array.isArray(list) || list.includes(value);
  if (!allows(settings.operatorTypes, sim.operator_type) || !allows(settings.sourceTypes, sim.source_type)) {
    throw new AppError(ErrorCode.MODULE_CLOSED, 'accelerateUnsupported');
  }
}

/** What both shelves carry besides the products. */
async function buyingFacts(ctx: AppContext, sim: SimRow, kind: repo.MemberKind, now: number) {
  const [payTypes, latest] = await Promise.all([
    cardPayTypes(ctx.db, sim, ctx.payments.payTypes),
    repo.latestHeldEnd(ctx.db, sim.id, kind),
  ]);
  return {
    payTypes,
    balance: fenToYuan(sim.balance_fen),
    existPayPassword: (sim.pay_password_hash ? 1 : 0) as 0 | 1,
    nextStartAt: latest !== null && latest > now ? formatDateTime(latest) : null,
  };
}

/** GET /api/iot/vipList. */
export async function listVip(ctx: AppContext, sim: SimRow) {
  const { db } = ctx;
  await requireVip(db, sim);
  const now = ctx.clock.now();
  const [products, current, facts] = await Promise.all([
    repo.listVipProducts(db, sim.promo_code),
    view.currentOrderRow(db, sim.id, 'vip', now),
    buyingFacts(ctx, sim, 'vip', now),
  ]);
  return {
    vipOrder: current ? view.toVipOrder(current, now) : null,
    list: products.map(view.toVipProduct),
    ...facts,
  };
}

/** GET /api/iot/accelerateList. */
export async function listAccelerate(ctx: AppContext, sim: SimRow) {
  const { db } = ctx;
  await requireAccelerate(db, sim);
  const now = ctx.clock.now();
  const [products, current, facts] = await Promise.all([
    repo.listAccelerateProducts(db, sim),
    view.currentOrderRow(db, sim.id, 'accelerate', now),
    buyingFacts(ctx, sim, 'accelerate', now),
  ]);
  return {
    accelerateOrder: current ? view.toAccelerateOrder(current, now) : null,
    list: products.map(view.toAccelerateProduct),
    ...facts,
  };
}

/** GET /api/iot/accelerateOrderList. */
export async function listAccelerateOrders(
  ctx: AppContext,
  sim: SimRow,
  input: { page: number; pageSize: number; status?: number | undefined },
) {
  const { rows, total } = await repo.pageOrders(ctx.db, sim.id, 'accelerate', input);
  const now = ctx.clock.now();
  return { list: rows.map((r) => view.toAccelerateOrder(r, now)), total, page: input.page, pageSize: input.pageSize };
}

export interface MemberBuyInput {
  payType: PayType;
  payPassword?: string | undefined;
  returnUrl?: string | undefined;
  uuid: string;
}

/** What an order copies from its product. */
interface ProductTerms {
  productId: number;
  name: string;
  logo: string;
  privilegesJson: string;
  speedCode: string;
  priceFen: number;
  duration: number;
  durationUnit: number;
}

function launchOf(order: repo.MemberOrderRow, launch?: PayLaunch): PayLaunch {
  return {
    orderSn: order.order_sn,
    payAmount: fenToYuan(order.pay_amount_fen),
    payType: order.pay_type as PayType,
    payStatus: launch?.payStatus ?? order.pay_status,
    paid: launch?.paid ?? order.pay_status === PayStatus.PAID,
    expireAt: order.status === Status.UNPAID && order.expire_at !== null ? formatDateTime(order.expire_at) : null,
    ...(launch?.payUrl ? { payUrl: launch.payUrl } : {}),
    ...(launch?.jsapi ? { jsapi: launch.jsapi } : {}),
  };
}

/** A repeat of a purchase (same uuid): the first order as it stands; an unpaid one is launched again. */
async function answerRepeat(
  ctx: AppContext,
  order: repo.MemberOrderRow,
  hash: string,
  pay: PayContext,
): Promise<repo.MemberOrderRow & { launch?: PayLaunch }> {
  if (order.request_hash !== hash) throw fail('duplicateRequest');
  // Refunded (an operator refusal, or the back office): the same intent hears why again, and pays nothing.
  if (order.status === Status.REFUNDED) throw refusedAnswer(order);
  if (order.status !== Status.UNPAID) return order;
  const launch = await launchPayment(ctx, {
    kind: order.kind as repo.MemberKind,
    orderSn: order.order_sn,
    payType: order.pay_type as OnlinePayType,
    ...pay,
  });
  return { ...((await repo.findOrder(ctx.db, order.order_sn)) as repo.MemberOrderRow), launch };
}

/**
 * Places a VIP or acceleration order. Balance: pay password first (outside the transaction, so a wrong
 * try stays counted), then one transaction under the card's lock: the run stacked after the card's
 * orders of the kind, the order, the debit. An acceleration is then put on the card at the operator; a
 * refusal refunds it and answers 30003. Online: an unpaid order and its payment launch.
 */
async function placeOrder(
  ctx: AppContext,
  sim: SimRow,
  kind: repo.MemberKind,
  terms: ProductTerms,
  input: MemberBuyInput & object,
  pay: PayContext,
): Promise<repo.MemberOrderRow & { launch?: PayLaunch }> {
  const { db } = ctx;
  const hash = requestHash(input, ['payPassword', 'returnUrl']);
  const repeat = await repo.findOrderByUuid(db, sim.id, kind, input.uuid);
  if (repeat) return answerRepeat(ctx, repeat, hash, pay);

  const byBalance = input.payType === 'balance';
  if (byBalance) await checkPayPassword(db, sim, input.payPassword);
  const now = ctx.clock.now();
  const paidNow = byBalance || terms.priceFen === 0;
  const orderSn = newOrderSn(kind, now);
  try {
    await inTransaction(db, async (tx) => {
      await lockCard(tx, sim.id);
      const run = paidNow
        ? await stackedRun(tx, sim.id, kind, { duration: terms.duration, duration_unit: terms.durationUnit }, now)
        : null;
      await repo.insertOrder(tx, {
        order_sn: orderSn,
        kind,
        sim_id: sim.id,
        product_id: terms.productId,
        name: terms.name,
        logo: terms.logo,
        privileges_json: terms.privilegesJson,
        speed_code: terms.speedCode,
        price_fen: terms.priceFen,
        pay_amount_fen: terms.priceFen,
        duration: terms.duration,
        duration_unit: terms.durationUnit,
        place_type: byBalance ? 2 : 1,
        pay_type: input.payType,
        status: run ? run.status : Status.UNPAID,
        pay_status: paidNow ? PayStatus.PAID : PayStatus.UNPAID,
        start_at: run?.startAt ?? null,
        end_at: run?.endAt ?? null,
        expire_at: paidNow ? null : now + UNPAID_TTL_MS,
        paid_at: paidNow ? now : null,
        trade_no: null,
        applied_at: null,
        cleared_at: null,
        refund_at: null,
        refund_type: 0,
        refund_remark: '',
        remark: '',
        uuid: input.uuid,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      });
      if (byBalance && terms.priceFen > 0) {
        await moveBalance(
          tx,
          sim.id,
          -terms.priceFen,
          { type: 2, orderSn, remark: `${KIND_LABEL[kind]}：${terms.name}` },
          now,
        );
      }
    });
  } catch (error) {
    // The same intent sent twice at once: the loser of the unique (card, kind, uuid) answers the winner's order.
    const again = await repo.findOrderByUuid(db, sim.id, kind, input.uuid);
    if (again) return answerRepeat(ctx, again, hash, pay);
    throw error;
  }

  if (paidNow) {
    if (kind === 'accelerate') await applySpeed(ctx, orderSn);
    const order = (await repo.findOrder(db, orderSn)) as repo.MemberOrderRow;
    if (order.status === Status.REFUNDED) throw refusedAnswer(order);
    return order;
  }
  const launch = await launchPayment(ctx, { kind, orderSn, payType: input.payType as OnlinePayType, ...pay });
  return { ...((await repo.findOrder(db, orderSn)) as repo.MemberOrderRow), launch };
}

/** POST /api/iot/createVipOrder. */
export async function createVipOrder(
  ctx: AppContext,
  sim: SimRow,
  input: MemberBuyInput & { vipId: number },
  pay: PayContext,
): Promise<PayLaunch & { vipOrder: VipOrder }> {
  await requireVip(ctx.db, sim);
  const product = await repo.findVipProduct(ctx.db, input.vipId);
  const onShelf = product?.enabled === 1 && (product.promo_code === '' || product.promo_code === sim.promo_code);
  // A repeat of an order whose product has since left the shelf still answers that order.
  const repeat = await repo.findOrderByUuid(ctx.db, sim.id, 'vip', input.uuid);
  if (!product || (!onShelf && !repeat)) throw fail('goodsGone', { field: 'vipId' });
  const order = await placeOrder(
    ctx,
    sim,
    'vip',
    {
      productId: product.id,
      name: product.vip_name,
      logo: product.logo,
      privilegesJson: product.privileges_json,
      speedCode: '',
      priceFen: product.price_fen,
      duration: product.duration,
      durationUnit: product.duration_unit,
    },
    input,
    pay,
  );
  return { ...launchOf(order, order.launch), vipOrder: view.toVipOrder(order) };
}

/** POST /api/iot/createAccelerateOrder. */
export async function createAccelerateOrder(
  ctx: AppContext,
  sim: SimRow,
  input: MemberBuyInput & { accelerateId: number },
  pay: PayContext,
): Promise<PayLaunch & { accelerateOrder: AccelerateOrder }> {
  await requireAccelerate(ctx.db, sim);
  const product = await repo.findAccelerateProduct(ctx.db, input.accelerateId);
  const onShelf =
    product?.enabled === 1 &&
    (product.promo_code === '' || product.promo_code === sim.promo_code) &&
    (product.operator_type === null || product.operator_type === sim.operator_type);
  const repeat = await repo.findOrderByUuid(ctx.db, sim.id, 'accelerate', input.uuid);
  if (!product || (!onShelf && !repeat)) throw fail('goodsGone', { field: 'accelerateId' });
  const order = await placeOrder(
    ctx,
    sim,
    'accelerate',
    {
      productId: product.id,
      name: product.accelerate_name,
      logo: '',
      privilegesJson: '{"gi":"","items":[]}',
      speedCode: product.speed_code,
      priceFen: product.price_fen,
      duration: product.duration,
      durationUnit: product.duration_unit,
    },
    input,
    pay,
  );
  return { ...launchOf(order, order.launch), accelerateOrder: view.toAccelerateOrder(order) };
}

/** POST /api/iot/payMemberOrder (ADDED): 重新支付 of this card's unpaid VIP or acceleration order. */
export async function payMemberOrder(
  ctx: AppContext,
  sim: SimRow,
  input: { orderSn: string; payType?: OnlinePayType | undefined; returnUrl?: string | undefined },
  pay: PayContext,
): Promise<PayLaunch> {
  const order = await repo.findOrder(ctx.db, input.orderSn);
  if (!order || order.sim_id !== sim.id) throw fail('orderNotFound');
  if (order.pay_status === PayStatus.PAID) return launchOf(order);
  if (order.status !== Status.UNPAID) throw new AppError(ErrorCode.ORDER_REJECTED, 'orderClosed');
  const payType = input.payType ?? (order.pay_type === 'balance' ? 'wxpay' : (order.pay_type as OnlinePayType));
  return launchPayment(ctx, { kind: order.kind as repo.MemberKind, orderSn: order.order_sn, payType, ...pay });
}
