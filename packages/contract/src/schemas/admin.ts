/**
 * Schemas of the staff console's orders and real-name queues (endpoints/admin-orders.ts,
 * endpoints/admin-realname.ts), shared by the server and the console. Times are epoch milliseconds; money is
 * yuan with two decimals, as in the shop. Personal data is masked: a contact's mobile shows in full only
 * in an order's detail (staff ship to it), an ID number never does.
 */
import { z } from 'zod';
import { money } from './common.js';
import { auditLine } from './staff.js';

const epochMs = z.number().int().min(0);

/** The console's tables page on the server: 20 rows by default, at most 100. */
export const adminPageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** A date range filter, epoch ms: from (inclusive) to (exclusive). */
export const adminRange = {
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
};

/**
 * The key that makes a money action happen once: the console makes one per confirmation dialog, and a
 * repeated call with the same key answers the first call's result without doing it again.
 */
export const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

/** The filters of the shop orders table, shared by the list and its XLSX export. */
export const shopOrderFilters = {
  /** Order status (ShopOrderStatus, 0–7). */
  status: z.coerce.number().int().min(0).max(7).optional(),
  /** Pay status (PayStatus, 0–5). */
  payStatus: z.coerce.number().int().min(0).max(5).optional(),
  ...adminRange,
  promoCode: z.string().trim().max(32).optional(),
  /** The contact's full mobile (11 digits). */
  mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/)
    .optional(),
  orderSn: z.string().trim().max(32).optional(),
  /** The vanity number ordered (a prefix or the whole number). */
  number: z
    .string()
    .trim()
    .regex(/^\d{1,11}$/)
    .optional(),
};
export const shopOrderFilter = z.object(shopOrderFilters);
export type ShopOrderFilter = z.infer<typeof shopOrderFilter>;

/** One row of the shop orders table. */
export const adminShopOrder = z.object({
  orderSn: z.string(),
  /** 1 number order, 2 goods order. */
  orderType: z.number().int(),
  title: z.string(),
  number: z.string().nullable(),
  contactName: z.string(),
  /** Masked: 138****0000. */
  contactMobileMasked: z.string(),
  payAmount: money,
  payType: z.string(),
  orderStatus: z.number().int().min(0).max(7),
  payStatus: z.number().int().min(0).max(5),
  promoCode: z.string(),
  expressCompany: z.string(),
  trackingNo: z.string(),
  createdAt: epochMs,
  paidAt: epochMs.nullable(),
  shippedAt: epochMs.nullable(),
});
export type AdminShopOrder = z.infer<typeof adminShopOrder>;

/** An internal note on an order or card: seen by staff only. */
export const staffNote = z.object({
  id: z.number().int(),
  at: epochMs,
  author: z.string(),
  text: z.string(),
});
export type StaffNote = z.infer<typeof staffNote>;

/** A payment record of an order (the payments table). */
export const adminPayment = z.object({
  channel: z.string(),
  payType: z.string(),
  amount: money,
  /** 0 launched, 1 paid, 2 closed, 3 refunded. */
  status: z.number().int().min(0).max(3),
  tradeNo: z.string().nullable(),
  refundSn: z.string().nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
});

/** The detail drawer: the row, where it ships, its payments, notes and the audit lines on it. */
export const adminShopOrderDetail = adminShopOrder.extend({
  /** The contact's full mobile: staff call and ship to it. */
  contactMobile: z.string(),
  idCardMasked: z.string(),
  address: z.object({
    provinceName: z.string(),
    cityName: z.string(),
    countyName: z.string(),
    detail: z.string(),
  }),
  cancelReason: z.string(),
  tradeNo: z.string().nullable(),
  payments: z.array(adminPayment),
  notes: z.array(staffNote),
  history: z.array(auditLine),
});
export type AdminShopOrderDetail = z.infer<typeof adminShopOrderDetail>;

/** An order's state after a console action. */
export const adminOrderState = z.object({
  orderSn: z.string(),
  orderStatus: z.number().int().min(0).max(7),
  payStatus: z.number().int().min(0).max(5),
});
export type AdminOrderState = z.infer<typeof adminOrderState>;

/** One line of a batch ship: what the line said and what became of it. */
export const batchShipLine = z.object({
  /** 1-based line number of the pasted or uploaded list. */
  line: z.number().int().min(1),
  orderSn: z.string(),
  ok: z.boolean(),
  /** Why the line was refused (a reason id of reasons.ts), when it was. */
  reason: z.string().optional(),
});
export type BatchShipLine = z.infer<typeof batchShipLine>;

/** A card (IoT) order: package, balance, coupon, VIP or acceleration order, read-only in the console. */
export const adminCardOrder = z.object({
  orderSn: z.string(),
  /** package | balance | coupon | vip | accelerate (ORDER_KINDS). */
  kind: z.string(),
  simNo: z.string(),
  title: z.string(),
  payAmount: money,
  payType: z.string(),
  status: z.number().int(),
  payStatus: z.number().int().min(0).max(5),
  createdAt: epochMs,
  paidAt: epochMs.nullable(),
});
export type AdminCardOrder = z.infer<typeof adminCardOrder>;

/** A points-mall order (integral_order_status 0–5). */
export const adminMallOrder = z.object({
  orderSn: z.string(),
  simNo: z.string(),
  title: z.string(),
  points: z.number().int(),
  payAmount: money,
  status: z.number().int().min(0).max(5),
  payStatus: z.number().int().min(0).max(5),
  /** 1 courier, 2 pickup. */
  deliveryType: z.number().int(),
  consigneeName: z.string(),
  /** Masked: 138****0000. */
  consigneeMobileMasked: z.string(),
  expressCompany: z.string(),
  trackingNo: z.string(),
  createdAt: epochMs,
});
export type AdminMallOrder = z.infer<typeof adminMallOrder>;

/** One platform real-name submission in the review queue. */
export const adminRealnameSubmission = z.object({
  id: z.number().int(),
  simNo: z.string(),
  iccid: z.string(),
  nameMasked: z.string(),
  idCardMasked: z.string(),
  /** 2 under review, 1 approved, 3 rejected. */
  status: z.number().int().min(1).max(3),
  /** The rejection reason the card holder sees. */
  remark: z.string(),
  /** Which photos were submitted. */
  photos: z.object({ front: z.boolean(), back: z.boolean(), face: z.boolean() }),
  createdAt: epochMs,
  reviewedAt: epochMs.nullable(),
});
export type AdminRealnameSubmission = z.infer<typeof adminRealnameSubmission>;

/** Signed, 1-hour links to a submission's ID photos; asking for them is an audited view. */
export const adminRealnamePhotos = z.object({
  front: z.string().nullable(),
  back: z.string().nullable(),
  face: z.string().nullable(),
  expiresAt: epochMs,
});
export type AdminRealnamePhotos = z.infer<typeof adminRealnamePhotos>;
