/**
 * The console's orders queue (BACKOFFICE.md module 2, issue 22): shop orders with their state-machine
 * actions, notes, batch ship and refund; card (IoT) orders and points-mall orders in their own tabs. Part of
 * `adminApi` (endpoints/admin.ts). The XLSX export is a raw route (`GET /api/admin/orders/export`, same
 * filters as `listOrders`, permission `exports.read`): a file, not an envelope.
 */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import {
  adminCardOrder,
  adminMallOrder,
  adminOrderState,
  adminPageQuery,
  adminRange,
  adminShopOrder,
  adminShopOrderDetail,
  batchShipLine,
  idempotencyKey,
  shopOrderFilters,
  staffNote,
} from '../schemas/admin.js';
import { pageOf } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

const orderSn = z.string().trim().min(1).max(32);
/** A reason staff give (rejection, refund): shown to the shopper, 1–100 characters. */
const staffReason = z.string().trim().min(1).max(100);
export const ADMIN_EXPORT_PATH = '/api/admin/orders/export';
/** At most this many lines in one batch ship. */
export const BATCH_SHIP_MAX = 500;

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders/list',
  input: z.object({ ...adminPageQuery, ...shopOrderFilters }),
  data: pageOf(adminShopOrder),
  auth: 'staff',
  permission: 'orders.read',
});

export const orderDetail = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders/detail',
  input: z.object({ orderSn }),
  data: adminShopOrderDetail,
  auth: 'staff',
  permission: 'orders.read',
});

/** Pending review (1) → pending shipment (2). */
export const auditOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/audit',
  input: z.object({ orderSn }),
  data: adminOrderState,
  auth: 'staff',
  permission: 'orders.write',
});

/** Pending review (1) → review failed (6), and refunded (7) through the provider when paid. */
export const rejectOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/reject',
  input: z.object({ orderSn, reason: staffReason }),
  data: adminOrderState,
  auth: 'staff',
  permission: 'orders.write',
});

/** Pending shipment (2) → shipped (3) with the courier and its tracking number. */
export const shipOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/ship',
  input: z.object({
    orderSn,
    company: z.string().trim().min(1).max(32),
    trackingNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,32}$/, { error: reasonIssue('trackingNoInvalid') }),
  }),
  data: adminOrderState,
  auth: 'staff',
  permission: 'orders.write',
});

/** Shipped (3) → completed (4). */
export const completeOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/complete',
  input: z.object({ orderSn }),
  data: adminOrderState,
  auth: 'staff',
  permission: 'orders.write',
});

/**
 * Pending review or shipment (1, 2) → refunded (7), the money back through the payment provider. Once per
 * idempotency key: the same key answers the first result again and refunds nothing more.
 */
export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/refund',
  input: z.object({ orderSn, reason: staffReason, idempotencyKey }),
  data: adminOrderState,
  auth: 'staff',
  permission: 'refunds.write',
});

export const addOrderNote = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/note',
  input: z.object({ orderSn, text: z.string().trim().min(1).max(500) }),
  data: staffNote,
  auth: 'staff',
  permission: 'orders.note',
});

/**
 * Ships many orders from a pasted or uploaded list: one order per line, `orderSn,company,trackingNo`
 * (comma, tab or whitespace separated; a header line and blank lines are skipped). Each line ships or is
 * refused on its own; the answer has one result per line.
 */
export const batchShip = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/batchShip',
  input: z.object({ text: z.string().min(1).max(64_000) }),
  data: z.object({ shipped: z.number().int().min(0), failed: z.number().int().min(0), lines: z.array(batchShipLine) }),
  auth: 'staff',
  permission: 'orders.write',
});

export const listCardOrders = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders/cardList',
  input: z.object({
    ...adminPageQuery,
    kind: z.enum(['package', 'balance', 'coupon', 'vip', 'accelerate']).optional(),
    simNo: z.string().trim().max(32).optional(),
    orderSn: z.string().trim().max(32).optional(),
    payStatus: z.coerce.number().int().min(0).max(5).optional(),
    ...adminRange,
  }),
  data: pageOf(adminCardOrder),
  auth: 'staff',
  permission: 'orders.read',
});

export const listMallOrders = defineEndpoint({
  method: 'GET',
  path: '/api/admin/orders/mallList',
  input: z.object({
    ...adminPageQuery,
    status: z.coerce.number().int().min(0).max(5).optional(),
    simNo: z.string().trim().max(32).optional(),
    orderSn: z.string().trim().max(32).optional(),
    ...adminRange,
  }),
  data: pageOf(adminMallOrder),
  auth: 'staff',
  permission: 'orders.read',
});

/** A courier mall order waiting for shipment (1) → on its way (2). */
export const shipMallOrder = defineEndpoint({
  method: 'POST',
  path: '/api/admin/orders/mallShip',
  input: z.object({
    orderSn,
    company: z.string().trim().min(1).max(32),
    trackingNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,32}$/, { error: reasonIssue('trackingNoInvalid') }),
  }),
  data: z.object({ orderSn: z.string(), status: z.number().int().min(0).max(5) }),
  auth: 'staff',
  permission: 'orders.write',
});
