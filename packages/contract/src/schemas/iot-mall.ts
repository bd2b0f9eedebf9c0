/**
 * Points-mall schemas (API.md §1 Address, ShopGoods, IntegralShopOrder, Store; SCREENS §5.5 and §6
 * integral_order_status): the card's delivery addresses, the goods and their SKUs, pickup stores and
 * the mall's orders.
 */
import { z } from 'zod';
import { dateTime, flag, money } from './common.js';
import { logistics, payType } from './order.js';

/** integral_order_status (SCREENS §6): 0 → 1 → 2 → 3; 0 → 4; 1 → 5. */
export const MallOrderStatus = {
  UNPAID: 0,
  TO_SHIP: 1,
  /** 待收货 (express, shipped) or 待自提 (pickup, with a pick code). */
  TO_RECEIVE: 2,
  DONE: 3,
  CANCELLED: 4,
  REFUNDED: 5,
} as const;

export const MallDeliveryType = { EXPRESS: 1, PICKUP: 2, VIRTUAL: 3 } as const;

/** A card holds at most this many delivery addresses (API.md setSimAddress). */
export const MAX_SIM_ADDRESSES = 20;
/** Pieces of one goods per order when the goods sets no limit of its own (API.md §1 ShopGoods). */
export const DEFAULT_LIMIT_PER_ORDER = 5;

export const simAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  countyCode: z.string(),
  countyName: z.string(),
  detail: z.string(),
  isDefault: flag,
});
export type SimAddress = z.infer<typeof simAddress>;

export const pickupStore = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  lng: z.number().optional(),
  lat: z.number().optional(),
});
export type PickupStore = z.infer<typeof pickupStore>;

export const mallSku = z.object({
  id: z.number().int(),
  specText: z.string(),
  points: z.number().int(),
  cashPrice: money,
  stock: z.number().int(),
});
export type MallSku = z.infer<typeof mallSku>;

/** A goods as the mall's grid shows it; `points`/`cashPrice` are the lowest of its SKUs when it has some. */
export const mallGoodsSummary = z.object({
  id: z.number().int(),
  categoryId: z.number().int().nullable(),
  name: z.string(),
  image: z.string(),
  points: z.number().int(),
  cashPrice: money,
  stock: z.number().int(),
  sales: z.number().int(),
  /** 1 express, 2 pickup, 3 virtual. */
  deliveryType: z.number().int().min(1).max(3),
});
export type MallGoodsSummary = z.infer<typeof mallGoodsSummary>;

export const mallGoods = mallGoodsSummary.extend({
  images: z.array(z.string()),
  limitPerOrder: z.number().int().min(1),
  /** Pieces one card may hold in open and finished orders; null = no limit. */
  limitPerCard: z.number().int().nullable(),
  /** Per order, express only. */
  freight: money,
  skus: z.array(mallSku),
  detail: z.string(),
});
export type MallGoods = z.infer<typeof mallGoods>;

export const integralShopOrder = z.object({
  orderSn: z.string(),
  goods: z.object({
    id: z.number().int(),
    name: z.string(),
    image: z.string(),
    specText: z.string(),
    quantity: z.number().int(),
  }),
  points: z.number().int(),
  /** The goods' cash part; `payAmount` = cash + freight is what the order pays. */
  cashAmount: money,
  freight: money,
  payAmount: money,
  /** '' while nothing was paid, 'points' for an order paid with points alone. */
  payType: z.string(),
  status: z.number().int().min(0).max(5),
  payStatus: z.number().int().min(0).max(5),
  expireAt: dateTime.nullable(),
  deliveryType: z.number().int().min(1).max(3),
  address: simAddress.optional(),
  store: pickupStore.optional(),
  pickCode: z.string().optional(),
  logistics: logistics.optional(),
  remark: z.string(),
  cancelReason: z.string(),
  createdAt: dateTime,
  paidAt: dateTime.nullable(),
  shippedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
});
export type IntegralShopOrder = z.infer<typeof integralShopOrder>;

/** What the order page and the mall cashier need besides the order: how it can be paid. */
export const integralShopOrderDetails = integralShopOrder.extend({
  payTypes: z.array(payType),
  balance: money,
  existPayPassword: flag,
});
export type IntegralShopOrderDetails = z.infer<typeof integralShopOrderDetails>;
