/**
 * Number lock sweep (API.md §7): a vanity number still locked (status 2) after its lock expired, whose
 * order is gone or closed, goes back on sale. The shop order timeout releases a number together with
 * its unpaid order; this sweep catches locks nothing else will release. A number whose order is unpaid,
 * paying or paid is left to the order: the timeout closes it, or the payment sells the number.
 */
import { PayStatus } from '@haoka/contract';
import type { AppContext } from '../context/app-context.js';
import { inTransaction } from '../db/database.js';
import { listExpiredLocks, releaseExpiredLock } from '../modules/numbers/repository.js';
import { findOrderBySn } from '../modules/orders/repository.js';
import type { JobDefinition } from './runner.js';

/** Numbers looked at per run; the next run takes the rest. */
const BATCH = 500;
const ORDER_ENDED: number[] = [PayStatus.CLOSED, PayStatus.REFUNDED];

/** Releases expired locks of numbers whose order is missing or ended; the number released. */
export async function sweepNumberLocks(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const locked = await listExpiredLocks(ctx.db, now, BATCH);
  let released = 0;
  for (const { id, lock_order_sn: orderSn } of locked) {
    const done = await inTransaction(ctx.db, async (tx) => {
      if (orderSn) {
        const order = await findOrderBySn(tx, orderSn);
        if (order && !ORDER_ENDED.includes(order.pay_status)) return false;
      }
      return releaseExpiredLock(tx, id, orderSn, now);
    });
    if (done) released += 1;
  }
  if (released > 0) {
    ctx.numberIndex.markStale();
    ctx.log.info({ released }, 'number lock sweep: expired locks released');
  }
  return released;
}

export const numberLockSweepJob: JobDefinition = {
  name: 'number-lock-sweep',
  everyMs: 60_000,
  run: (ctx) => sweepNumberLocks(ctx).then(() => undefined),
};
