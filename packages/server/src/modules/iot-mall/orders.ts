/**
 * Ordering in the points mall (API.md §4 buyShopGoods, shopOrder*, cancelShopOrder, repayShopOrder;
 * SCREENS §5.5 and §6 integral_order_status). An order is placed in one transaction under the card's row
 * lock: stock (goods and SKU, conditional: the last piece goes to exactly one buyer, 30001), the per-card
 * limit, the points debit on the points ledger (conditional, -1 积分不足), the order with a snapshot of
 * its address or store. Nothing else to pay → 待发货 (express), 待自提 with a pick code (pickup) or 已完成
 * (virtual); a cash part (or freight) → 待支付 for 15 minutes, paid from the balance or online. A
 * cancelled or timed-out order gives its points (ledger type 5) and stock back in one transaction.
 */
import { randomInt } from 'node:crypto';
import {
  ErrorCode,
  fenToYuan,
  type IntegralShopOrder,
  type Logistics,
  MallDeliveryType,
  MallOrderStatus,
  type PayLaunch,
  PayStatus,
  type PayType,
  type PickupStore,
  type SimAddress,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { type DbOrTx, inTransaction, type Tx } from '../../db/database.js';
import type { CourierGateway } from '../../gateways/courier/courier.js';
import type { OnlinePayType } from '../../gateways/payment/payment-gateway.js';
import { AppError, fail } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import { requestHash } from '../../lib/request-hash.js';
import { formatDateTime } from '../../lib/time.js';
import {
  cardPayTypes,
  checkPayPassword,
  moveBalance,
  moveIntegral,
  type PayContext,
  UNPAID_TTL_MS,
} from '../iot-buy/index.js';
import { lockCard } from '../iot-buy/repository.js';
import type { SimRow } from '../iot-core/repository.js';
import * as payments from '../payments/repository.js';
import { closeOpenPayments, launchPayment } from '../payments/service.js';
import { toSimAddress } from './addresses.js';
import { goodsForCard, toStore } from './catalogue.js';
import * as repo from './repository.js';

/** SCREENS §5.5: a shipped express order is received by itself 7 days after shipping. */
export const AUTO_CONFIRM_MS = 7 * 24 * 3600_000;
/** API.md shopOrderDetails: the courier is asked at most every 30 minutes per order. */
export const LOGISTICS_TTL_MS = 30 * 60_000;
const PICK_CODE_TRIES = 10;

const at = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

function parseJson<T>(json: string | null): T | undefined {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as T;
  } catch {
    return undefined;
  }
}

/** The order as the holder reads it; `logistics` as given (the list passes it without traces). */
export function toMallOrder(row: repo.MallOrderRow, logistics?: Logistics): IntegralShopOrder {
  const address = parseJson<SimAddress>(row.address_json);
  const store = parseJson<PickupStore>(row.store_json);
  return {
    orderSn: row.order_sn,
    goods: {
      id: row.goods_id,
      name: row.goods_name,
      image: row.goods_image,
      specText: row.spec_text,
      quantity: row.quantity,
    },
    points: row.points,
    cashAmount: fenToYuan(row.cash_fen),
    freight: fenToYuan(row.freight_fen),
    payAmount: fenToYuan(row.pay_amount_fen),
    payType: row.pay_type,
    status: row.status,
    payStatus: row.pay_status,
    expireAt: row.status === MallOrderStatus.UNPAID ? at(row.expire_at) : null,
    deliveryType: row.delivery_type,
    ...(address ? { address } : {}),
    ...(store ? { store } : {}),
    ...(row.pick_code ? { pickCode: row.pick_code } : {}),
    ...(logistics ? { logistics } : {}),
    remark: row.remark,
    cancelReason: row.cancel_reason,
    createdAt: formatDateTime(row.created_at),
    paidAt: at(row.paid_at),
    shippedAt: at(row.shipped_at),
    finishedAt: at(row.finished_at),
  };
}

/** An order of this card; another card's order is "not found" (-1 订单不存在). */
async function ownOrder(db: DbOrTx, sim: SimRow, orderSn: string): Promise<repo.MallOrderRow> {
  const order = await repo.findOrder(db, orderSn);
  if (!order || order.sim_id !== sim.id) throw fail('orderNotFound');
  return order;
}

