/**
 * Back-office steps of a mall order (SCREENS §5.5), run from the CLI: ship an express order (待发货 →
 * 待收货 with a courier and tracking number) and mark a pickup collected at the store (待自提 → 已完成).
 */
import { MallDeliveryType, MallOrderStatus } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { newOrderSn } from '../../lib/order-sn.js';
import * as repo from './repository.js';

export type MallBackOfficeAction = 'ship' | 'collect';

/** Couriers the simulated shipping picks from, with their tracking-number prefixes. */
const COURIERS: [string, string][] = [
  ['顺丰速运', 'SF'],
  ['中通快递', 'ZT'],
  ['京东快递', 'JD'],
];

export async function runMallBackOffice(
  db: DbOrTx,
  orderSn: string,
  action: MallBackOfficeAction,
  note = '',
  now = Date.now(),
): Promise<number> {
  const order = await repo.findOrder(db, orderSn);
  if (!order) throw fail('orderNotFound');
  if (action === 'ship') {
    if (order.delivery_type !== MallDeliveryType.EXPRESS) throw fail('expressOnlyShip');
    const [company, prefix] = note
      ? [note, COURIERS.find(([name]) => name === note)?.[1] ?? 'HK']
      : (COURIERS[order.id % COURIERS.length] as [string, string]);
    const moved = await repo.moveOrder(
      db,
      orderSn,
      { status: [MallOrderStatus.TO_SHIP] },
      {
        status: MallOrderStatus.TO_RECEIVE,
        express_company: company,
        tracking_no: `${prefix}${newOrderSn('integral', now).slice(2, 16)}`,
        shipped_at: now,
        logistics_json: null,
        logistics_at: null,
      },
      now,
    );
    if (!moved) throw fail('mallShipStatus', { status: order.status });
    return MallOrderStatus.TO_RECEIVE;
  }
  if (order.delivery_type !== MallDeliveryType.PICKUP) throw fail('pickupOnlyRedeem');
  if (note && note !== order.pick_code) throw fail('pickCodeWrong');
  const moved = await repo.moveOrder(
    db,
    orderSn,
    { status: [MallOrderStatus.TO_RECEIVE] },
    { status: MallOrderStatus.DONE, finished_at: now },
    now,
  );
  if (!moved) throw fail('mallPickupStatus', { status: order.status });
  return MallOrderStatus.DONE;
}
