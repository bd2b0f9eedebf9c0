/**
 * Schemas of the staff console's payments and SMS pages (endpoints/admin-payments.ts): payment records, the
 * callback log (every provider notify, and every settlement found by a provider query), refunds and the SMS
 * log. Times are epoch milliseconds; money is yuan with two decimals. Mobiles are masked.
 */
import { z } from 'zod';
import { adminPayment, adminRange } from './admin.js';
import { money } from './common.js';

const epochMs = z.number().int().min(0);

/** payments.status: 0 launched, 1 paid, 2 closed, 3 refunded. */
export const PAYMENT_ROW_STATUSES = [0, 1, 2, 3] as const;

/** The filters of the payment records table. */
export const paymentFilters = {
  status: z.coerce.number().int().min(0).max(3).optional(),
  channel: z.string().trim().max(32).optional(),
  /** The order kind (`shop`, `card`, …). */
  kind: z.string().trim().max(32).optional(),
  orderSn: z.string().trim().max(32).optional(),
  tradeNo: z.string().trim().max(64).optional(),
  ...adminRange,
};

/** One launch of a payment with a provider: the order drawer's payment row, with its order. */
export const adminPaymentRecord = adminPayment.extend({
  id: z.number().int(),
  orderSn: z.string(),
  kind: z.string(),
});
export type AdminPaymentRecord = z.infer<typeof adminPaymentRecord>;

/**
 * Where a callback-log line comes from: `notify` a provider's call to `POST /api/pay/notify/:channel`;
 * `reconcile` the reconciliation job, `query` the shopper's status poll and `launch` a switch of pay type,
 * each when the provider's answer to a query showed a payment.
 */
export const CALLBACK_SOURCES = ['notify', 'reconcile', 'query', 'launch'] as const;
export type CallbackSource = (typeof CALLBACK_SOURCES)[number];

/**
 * What came of it: `paid` settled the order now, `duplicate` it was already settled, `refused` nothing was
 * applied (the reason says why), `refunded` a payment for a closed order was refunded (or is being), `closed`
 * the provider closed the trade, `refund` the provider's word on a refund.
 */
export const CALLBACK_OUTCOMES = ['paid', 'duplicate', 'refused', 'refunded', 'closed', 'refund'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

export const callbackFilters = {
  source: z.enum(CALLBACK_SOURCES).optional(),
  outcome: z.enum(CALLBACK_OUTCOMES).optional(),
  channel: z.string().trim().max(32).optional(),
  orderSn: z.string().trim().max(32).optional(),
  ...adminRange,
};

export const adminPaymentCallback = z.object({
  id: z.number().int(),
  source: z.enum(CALLBACK_SOURCES),
  channel: z.string(),
  /** Null when the notify could not be read far enough to name one. */
  orderSn: z.string().nullable(),
  /** Whether the provider's signature was verified (a query's answer is the provider's own: true). */
  verified: z.boolean(),
  outcome: z.enum(CALLBACK_OUTCOMES),
  /** Why, for `refused` and the like (`invalidSignature`, `amount-mismatch`, …); null otherwise. */
  reason: z.string().nullable(),
  amount: money.nullable(),
  tradeNo: z.string().nullable(),
  at: epochMs,
});
export type AdminPaymentCallback = z.infer<typeof adminPaymentCallback>;

/** One callback with what the provider sent: its headers (secrets redacted) and its raw body. */
export const adminPaymentCallbackDetail = adminPaymentCallback.extend({
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type AdminPaymentCallbackDetail = z.infer<typeof adminPaymentCallbackDetail>;

/** One refunded (or claimed, awaiting the provider) payment. */
export const adminRefund = z.object({
  paymentId: z.number().int(),
  orderSn: z.string(),
  kind: z.string(),
  channel: z.string(),
  amount: money,
  /** 3 refunded; 1 claimed, the provider has not taken it yet (the reconciliation job retries). */
  status: z.number().int().min(0).max(3),
  refundSn: z.string(),
  tradeNo: z.string().nullable(),
  updatedAt: epochMs,
  /** Who refunded it, from the audit log (`order.refund`, `order.reject`); null when automatic. */
  refundedBy: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefund>;

export const refundFilters = {
  orderSn: z.string().trim().max(32).optional(),
  ...adminRange,
};

/** What an SMS was for: the four code scenes, and `alert` for notices. */
export const SMS_LOG_PURPOSES = ['login', 'order', 'payPassword', 'bindMobile', 'alert', 'cardAlert'] as const;

export const smsLogFilters = {
  /** The full mobile (11 digits): matched by its keyed hash, never stored in clear. */
  mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/)
    .optional(),
  purpose: z.enum(SMS_LOG_PURPOSES).optional(),
  /** 1 sent, 0 refused. */
  ok: z.coerce.number().int().min(0).max(1).optional(),
  ...adminRange,
};

export const adminSmsLine = z.object({
  id: z.number().int(),
  /** 138****0000 */
  mobileMasked: z.string(),
  purpose: z.string(),
  /** The notice's template name (`renewFailed`), or the code scene for a code. */
  template: z.string(),
  /** The gateway that sent it (`outbox`, `aliyun`, `tencent`). */
  provider: z.string(),
  ok: z.boolean(),
  /** The provider's answer: `OK`, or its refusal code and message. */
  answer: z.string(),
  /** Messages billed: 1 per message sent, 0 when refused. */
  cost: z.number().int().min(0),
  at: epochMs,
});
export type AdminSmsLine = z.infer<typeof adminSmsLine>;