/** A pick code no order waiting at a store holds now (8 random digits). */
async function newPickCode(tx: Tx): Promise<string> {
  for (let i = 0; i < PICK_CODE_TRIES; i += 1) {
    const code = String(randomInt(10_000_000, 100_000_000));
    if (!(await repo.isPickCodeOpen(tx, code))) return code;
  }
  throw new Error('no free pick code');
}

/** Where an order goes once nothing is left to pay: by its delivery (SCREENS §6). */
async function settledState(tx: Tx, deliveryType: number, now: number) {
  if (deliveryType === MallDeliveryType.PICKUP) {
    return { status: MallOrderStatus.TO_RECEIVE, pick_code: await newPickCode(tx) };
  }
  if (deliveryType === MallDeliveryType.VIRTUAL) return { status: MallOrderStatus.DONE, finished_at: now };
  return { status: MallOrderStatus.TO_SHIP };
}

export interface BuyInput {
  goodsId: number;
  skuId?: number | undefined;
  quantity: number;
  addressId?: number | undefined;
  storeId?: number | undefined;
  remark?: string | undefined;
  uuid: string;
}

function createdAnswer(order: repo.MallOrderRow) {
  return {
    orderSn: order.order_sn,
    status: order.status,
    points: order.points,
    cashAmount: fenToYuan(order.cash_fen),
    freight: fenToYuan(order.freight_fen),
    payAmount: fenToYuan(order.pay_amount_fen),
    needPay: order.status === MallOrderStatus.UNPAID && order.pay_amount_fen > 0,
    expireAt: order.status === MallOrderStatus.UNPAID ? at(order.expire_at) : null,
  };
}

function answerRepeat(order: repo.MallOrderRow, hash: string) {
  if (order.request_hash !== hash) throw fail('duplicateRequest');
  return createdAnswer(order);
}

/** What the order delivers to: the card's address (express) or one of the goods' stores (pickup). */
async function destinationOf(db: DbOrTx, sim: SimRow, goods: repo.GoodsRow, input: BuyInput) {
  if (goods.delivery_type === MallDeliveryType.EXPRESS) {
    if (input.addressId === undefined) throw fail('addressRequired', { field: 'addressId' });
    const address = await repo.findAddress(db, sim.id, input.addressId);
    if (!address) throw fail('addressGone', { field: 'addressId' });
    return { address_json: JSON.stringify(toSimAddress(address)), store_json: null };
  }
  if (goods.delivery_type === MallDeliveryType.PICKUP) {
    if (input.storeId === undefined) throw fail('storeRequired', { field: 'storeId' });
    const store = (await repo.listStores(db, goods.id)).find((s) => s.id === input.storeId);
    if (!store) throw fail('storeGone', { field: 'storeId' });
    return { address_json: null, store_json: JSON.stringify(toStore(store)) };
  }
  return { address_json: null, store_json: null };
}

