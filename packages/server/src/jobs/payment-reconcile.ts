/** Payment reconciliation (API.md §7): settles payments whose notify was lost, closes leftovers. */
import { reconcilePayments } from '../modules/payments/service.js';
import type { JobDefinition } from './runner.js';

export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';

export const paymentReconcileJob: JobDefinition = {
  name: PAYMENT_RECONCILE_JOB,
  everyMs: 60_000,
  run: reconcilePayments,
};
