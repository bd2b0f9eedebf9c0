/**
 * The back-office steps of a shop order (SCREENS §6, BACKOFFICE.md module 2): one service for the
 * console (`console-routes.ts`) and the CLI's `order` command. Each step moves the order only from the
 * state it expects (a repeated step is refused and changes nothing) and writes its audit line in the same
 * transaction as the change:
 *   audit     pending review (1) → pending shipment (2)
 *   reject    pending review (1) → review failed (6), and refunded (7) through the provider when paid
 *   ship      pending shipment (2) → shipped (3) with the courier and the tracking number staff give
 *   complete  shipped (3) → completed (4)
 *   refund    pending review or shipment (1, 2) → refunded (7), the money back through the provider
 */
import { type AdminOrderState, adminApi, fenToYuan } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction, type Tx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import { refundPaidOrder } from '../payments/service.js';
import * as repo from './repository.js';

export type BackOfficeStep =
  | { action: 'audit' }
  | { action: 'reject'; reason: string }
  | { action: 'ship'; company: string; trackingNo: string }
  | { action: 'complete' }
  | { action: 'refund'; reason: string };

export type BackOfficeAction = BackOfficeStep['action'];

/** The audit target of a shop order. */
export const orderTarget = (orderSn: string) => `order:${orderSn}`;

/**
 * A courier and tracking number as the console's ship endpoint takes them (the contract's schema, so the
 * CLI and the batch ship check them alike); the refusal's reason when they are not.
 */
export function checkShipment(
  orderSn: string,
  company: string,
  trackingNo: string,
): { ok: true; company: string; trackingNo: string } | { ok: false; reason: 'trackingNoInvalid' | 'batchLineInvalid' } {
  const parsed = adminApi.shipOrder.input.safeParse({ orderSn, company, trackingNo });
  if (parsed.success) return { ok: true, company: parsed.data.company, trackingNo: parsed.data.trackingNo };
  const trackingWrong = parsed.error.issues.some((issue) => issue.path[0] === 'trackingNo');
  return { ok: false, reason: trackingWrong ? 'trackingNoInvalid' : 'batchLineInvalid' };
}

const state = (row: { order_sn: string; order_status: number; pay_status: number }): AdminOrderState => ({
  orderSn: row.order_sn,
  orderStatus: row.order_status,
  payStatus: row.pay_status,
});

/**
 * Runs one step on one order as `actor` (a staff member, or CLI_ACTOR) and answers the order's state
 * after it. `auditAction` names the audit line (default `order.<action>`; a batch ship says
 * `order.batchShip`).
 */
export async function runBackOffice(
  ctx: AppContext,
  actor: AuditActor,
  orderSn: string,
  step: BackOfficeStep,
  auditAction = `order.${step.action}`,
): Promise<AdminOrderState> {
  const db = ctx.db;
  const row = await repo.findOrderBySn(db, orderSn);
  if (!row) throw fail('orderNotFound');
  const target = orderTarget(orderSn);
  const now = ctx.clock.now();
  /** Moves the order in one transaction with its audit line; false when it was not in `from`. */
  const move = (
    from: number[],
    set: Parameters<typeof repo.moveOrder>[3],
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    also?: (tx: Tx) => Promise<void>,
  ) =>
    inTransaction(db, async (tx) => {
      if (!(await repo.moveOrder(tx, orderSn, { orderStatus: from }, set, now))) return false;
      if (also) await also(tx);
      await recordAudit(tx, actor, { action: auditAction, target, before, after }, now);
      return true;
    });

  switch (step.action) {
    case 'audit':
      if (!(await move([1], { order_status: 2 }, { orderStatus: row.order_status }, { orderStatus: 2 }))) {
        throw fail('reviewStatus', { status: row.order_status });
      }
      return { ...state(row), orderStatus: 2 };
    case 'ship': {
      const shipment = checkShipment(orderSn, step.company, step.trackingNo);
      if (!shipment.ok) throw fail(shipment.reason);
      const moved = await move(
        [2],
        { order_status: 3, tracking_no: shipment.trackingNo, express_company: shipment.company, shipped_at: now },
        { orderStatus: row.order_status, expressCompany: row.express_company, trackingNo: row.tracking_no },
        { orderStatus: 3, expressCompany: shipment.company, trackingNo: shipment.trackingNo },
      );
      if (!moved) throw fail('shipStatus', { status: row.order_status });
      return { ...state(row), orderStatus: 3 };
    }
    case 'complete':
      if (!(await move([3], { order_status: 4 }, { orderStatus: row.order_status }, { orderStatus: 4 }))) {
        throw fail('completeStatus', { status: row.order_status });
      }
      return { ...state(row), orderStatus: 4 };
    case 'reject':
    case 'refund': {
      const reject = step.action === 'reject';
      const paid = row.pay_status === 2;
      // A rejected paid order ends refunded (7): the money goes back as for a refund.
      const to = reject && !paid ? 6 : 7;
      const moved = await move(
        reject ? [1] : [1, 2],
        { order_status: to, cancel_reason: step.reason },
        { orderStatus: row.order_status, cancelReason: row.cancel_reason },
        { orderStatus: to, cancelReason: step.reason, ...(paid ? { refund: fenToYuan(row.pay_amount_fen) } : {}) },
        // The number goes back on sale; a rejected or refunded order no longer holds it.
        row.number_id === null
          ? undefined
          : (tx) => repo.moveOrderNumber(tx, row.number_id as number, orderSn, 1, [2, 3], now),
      );
      if (!moved) throw fail(reject ? 'rejectStatus' : 'refundStatus', { status: row.order_status });
      if (row.number_id !== null) ctx.numberIndex.markStale();
      // The provider is called outside the transaction; the refund is claimed once per payment, and a
      // claim the provider has not taken yet is retried by the reconciliation job.
      if (paid) await refundPaidOrder(ctx, 'shop', orderSn, step.reason);
      const after = await repo.findOrderBySn(db, orderSn);
      return after ? state(after) : { ...state(row), orderStatus: to };
    }
  }
}