/** POST /api/iot/buyShopGoods. */
export async function buyGoods(ctx: AppContext, sim: SimRow, input: BuyInput) {
  const { db } = ctx;
  const hash = requestHash(input);
  const repeat = await repo.findOrderByUuid(db, sim.id, input.uuid);
  if (repeat) return answerRepeat(repeat, hash);

  const goods = await goodsForCard(db, sim, input.goodsId);
  const skus = await repo.listSkus(db, goods.id);
  const sku = skus.length > 0 ? skus.find((s) => s.id === input.skuId) : undefined;
  if (skus.length > 0 ? !sku : input.skuId !== undefined) throw fail('skuRequired', { field: 'skuId' });
  if (input.quantity > goods.limit_per_order) {
    throw fail('perOrderLimit', { field: 'quantity', limit: goods.limit_per_order });
  }
  const destination = await destinationOf(db, sim, goods, input);
  const points = (sku?.points ?? goods.points) * input.quantity;
  const cashFen = (sku?.cash_fen ?? goods.cash_fen) * input.quantity;
  const freightFen = goods.delivery_type === MallDeliveryType.EXPRESS ? goods.freight_fen : 0;
  const payFen = cashFen + freightFen;
  const now = ctx.clock.now();
  const orderSn = newOrderSn('integral', now);

  try {
    await inTransaction(db, async (tx) => {
      await lockCard(tx, sim.id);
      if (!(await repo.takeStock(tx, goods.id, sku?.id ?? null, input.quantity))) {
        throw new AppError(ErrorCode.SOLD_OUT);
      }
      if (goods.limit_per_card !== null) {
        const held = await repo.countBoughtPieces(tx, sim.id, goods.id);
        if (held + input.quantity > goods.limit_per_card) throw fail('perCardLimit', { limit: goods.limit_per_card });
      }
      if (points > 0) {
        await moveIntegral(tx, sim.id, -points, { type: 4, orderSn, remark: `积分商城：${goods.name}` }, now);
      }
      const settled = payFen > 0 ? null : await settledState(tx, goods.delivery_type, now);
      await repo.insertOrder(tx, {
        order_sn: orderSn,
        sim_id: sim.id,
        goods_id: goods.id,
        sku_id: sku?.id ?? null,
        goods_name: goods.name,
        goods_image: goods.image,
        spec_text: sku?.spec_text ?? '',
        quantity: input.quantity,
        points,
        cash_fen: cashFen,
        freight_fen: freightFen,
        pay_amount_fen: payFen,
        pay_type: settled ? 'points' : '',
        status: settled?.status ?? MallOrderStatus.UNPAID,
        pay_status: settled ? PayStatus.PAID : PayStatus.UNPAID,
        delivery_type: goods.delivery_type,
        ...destination,
        pick_code: settled?.pick_code ?? null,
        express_company: '',
        tracking_no: '',
        remark: input.remark ?? '',
        cancel_reason: '',
        expire_at: settled ? null : now + UNPAID_TTL_MS,
        paid_at: settled ? now : null,
        finished_at: settled?.finished_at ?? null,
        uuid: input.uuid,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      });
    });
  } catch (error) {
    // The same intent sent twice at once: the loser of the unique (card, uuid) answers the winner's order.
    const again = await repo.findOrderByUuid(db, sim.id, input.uuid);
    if (again) return answerRepeat(again, hash);
    throw error;
  }
  return createdAnswer((await repo.findOrder(db, orderSn)) as repo.MallOrderRow);
}

/**
 * Cancels an order in one transaction: status → 4, its points back on the ledger (type 5) and its stock
 * back. An unpaid order's payment is closed (3); with `pointsOnlyToo`, a points-only order not yet
 * shipped is cancelled as well, its payment refunded (5). False when the order was in neither state.
 */
