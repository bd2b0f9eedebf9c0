/**
 * Timed work of card buying (API.md §7), each run under the job runner's lease: unpaid IoT orders closed
 * after 15 minutes, package activation retries, starts and expiries, auto-renew, coupon expiry.
 */
import type { AppContext } from '../../context/app-context.js';
import { inTransaction, type Tx } from '../../db/database.js';
import type { JobDefinition } from '../../jobs/runner.js';
import { closeOpenPayments } from '../payments/service.js';
import { cancelUnpaidCouponOrder } from './activities.js';
import { cancelUnpaidPackage } from './package-effects.js';
import { expirePackages, retryActivations, startDuePackages } from './package-lifecycle.js';
import { runAutoRenew } from './renew.js';
import * as repo from './repository.js';

const closeBalanceOrder = (tx: Tx, orderSn: string) =>
  repo.moveBalanceOrder(tx, orderSn, { status: [0], payStatus: [0, 1] }, { status: 2, pay_status: 3 });

const UNPAID = [
  ['iot_package_orders', cancelUnpaidPackage],
  ['iot_balance_orders', closeBalanceOrder],
  ['iot_coupon_orders', cancelUnpaidCouponOrder],
] as const;

/** Closes IoT orders left unpaid past their expiry, then their open provider payments. */
export async function closeExpiredIotOrders(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  let closed = 0;
  for (const [table, close] of UNPAID) {
    for (const { order_sn } of await repo.listExpiredUnpaid(ctx.db, table, now)) {
      if (!(await inTransaction(ctx.db, (tx) => close(tx, order_sn)))) continue;
      closed += 1;
      await closeOpenPayments(ctx, order_sn);
    }
  }
  return closed;
}

export const IOT_JOBS: JobDefinition[] = [
  { name: 'iot-order-timeout', everyMs: 60_000, run: (ctx) => closeExpiredIotOrders(ctx).then(() => undefined) },
  {
    name: 'iot-package-lifecycle',
    everyMs: 60_000,
    run: async (ctx) => {
      await retryActivations(ctx);
      await startDuePackages(ctx);
      await expirePackages(ctx);
    },
  },
  { name: 'iot-auto-renew', everyMs: 3600_000, run: (ctx) => runAutoRenew(ctx).then(() => undefined) },
  {
    name: 'iot-coupon-expiry',
    everyMs: 3600_000,
    run: (ctx) => repo.expireCoupons(ctx.db, ctx.clock.now()).then(() => undefined),
  },
];
