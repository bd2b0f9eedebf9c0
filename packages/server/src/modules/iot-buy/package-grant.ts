/**
 * A package a staff member gives a card (the console's card batch "add a package", issue 23 item 2): free
 * of charge, recorded as a package order paid by `staff` with amount 0 (source `staff`), then activated and
 * applied as a paid one is (`activatePackageOrder`). The package must be one the card may buy (its
 * promoter's or the shop's, on sale, of its operator); its stock is taken; the card's purchase limit is not
 * checked (a grant is the staff member's decision). The order and its `card.addPackage` audit line are
 * written in one transaction.
 */
import { ErrorCode, PayStatus } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import { newOrderSn } from '../../lib/order-sn.js';
import type { SimRow } from '../iot-core/repository.js';
import { activatePackageOrder } from './package-effects.js';
import { currentEndOf, effectTypesOf, packageForCard } from './package-terms.js';
import * as repo from './repository.js';
import { scheduleOf } from './schedule.js';

/** The pay type of a package order a staff member gave. */
export const STAFF_PAY_TYPE = 'staff';

export interface GrantedPackage {
  orderSn: string;
  packageName: string;
  /** 1 waiting to start, 2 in use. */
  status: number;
}

export async function grantPackage(
  ctx: AppContext,
  actor: AuditActor,
  sim: SimRow,
  packageId: number,
): Promise<GrantedPackage> {
  const pkg = await packageForCard(ctx.db, sim, packageId);
  // The first way the package may start (at once when it allows it), as the shop lists it first.
  const effectType = effectTypesOf(pkg)[0] ?? 1;
  const now = ctx.clock.now();
  const orderSn = newOrderSn('package', now);
  await inTransaction(ctx.db, async (tx) => {
    const card = await repo.lockCard(tx, sim.id);
    if (!(await repo.takePackageStock(tx, pkg.id))) throw new AppError(ErrorCode.SOLD_OUT);
    const schedule = scheduleOf(pkg, effectType, now, await currentEndOf(tx, card));
    await repo.insertPackageOrder(tx, {
      order_sn: orderSn,
      sim_id: sim.id,
      package_id: pkg.id,
      package_name: pkg.name,
      package_type: pkg.package_type,
      flow_mb: pkg.flow_mb,
      use_flow: 0,
      is_infinite_flow: pkg.is_infinite_flow,
      duration: pkg.duration,
      duration_unit: pkg.duration_unit,
      price_fen: pkg.price_fen,
      coupon_id: null,
      coupon_fen: 0,
      pay_amount_fen: 0,
      pay_type: STAFF_PAY_TYPE,
      effect_type: effectType,
      status: schedule.startAt <= now ? 2 : 1,
      pay_status: PayStatus.PAID,
      start_at: schedule.startAt,
      end_at: schedule.endAt,
      expire_at: null,
      paid_at: now,
      trade_no: null,
      activated_at: null,
      applied_at: null,
      refund_at: null,
      remark: '后台赠送',
      source: 'staff',
      uuid: `staff-${orderSn}`,
      request_hash: '',
      created_at: now,
      updated_at: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'card.addPackage',
        target: `card:${sim.sim_no}`,
        before: null,
        after: { orderSn, packageId: pkg.id, packageName: pkg.name },
      },
      now,
    );
  });
  await activatePackageOrder(ctx, orderSn);
  const order = (await repo.findPackageOrder(ctx.db, orderSn)) as repo.PackageOrderRow;
  if (order.status === 4) throw new AppError(ErrorCode.ORDER_REJECTED, 'activationRefused');
  return { orderSn, packageName: pkg.name, status: order.status };
}
