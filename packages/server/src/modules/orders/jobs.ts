/** The shop order timeout job (API.md §7): unpaid orders past expireAt are cancelled and released. */
import type { FastifyInstance } from 'fastify';
import { closeOpenPayments } from '../payments/service.js';
import * as repo from './repository.js';
import { cancelUnpaid } from './service.js';

export async function closeExpiredOrders(app: FastifyInstance, now = Date.now()): Promise<number> {
  let closed = 0;
  for (const { order_sn } of await repo.listExpiredUnpaid(app.db, now)) {
    const row = await repo.findOrderBySn(app.db, order_sn);
    if (!row || !(await cancelUnpaid(app.db, row, 'timeout'))) continue;
    closed += 1;
    await closeOpenPayments(app, order_sn).catch((error: unknown) =>
      app.log.warn({ err: error, orderSn: order_sn }, 'closing the provider order failed; the reconcile job retries'),
    );
  }
  if (closed > 0) app.numberIndex.markStale();
  return closed;
}
