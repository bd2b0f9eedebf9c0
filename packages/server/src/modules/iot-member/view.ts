/**
 * VIP and acceleration rows as the API shows them (API.md §1 VipOrder, AccelerateOrder). `validTag` is
 * derived at reading time — status 1 and now within [startAt, endAt) — and never stored, so it cannot go
 * stale between two runs of the expiry job (SCREENS §5.6).
 */
import { type AccelerateOrder, fenToYuan, type iotMemberApi, type SimInfo, type VipOrder } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';
import * as repo from './repository.js';

type VipProduct = iotMemberApi.VipProduct;
type AccelerateProduct = iotMemberApi.AccelerateProduct;
type Privileges = VipOrder['privileges'];

const at = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

/** Privileges stored as JSON; anything unreadable shows as none rather than failing the page. */
export function parsePrivileges(json: string): Privileges {
  try {
    const value = JSON.parse(json) as Partial<Privileges> | null;
    const items = Array.isArray(value?.items) ? value.items : [];
    return {
      gi: typeof value?.gi === 'string' ? value.gi : '',
      items: items
        .filter((i): i is Privileges['items'][number] => typeof i === 'object' && i !== null)
        .map((i) => ({ icon: String(i.icon ?? ''), title: String(i.title ?? ''), desc: String(i.desc ?? '') })),
    };
  } catch {
    return { gi: '', items: [] };
  }
}

export function isValidAt(order: Pick<repo.MemberOrderRow, 'status' | 'start_at' | 'end_at'>, now: number): boolean {
  return (
    order.status === 1 &&
    order.start_at !== null &&
    order.end_at !== null &&
    order.start_at <= now &&
    now < order.end_at
  );
}

function common(row: repo.MemberOrderRow, now: number) {
  return {
    id: row.id,
    simId: row.sim_id,
    uuid: row.uuid,
    orderSn: row.order_sn,
    placeType: row.place_type,
    actualPayMoney: fenToYuan(row.pay_amount_fen),
    startAt: at(row.start_at),
    endAt: at(row.end_at),
    validTag: (isValidAt(row, now) ? 1 : 0) as 0 | 1,
    refundAt: at(row.refund_at),
    refundRemark: row.refund_remark,
    refundType: row.refund_type,
    remark: row.remark,
    status: row.status,
    updatedAt: formatDateTime(row.updated_at),
    createdAt: formatDateTime(row.created_at),
  };
}

export function toVipOrder(row: repo.MemberOrderRow, now = Date.now()): VipOrder {
  return {
    ...common(row, now),
    vipId: row.product_id,
    vipName: row.name,
    logo: row.logo,
    packagePrice: fenToYuan(row.price_fen),
    privileges: parsePrivileges(row.privileges_json),
  };
}

export function toAccelerateOrder(row: repo.MemberOrderRow, now = Date.now()): AccelerateOrder {
  return {
    ...common(row, now),
    accelerateId: row.product_id,
    accelerateName: row.name,
    speedCode: row.speed_code,
  };
}

export function toVipProduct(row: repo.VipProductRow): VipProduct {
  return {
    id: row.id,
    vipName: row.vip_name,
    logo: row.logo,
    packagePrice: fenToYuan(row.price_fen),
    originalPrice: fenToYuan(row.original_price_fen),
    duration: row.duration,
    durationUnit: row.duration_unit,
    privileges: parsePrivileges(row.privileges_json),
    tag: row.tag,
  };
}

export function toAccelerateProduct(row: repo.AccelerateProductRow): AccelerateProduct {
  return {
    id: row.id,
    accelerateName: row.accelerate_name,
    speedCode: row.speed_code as AccelerateProduct['speedCode'],
    speedText: row.speed_text,
    duration: row.duration,
    durationUnit: row.duration_unit,
    price: fenToYuan(row.price_fen),
    originalPrice: fenToYuan(row.original_price_fen),
    tag: row.tag,
  };
}

/** The order a card shows for a kind: the valid one, else the next queued one, else none. */
export async function currentOrderRow(
  db: DbOrTx,
  simId: number,
  kind: repo.MemberKind,
  now = Date.now(),
): Promise<repo.MemberOrderRow | undefined> {
  const held = await repo.listHeldOrders(db, simId, kind);
  return held.find((o) => isValidAt(o, now)) ?? held.find((o) => o.status === 2);
}

/** simInfo.vipOrder and simInfo.accelerateOrder (SPEC §3 Sim info). */
export async function currentMemberOrders(
  db: DbOrTx,
  simId: number,
  now = Date.now(),
): Promise<Pick<SimInfo, 'vipOrder' | 'accelerateOrder'>> {
  const [vip, accelerate] = await Promise.all([
    currentOrderRow(db, simId, 'vip', now),
    currentOrderRow(db, simId, 'accelerate', now),
  ]);
  return {
    vipOrder: vip ? toVipOrder(vip, now) : null,
    accelerateOrder: accelerate ? toAccelerateOrder(accelerate, now) : null,
  };
}
