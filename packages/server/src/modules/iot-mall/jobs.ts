/**
 * Timed work of the points mall (API.md §7, SCREENS §5.5), each run under the job runner's lease: unpaid
 * orders cancelled after 15 minutes (points and stock back, payment closed), shipped express orders
 * received 7 days after shipping.
 */
import type { JobDefinition } from '../../jobs/runner.js';
import { closeExpiredOrders, confirmShippedOrders } from './orders.js';

export const MALL_JOBS: JobDefinition[] = [
  { name: 'iot-mall-order-timeout', everyMs: 60_000, run: (ctx) => closeExpiredOrders(ctx).then(() => undefined) },
  {
    name: 'iot-mall-auto-confirm',
    everyMs: 3600_000,
    run: (ctx) => confirmShippedOrders(ctx.db).then(() => undefined),
  },
];
