/** Shop orders, payment and logistics (API.md §0 PayLaunch, §1 ShopOrder and Logistics, SCREENS §6). */
import { z } from 'zod';
import { dateTime, money } from './common.js';

export const ShopOrderStatus = {
  UNPAID: 0,
  AUDITING: 1,
  TO_SHIP: 2,
  SHIPPED: 3,
  DONE: 4,
  CANCELLED: 5,
  AUDIT_FAILED: 6,
  REFUNDED: 7,
} as const;

export const PayStatus = { UNPAID: 0, PAYING: 1, PAID: 2, CLOSED: 3, REFUNDING: 4, REFUNDED: 5 } as const;

export const onlinePayType = z.enum(['wxpay', 'alipay']);
export type OnlinePayType = z.infer<typeof onlinePayType>;
export const payType = z.enum(['wxpay', 'alipay', 'balance']);
export type PayType = z.infer<typeof payType>;

export const payLaunch = z.object({
  orderSn: z.string(),
  payAmount: money,
  payType,
  payStatus: z.number().int().min(0).max(5),
  paid: z.boolean(),
  expireAt: dateTime.nullable(),
  jsapi: z
    .object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.enum(['RSA', 'MD5']),
      paySign: z.string(),
    })
    .optional(),
  payUrl: z.string().optional(),
});
export type PayLaunch = z.infer<typeof payLaunch>;

export const orderAddress = z.object({
  provinceName: z.string(),
  cityName: z.string(),
  countyName: z.string(),
  detail: z.string(),
});

export const shopOrder = z.object({
  orderSn: z.string(),
  orderType: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  number: z.string().optional(),
  packageName: z.string().optional(),
  goodsImage: z.string(),
  contactName: z.string(),
  /** Masked in lists (138****0000). */
  contactMobile: z.string(),
  idCardMasked: z.string(),
  address: orderAddress,
  payAmount: money,
  payType: z.string(),
  orderStatus: z.number().int().min(0).max(7),
  payStatus: z.number().int().min(0).max(5),
  expireAt: dateTime.nullable(),
  paidAt: dateTime.nullable(),
  trackingNo: z.string(),
  expressCompany: z.string(),
  cancelReason: z.string(),
  createdAt: dateTime,
  /** Whether the buyer may review the order now (a completed number order), has, or may not. */
  review: z.enum(['none', 'open', 'done']),
});
export type ShopOrder = z.infer<typeof shopOrder>;

export const logistics = z.object({
  company: z.string(),
  trackingNo: z.string(),
  /** 0 no info, 1 in transit, 2 delivering, 3 signed, 4 problem. */
  state: z.number().int().min(0).max(4),
  traces: z.array(z.object({ time: dateTime, desc: z.string() })),
});
export type Logistics = z.infer<typeof logistics>;

export const ORDER_KINDS = ['shop', 'package', 'balance', 'coupon', 'vip', 'accelerate', 'integral'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** orderSn = prefix + yyyyMMddHHmmss + 6 random digits (API.md §0 "Scalars"). */
export const ORDER_SN_PREFIX: Record<OrderKind, string> = {
  shop: 'SO',
  package: 'PK',
  balance: 'BL',
  coupon: 'CP',
  vip: 'VP',
  accelerate: 'AC',
  integral: 'IS',
};
export const ORDER_SN_RE = /^(SO|PK|BL|CP|VP|AC|IS)\d{20}$/;

export function orderKindOf(orderSn: string): OrderKind | null {
  const prefix = orderSn.slice(0, 2);
  const kind = (Object.keys(ORDER_SN_PREFIX) as OrderKind[]).find((k) => ORDER_SN_PREFIX[k] === prefix);
  return kind && ORDER_SN_RE.test(orderSn) ? kind : null;
}
