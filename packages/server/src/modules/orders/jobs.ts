/** The shop order timeout job (API.md §7): unpaid orders past expireAt are cancelled and released. */
import type { AppContext } from '../../context/app-context.js';
import { closeOpenPayments } from '../payments/service.js';
import * as repo from './repository.js';
import { cancelUnpaid } from './service.js';

export async function closeExpiredOrders(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  let closed = 0;
  for (const { order_sn } of await repo.listExpiredUnpaid(ctx.db, now)) {
    const row = await repo.findOrderBySn(ctx.db, order_sn);
    if (!row || !(await cancelUnpaid(ctx.db, row, 'timeout'))) continue;
    closed += 1;
    await closeOpenPayments(ctx, order_sn).catch((error: unknown) =>
      ctx.log.warn({ err: error, orderSn: order_sn }, 'closing the provider order failed; the reconcile job retries'),
    );
  }
  if (closed > 0) ctx.numberIndex.markStale();
  return closed;
}
