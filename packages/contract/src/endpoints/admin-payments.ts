/**
 * The console's payments and SMS pages (BACKOFFICE.md module 7, issue 23 item 4): payment records, the
 * callback log, refunds, reconciliation results (the callback log's `reconcile` lines) and the SMS log. All
 * read-only, permission `payments.read` (finance, support, owner). Part of `adminApi` (endpoints/admin.ts).
 */
import { z } from 'zod';
import { adminPageQuery } from '../schemas/admin.js';
import {
  adminPaymentCallback,
  adminPaymentCallbackDetail,
  adminPaymentRecord,
  adminRefund,
  adminSmsLine,
  callbackFilters,
  paymentFilters,
  refundFilters,
  smsLogFilters,
} from '../schemas/admin-payments.js';
import { pageOf } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

/** Payment launches, newest first. */
export const listPayments = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payments/list',
  input: z.object({ ...adminPageQuery, ...paymentFilters }),
  data: pageOf(adminPaymentRecord),
  auth: 'staff',
  permission: 'payments.read',
});

/** The callback log, newest first; `source=reconcile` lists what the reconciliation job settled. */
export const listPaymentCallbacks = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payments/callbacks',
  input: z.object({ ...adminPageQuery, ...callbackFilters }),
  data: pageOf(adminPaymentCallback),
  auth: 'staff',
  permission: 'payments.read',
});

/** One callback with its headers and raw body. */
export const paymentCallback = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payments/callback',
  input: z.object({ id: z.coerce.number().int().min(1) }),
  data: adminPaymentCallbackDetail,
  auth: 'staff',
  permission: 'payments.read',
});

/** Refunded and refund-claimed payments, newest first, with who refunded them. */
export const listRefunds = defineEndpoint({
  method: 'GET',
  path: '/api/admin/payments/refunds',
  input: z.object({ ...adminPageQuery, ...refundFilters }),
  data: pageOf(adminRefund),
  auth: 'staff',
  permission: 'payments.read',
});

/** The SMS log, newest first, mobiles masked. */
export const listSmsLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sms/list',
  input: z.object({ ...adminPageQuery, ...smsLogFilters }),
  data: pageOf(adminSmsLine),
  auth: 'staff',
  permission: 'payments.read',
});
