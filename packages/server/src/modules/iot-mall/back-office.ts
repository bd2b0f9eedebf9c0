/**
 * Back-office steps of a mall order (SCREENS §5.5), run from the CLI's `mall-order` and the console's mall
 * tab: ship an express order (待发货 → 待收货 with the courier and tracking number staff give) and mark a
 * pickup collected at the store (待自提 → 已完成). Each step writes its audit line in the same transaction.
 */
import { adminApi, MallDeliveryType, MallOrderStatus } from '@haoka/contract';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import * as repo from './repository.js';

export type MallBackOfficeStep =
  | { action: 'ship'; company: string; trackingNo: string }
  /** `pickCode`: the holder's pick code, checked when given. */
  | { action: 'collect'; pickCode?: string };

export type MallBackOfficeAction = MallBackOfficeStep['action'];

export async function runMallBackOffice(
  db: Db,
  actor: AuditActor,
  orderSn: string,
  step: MallBackOfficeStep,
  now = Date.now(),
): Promise<number> {
  const order = await repo.findOrder(db, orderSn);
  if (!order) throw fail('orderNotFound');
  const target = `mallOrder:${orderSn}`;
  if (step.action === 'ship') {
    if (order.delivery_type !== MallDeliveryType.EXPRESS) throw fail('expressOnlyShip');
    // The console's schema checks the CLI's courier and tracking number alike.
    const parsed = adminApi.shipMallOrder.input.safeParse({
      orderSn,
      company: step.company,
      trackingNo: step.trackingNo,
    });
    if (!parsed.success) {
      if (parsed.error.issues.some((issue) => issue.path[0] === 'trackingNo')) throw fail('trackingNoInvalid');
      throw fail('paramFormat', { field: 'company' });
    }
    const { company, trackingNo } = parsed.data;
    const moved = await inTransaction(db, async (tx) => {
      const ok = await repo.moveOrder(
        tx,
        orderSn,
        { status: [MallOrderStatus.TO_SHIP] },
        {
          status: MallOrderStatus.TO_RECEIVE,
          express_company: company,
          tracking_no: trackingNo,
          shipped_at: now,
          logistics_json: null,
          logistics_at: null,
        },
        now,
      );
      if (ok) {
        await recordAudit(
          tx,
          actor,
          {
            action: 'mallOrder.ship',
            target,
            before: { status: order.status, expressCompany: order.express_company, trackingNo: order.tracking_no },
            after: { status: MallOrderStatus.TO_RECEIVE, expressCompany: company, trackingNo },
          },
          now,
        );
      }
      return ok;
    });
    if (!moved) throw fail('mallShipStatus', { status: order.status });
    return MallOrderStatus.TO_RECEIVE;
  }
  if (order.delivery_type !== MallDeliveryType.PICKUP) throw fail('pickupOnlyRedeem');
  if (step.pickCode && step.pickCode !== order.pick_code) throw fail('pickCodeWrong');
  const moved = await inTransaction(db, async (tx) => {
    const ok = await repo.moveOrder(
      tx,
      orderSn,
      { status: [MallOrderStatus.TO_RECEIVE] },
      { status: MallOrderStatus.DONE, finished_at: now },
      now,
    );
    if (ok) {
      await recordAudit(
        tx,
        actor,
        {
          action: 'mallOrder.collect',
          target,
          before: { status: order.status },
          after: { status: MallOrderStatus.DONE },
        },
        now,
      );
    }
    return ok;
  });
  if (!moved) throw fail('mallPickupStatus', { status: order.status });
  return MallOrderStatus.DONE;
}
