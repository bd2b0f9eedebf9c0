/** The package jobs' work: starting due packages, expiring ended ones, retrying activations, charging usage. */

import type { AppContext } from '../../context/app-context.js';
import { inTransaction, type Tx } from '../../db/database.js';
import { activatePackageOrder, applyPackageOrder, unapplyPackageOrder } from './package-effects.js';
import * as repo from './repository.js';

/** Package orders whose start has come: 1 → 2 and applied (the activation job, every minute). */
export async function startDuePackages(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const due = await repo.listDuePackageOrders(ctx.db, now);
  let started = 0;
  for (const order of due) {
    await inTransaction(ctx.db, async (tx) => {
      if (!(await repo.movePackageOrder(tx, order.order_sn, { status: [1] }, { status: 2 }))) return;
      await applyPackageOrder(tx, { ...order, status: 2 }, now);
      started += 1;
    });
  }
  return started;
}

/** Active package orders past their end: 2 → 3 已失效, their flow out of the pool. */
export async function expirePackages(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const due = await repo.listEndedPackageOrders(ctx.db, now);
  let expired = 0;
  for (const order of due) {
    await inTransaction(ctx.db, async (tx) => {
      if (!(await repo.movePackageOrder(tx, order.order_sn, { status: [2] }, { status: 3 }))) return;
      await unapplyPackageOrder(tx, order, now);
      expired += 1;
    });
  }
  return expired;
}

/** Paid orders the operator has not accepted yet (a failed or interrupted call): asked again. */
export async function retryActivations(ctx: AppContext, now = ctx.clock.now()): Promise<void> {
  const pending = await repo.listUnactivatedPaidOrders(ctx.db, now - 30_000);
  for (const { order_sn } of pending) await activatePackageOrder(ctx, order_sn);
}

/**
 * Charges synced usage to the card's active packages, earliest end first (each up to its own flow;
 * an unlimited one takes the rest). Runs in the sync's transaction.
 */
export async function allocateUsage(tx: Tx, simId: number, usedMb: number): Promise<void> {
  let left = usedMb;
  if (left <= 0) return;
  for (const order of await repo.listActiveFlowOrders(tx, simId)) {
    const room = order.is_infinite_flow ? left : Math.max(0, order.flow_mb - order.use_flow);
    const take = Math.min(room, left);
    if (take <= 0) continue;
    await repo.setPackageUsage(tx, order.id, Math.round((order.use_flow + take) * 100) / 100);
    left -= take;
    if (left <= 0) break;
  }
}
