/**
 * The mall's rules as the screens apply them (SCREENS §4 integralShop, §6 integral_order_status): what a
 * goods costs and how many of it can be taken, which address an order goes to, what an order's holder
 * may do with it, and what its cashier shows. The server decides; these only keep the screens honest.
 */
import {
  type IntegralShopOrder,
  type Logistics,
  MallDeliveryType,
  type MallGoods,
  MallOrderStatus,
  type MallSku,
  PayStatus,
  type SimAddress,
  yuanToFen,
} from '@haoka/contract';
import { parseApiDateTime } from '../order/date-time';
import type { CashierPhase } from '../payment/use-cashier-phase';

/** Order list tabs (`?status=`): 全部, then 待支付 … 已取消 (SCREENS §4 order/index). */
export const MALL_ORDER_TABS = [
  null,
  MallOrderStatus.UNPAID,
  MallOrderStatus.TO_SHIP,
  MallOrderStatus.TO_RECEIVE,
  MallOrderStatus.DONE,
  MallOrderStatus.CANCELLED,
] as const;

export function tabOf(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && value !== '' && (MALL_ORDER_TABS as readonly (number | null)[]).includes(n) ? n : null;
}

/** A positive integer query parameter, else null. */
export function idOf(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

type GoodsFacts = Pick<MallGoods, 'points' | 'cashPrice' | 'stock' | 'limitPerOrder' | 'limitPerCard' | 'skus'> & {
  boughtCount: number;
  integral: number;
};

/** The price of one piece: the SKU's when one is chosen, else the goods'. */
export function unitPrice(goods: Pick<MallGoods, 'points' | 'cashPrice'>, sku: MallSku | null | undefined) {
  return { points: sku?.points ?? goods.points, cashFen: yuanToFen(sku?.cashPrice ?? goods.cashPrice) };
}

/** Pieces the card may still take: stock, the per-order limit and what the per-card limit leaves. */
export function maxQuantity(goods: GoodsFacts, sku: MallSku | null | undefined): number {
  const stock = sku ? sku.stock : goods.stock;
  const perCard = goods.limitPerCard === null ? Number.POSITIVE_INFINITY : goods.limitPerCard - goods.boughtCount;
  return Math.max(0, Math.min(stock, goods.limitPerOrder, perCard));
}

export type BuyBlock = 'soldOut' | 'limitReached' | 'pointsShort';

/** Why the goods (or its chosen SKU) cannot be taken now, or null. */
export function buyBlock(goods: GoodsFacts, sku: MallSku | null | undefined): BuyBlock | null {
  const stock = sku ? sku.stock : goods.stock;
  if (stock <= 0) return 'soldOut';
  if (goods.limitPerCard !== null && goods.boughtCount >= goods.limitPerCard) return 'limitReached';
  // With SKUs and none chosen yet, the cheapest one decides.
  const cheapest = sku ? sku.points : Math.min(goods.points, ...goods.skus.map((s) => s.points));
  if (goods.integral < cheapest) return 'pointsShort';
  return null;
}

/** What an order of `quantity` costs: points, cash, freight (express only) and what is paid in cash. */
export function orderTotals(
  goods: Pick<MallGoods, 'points' | 'cashPrice' | 'freight' | 'deliveryType'>,
  sku: MallSku | null | undefined,
  quantity: number,
) {
  const unit = unitPrice(goods, sku);
  const freightFen = goods.deliveryType === MallDeliveryType.EXPRESS ? yuanToFen(goods.freight) : 0;
  const cashFen = unit.cashFen * quantity;
  return { points: unit.points * quantity, cashFen, freightFen, payFen: cashFen + freightFen };
}

/** The address an order goes to: the one picked (if it still exists), else the default, else none. */
export function chosenAddress(addresses: readonly SimAddress[], pickedId: number): SimAddress | undefined {
  return addresses.find((a) => a.id === pickedId) ?? addresses.find((a) => a.isDefault === 1) ?? undefined;
}

type OrderFacts = Pick<IntegralShopOrder, 'status' | 'payAmount' | 'expireAt' | 'deliveryType' | 'payStatus'>;

/** API.md cancelShopOrder: unpaid, or points-only and not yet shipped. */
export function canCancel(order: OrderFacts): boolean {
  return (
    order.status === MallOrderStatus.UNPAID ||
    (order.status === MallOrderStatus.TO_SHIP && yuanToFen(order.payAmount) === 0)
  );
}

/** Waiting for its cash part and still inside its 15 minutes. */
export function canPay(order: OrderFacts, now = Date.now()): boolean {
  if (order.status !== MallOrderStatus.UNPAID) return false;
  const end = parseApiDateTime(order.expireAt);
  return end === null || end > now;
}

/** A shipped express order the holder can say arrived. */
export function canConfirm(order: OrderFacts): boolean {
  return order.status === MallOrderStatus.TO_RECEIVE && order.deliveryType === MallDeliveryType.EXPRESS;
}

/** A shipped express order: it has a tracking number to follow. */
export function hasShipment(order: Pick<IntegralShopOrder, 'deliveryType' | 'logistics'>): boolean {
  return order.deliveryType === MallDeliveryType.EXPRESS && Boolean(order.logistics?.trackingNo);
}

/** A pickup order waiting at its store: its status reads 待自提 instead of the dictionary's 待收货. */
export function awaitsPickup(order: Pick<IntegralShopOrder, 'status' | 'deliveryType'>): boolean {
  return order.status === MallOrderStatus.TO_RECEIVE && order.deliveryType === MallDeliveryType.PICKUP;
}

const DELIVERY_KEYS = {
  1: 'iotMall.common.delivery.d1',
  2: 'iotMall.common.delivery.d2',
  3: 'iotMall.common.delivery.d3',
} as const;

export function deliveryKey(deliveryType: number) {
  return DELIVERY_KEYS[deliveryType as keyof typeof DELIVERY_KEYS] ?? DELIVERY_KEYS[1];
}

/**
 * What the mall cashier shows for an order as loaded: paid → its result; cancelled, refunded or past
 * its expiry → 订单已关闭; back from the provider (`fromPay`) → look for the result; else the pay form.
 */
export function cashierPhase(order: OrderFacts, fromPay: boolean, now = Date.now()): CashierPhase {
  if (order.payStatus === PayStatus.PAID) return 'paid';
  if (order.status !== MallOrderStatus.UNPAID) return 'closed';
  if (fromPay) return 'checking';
  return canPay(order, now) ? 'form' : 'closed';
}

/** Traces newest first, whatever order they came in. */
export function newestFirst(traces: Logistics['traces']): Logistics['traces'] {
  return [...traces].sort((a, b) => (parseApiDateTime(b.time) ?? 0) - (parseApiDateTime(a.time) ?? 0));
}