export async function cancelInTx(
  tx: Tx,
  orderSn: string,
  reason: string,
  options: { pointsOnlyToo: boolean },
  now = Date.now(),
): Promise<boolean> {
  const order = await repo.findOrder(tx, orderSn);
  if (!order) return false;
  const cancelled = { status: MallOrderStatus.CANCELLED, cancel_reason: reason, cancelled_at: now };
  let moved = false;
  if (order.status === MallOrderStatus.UNPAID) {
    moved = await repo.moveOrder(
      tx,
      orderSn,
      { status: [MallOrderStatus.UNPAID], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
      { ...cancelled, pay_status: PayStatus.CLOSED },
      now,
    );
  } else if (options.pointsOnlyToo && order.pay_amount_fen === 0) {
    moved = await repo.moveOrder(
      tx,
      orderSn,
      { status: [MallOrderStatus.TO_SHIP], payStatus: [PayStatus.PAID] },
      { ...cancelled, pay_status: PayStatus.REFUNDED },
      now,
    );
  }
  if (!moved) return false;
  if (order.points > 0) {
    await moveIntegral(
      tx,
      order.sim_id,
      order.points,
      { type: 5, orderSn, remark: `积分退回：${order.goods_name}` },
      now,
    );
  }
  await repo.returnStock(tx, order.goods_id, order.sku_id, order.quantity);
  return true;
}

/** Statuses a holder may cancel from: unpaid, or a points-only order not yet shipped (API.md). */
function holderMayCancel(order: repo.MallOrderRow): boolean {
  return (
    order.status === MallOrderStatus.UNPAID || (order.status === MallOrderStatus.TO_SHIP && order.pay_amount_fen === 0)
  );
}

/** POST /api/iot/cancelShopOrder. Idempotent: an order already cancelled answers the same. */
export async function cancelOrder(ctx: AppContext, sim: SimRow, orderSn: string, reason?: string) {
  const order = await ownOrder(ctx.db, sim, orderSn);
  const done = { status: MallOrderStatus.CANCELLED } as const;
  if (order.status === MallOrderStatus.CANCELLED) return done;
  if (!holderMayCancel(order)) throw fail('notCancellable');
  const moved = await inTransaction(ctx.db, (tx) =>
    cancelInTx(tx, orderSn, reason || '用户取消', { pointsOnlyToo: true }),
  );
  if (!moved) {
    // Paid, shipped or cancelled meanwhile.
    if ((await repo.findOrder(ctx.db, orderSn))?.status === MallOrderStatus.CANCELLED) return done;
    throw fail('notCancellable');
  }
  await closeOpenPayments(ctx, orderSn);
  return done;
}

/**
 * The payment core's markPaid for a mall order (and the balance payment's): 0 → 1 / 2 with a pick code /
 * 3 by the delivery, paid. False when the order was not waiting for payment (nothing changed).
 */
export async function markMallPaid(
  tx: Tx,
  orderSn: string,
  paid: { tradeNo: string | null; paidAt: number; payType?: PayType },
): Promise<boolean> {
  const order = await repo.findOrder(tx, orderSn);
  if (!order || order.status !== MallOrderStatus.UNPAID) return false;
  const settled = await settledState(tx, order.delivery_type, paid.paidAt);
  return repo.moveOrder(
    tx,
    orderSn,
    { status: [MallOrderStatus.UNPAID], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
    {
      ...settled,
      pay_status: PayStatus.PAID,
      paid_at: paid.paidAt,
      trade_no: paid.tradeNo,
      ...(paid.payType ? { pay_type: paid.payType } : {}),
    },
  );
}

/**
 * Before a balance payment: the order's online launches are closed at the provider and asked whether
 * one was paid meanwhile. A paid one, or a provider that cannot be asked, refuses the balance payment
 * (the online payment settles through its notify or the reconciliation job).
 */
async function closeOnlineLaunches(ctx: AppContext, orderSn: string): Promise<void> {
  const open = await payments.findOpenPayments(ctx.db, orderSn);
  for (const channel of new Set(open.map((p) => p.channel))) {
    const gateway = ctx.payments.byChannel(channel);
    if (!gateway) continue;
    try {
      await gateway.close(orderSn);
      const state = await gateway.query(orderSn);
      if (state.state === 'paid') throw fail('paidOnline');
    } catch (err) {
      if (err instanceof AppError) throw err;
      ctx.log.warn({ err, orderSn, channel }, 'payment close failed before a balance payment');
      throw fail('paymentInProgress');
    }
    await payments.markPaymentsClosed(ctx.db, orderSn, channel, ctx.clock.now());
  }
}

export interface RepayInput {
  orderSn: string;
  payType: PayType;
  payPassword?: string | undefined;
  returnUrl?: string | undefined;
}

/** POST /api/iot/repayShopOrder: the cash part of an unpaid order, from the balance or online. */
export async function repayOrder(ctx: AppContext, sim: SimRow, input: RepayInput, pay: PayContext) {
  const { db } = ctx;
  const order = await ownOrder(db, sim, input.orderSn);
  if (order.pay_status === PayStatus.PAID) throw fail('orderAlreadyPaid');
  const now = ctx.clock.now();
  if (order.status !== MallOrderStatus.UNPAID || order.expire_at === null || order.expire_at <= now) {
    throw new AppError(ErrorCode.ORDER_REJECTED, 'orderClosed');
  }
  if (input.payType !== 'balance') {
    return launchPayment(ctx, { kind: 'integral', orderSn: order.order_sn, payType: input.payType, ...pay });
  }
  await checkPayPassword(db, sim, input.payPassword);
  await closeOnlineLaunches(ctx, order.order_sn);
  const paid = await inTransaction(db, async (tx) => {
    await lockCard(tx, sim.id);
    const paidAt = ctx.clock.now();
    if (!(await markMallPaid(tx, order.order_sn, { tradeNo: null, paidAt, payType: 'balance' }))) return false;
    await moveBalance(
      tx,
      sim.id,
      -order.pay_amount_fen,
      { type: 2, orderSn: order.order_sn, remark: `积分商城：${order.goods_name}` },
      paidAt,
    );
    return true;
  });
  if (!paid) throw new AppError(ErrorCode.ORDER_REJECTED, 'orderClosed');
  const launch: PayLaunch = {
    orderSn: order.order_sn,
    payAmount: fenToYuan(order.pay_amount_fen),
    payType: 'balance',
    payStatus: PayStatus.PAID,
    paid: true,
    expireAt: null,
  };
  return launch;
}

/** POST /api/iot/confirmShopOrder (ADDED): a shipped express order received: 2 → 3. Idempotent. */
export async function confirmOrder(db: DbOrTx, sim: SimRow, orderSn: string) {
  const order = await ownOrder(db, sim, orderSn);
  const done = { status: MallOrderStatus.DONE } as const;
  if (order.status === MallOrderStatus.DONE) return done;
  const now = Date.now();
  const moved =
    order.delivery_type === MallDeliveryType.EXPRESS &&
    (await repo.moveOrder(
      db,
      orderSn,
      { status: [MallOrderStatus.TO_RECEIVE] },
      {
        status: MallOrderStatus.DONE,
        finished_at: now,
      },
    ));
  if (!moved) throw fail('notReceivable');
  return done;
}

/** The shipment's traces: the stored answer when younger than 30 minutes, else the courier's (stored). */
async function logisticsOf(
  db: DbOrTx,
  courier: CourierGateway,
  order: repo.MallOrderRow,
  now = Date.now(),
): Promise<Logistics | undefined> {
  if (!order.tracking_no || order.shipped_at === null) return undefined;
  const cached = parseJson<Logistics>(order.logistics_json);
  if (cached && order.logistics_at !== null && now - order.logistics_at < LOGISTICS_TTL_MS) return cached;
  const address = parseJson<SimAddress>(order.address_json);
  try {
    const fresh = await courier.track(
      {
        company: order.express_company,
        trackingNo: order.tracking_no,
        shippedAt: order.shipped_at,
        cityName: address?.cityName ?? '',
      },
      now,
    );
    await repo.moveOrder(db, order.order_sn, {}, { logistics_json: JSON.stringify(fresh), logistics_at: now }, now);
    return fresh;
  } catch {
    // The courier is unreachable: the last answer, or none yet.
    return cached ?? { company: order.express_company, trackingNo: order.tracking_no, state: 0, traces: [] };
  }
}

/** The list's logistics: carrier and number, the last known state, no traces. */
function logisticsSummary(order: repo.MallOrderRow): Logistics | undefined {
  if (!order.tracking_no) return undefined;
  const cached = parseJson<Logistics>(order.logistics_json);
  return { company: order.express_company, trackingNo: order.tracking_no, state: cached?.state ?? 0, traces: [] };
}

/** GET /api/iot/shopOrderList. */
export async function listOrders(
  db: DbOrTx,
  sim: SimRow,
  input: { status?: number | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.pageOrders(db, sim.id, input.status, input.page, input.pageSize);
  return {
    list: rows.map((row) => toMallOrder(row, logisticsSummary(row))),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** GET /api/iot/shopOrderDetails: the order with its traces and how its cash part can be paid. */
export async function getOrder(
  db: DbOrTx,
  courier: CourierGateway,
  sim: SimRow,
  orderSn: string,
  offered: readonly OnlinePayType[],
) {
  const order = await ownOrder(db, sim, orderSn);
  return {
    ...toMallOrder(order, await logisticsOf(db, courier, order)),
    payTypes: await cardPayTypes(db, sim, offered),
    balance: fenToYuan(sim.balance_fen),
    existPayPassword: (sim.pay_password_hash ? 1 : 0) as 0 | 1,
  };
}

/** Timeout job: unpaid orders past their 15 minutes are cancelled like a holder's cancel. */
export async function closeExpiredOrders(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  let closed = 0;
  for (const { order_sn } of await repo.listExpiredUnpaid(ctx.db, now)) {
    const moved = await inTransaction(ctx.db, (tx) => cancelInTx(tx, order_sn, '超时未支付', { pointsOnlyToo: false }));
    if (!moved) continue;
    closed += 1;
    await closeOpenPayments(ctx, order_sn);
  }
  return closed;
}

/** Auto-confirm job: express orders shipped 7 days ago are received (2 → 3). */
export async function confirmShippedOrders(db: DbOrTx, now = Date.now()): Promise<number> {
  let confirmed = 0;
  for (const { order_sn } of await repo.listShippedBefore(db, now - AUTO_CONFIRM_MS)) {
    const moved = await repo.moveOrder(
      db,
      order_sn,
      { status: [MallOrderStatus.TO_RECEIVE] },
      { status: MallOrderStatus.DONE, finished_at: now },
      now,
    );
    if (moved) confirmed += 1;
  }
  return confirmed;
}
