/**
 * Back-office transitions of a shop order (SCREENS §6), run from the CLI:
 * audit (1 → 2, or with --reject 1 → 6 and a refund when paid), ship (2 → 3 with a tracking number),
 * complete (3 → 4), refund (1/2 → 7, money back through the provider).
 */
import type { AppContext } from '../../context/app-context.js';
import { fail } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import { refundPaidOrder } from '../payments/service.js';
import * as repo from './repository.js';

export type BackOfficeAction = 'audit' | 'reject' | 'ship' | 'complete' | 'refund';

const COURIERS = ['顺丰速运', '中国邮政EMS', '京东快递'];

export async function runBackOffice(ctx: AppContext, orderSn: string, action: BackOfficeAction, note = '') {
  const db = ctx.db;
  const row = await repo.findOrderBySn(db, orderSn);
  if (!row) throw fail('orderNotFound');
  const now = Date.now();
  switch (action) {
    case 'audit':
      if (!(await repo.moveOrder(db, orderSn, { orderStatus: [1] }, { order_status: 2 }, now))) {
        throw fail('reviewStatus', { status: row.order_status });
      }
      return 2;
    case 'ship': {
      const trackingNo = `SF${newOrderSn('shop', now).slice(2, 16)}`;
      const company = note || (COURIERS[row.id % COURIERS.length] as string);
      if (
        !(await repo.moveOrder(
          db,
          orderSn,
          { orderStatus: [2] },
          { order_status: 3, tracking_no: trackingNo, express_company: company, shipped_at: now },
          now,
        ))
      ) {
        throw fail('shipStatus', { status: row.order_status });
      }
      return 3;
    }
    case 'complete':
      if (!(await repo.moveOrder(db, orderSn, { orderStatus: [3] }, { order_status: 4 }, now))) {
        throw fail('completeStatus', { status: row.order_status });
      }
      return 4;
    case 'reject':
    case 'refund': {
      const target = action === 'reject' ? 6 : 7;
      const from = action === 'reject' ? [1] : [1, 2];
      const moved = await db.transaction().execute(async (tx) => {
        const ok = await repo.moveOrder(
          tx,
          orderSn,
          { orderStatus: from },
          { order_status: target, cancel_reason: note },
          now,
        );
        // The number goes back on sale; a refunded order no longer holds it.
        if (ok && row.number_id !== null) await repo.moveOrderNumber(tx, row.number_id, orderSn, 1, [2, 3], now);
        return ok;
      });
      if (!moved) throw fail(action === 'reject' ? 'rejectStatus' : 'refundStatus', { status: row.order_status });
      if (row.number_id !== null) ctx.numberIndex.markStale();
      if (row.pay_status === 2) await refundPaidOrder(ctx, 'shop', orderSn, note || action);
      if (action === 'reject' && row.pay_status === 2) {
        await repo.moveOrder(db, orderSn, { orderStatus: [6] }, { order_status: 7 }, Date.now());
        return 7;
      }
      return target;
    }
  }
}
