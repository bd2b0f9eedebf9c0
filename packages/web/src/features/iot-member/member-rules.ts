/** Rules of the VIP and acceleration screens (SCREENS §4, §5.6), kept pure for tests. */
import type { SimInfo } from '@haoka/contract';
import { parseApiDateTime } from '../order/date-time';

/** The product the promo and the shelf start from: the first one the shop tags (推荐, 超值 …), else the first. */
export function featuredProduct<T extends { tag: string }>(list: readonly T[]): T | null {
  return list.find((p) => p.tag.trim() !== '') ?? list[0] ?? null;
}

export type MembershipState = { kind: 'valid'; endAt: string } | { kind: 'queued'; startAt: string } | { kind: 'none' };

/** What the card's current order of a kind means on screen: valid until endAt, waiting to start, or none. */
export function membershipOf(
  order: { validTag: number; status: number; startAt: string | null; endAt: string | null } | null,
): MembershipState {
  if (order?.validTag === 1 && order.endAt) return { kind: 'valid', endAt: order.endAt };
  if (order?.status === 2 && order.startAt) return { kind: 'queued', startAt: order.startAt };
  return { kind: 'none' };
}

/** Whole days and hours left until `endAt` (at least 0), or null without an end. */
export function timeLeft(endAt: string | null, now = Date.now()): { days: number; hours: number } | null {
  const end = parseApiDateTime(endAt);
  if (end === null) return null;
  const hoursLeft = Math.max(0, Math.ceil((end - now) / 3600_000));
  return { days: Math.floor(hoursLeft / 24), hours: hoursLeft % 24 };
}

/** The layout offers the module: an entry with its key switched on (home menus or the mine page). */
export function layoutOffers(layout: SimInfo['simLayout'], key: string): boolean {
  return [...layout.menus, ...layout.user.elements].some((m) => m.key === key && m.switch === 1);
}

/**
 * The VIP promo on the card home (SCREENS §4 vip/popup): only for a card without a valid or queued
 * membership, whose layout offers 会员中心, and not yet shown for this card today.
 */
export function shouldOfferVipPromo(
  sim: Pick<SimInfo, 'vipOrder' | 'simLayout'>,
  shown: Record<string, string>,
  simNo: string,
  today: string,
): boolean {
  if (sim.vipOrder && (sim.vipOrder.validTag === 1 || sim.vipOrder.status === 2)) return false;
  return layoutOffers(sim.simLayout, 'vip') && shown[simNo] !== today;
}

/** Order states (vip_order_status) the acceleration records filter by, in tab order; null = all. */
export const ORDER_FILTERS = [null, 1, 2, 3, 4] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export function orderFilterOf(value: string | undefined): OrderFilter {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return (ORDER_FILTERS as readonly (number | null)[]).includes(n) ? (n as OrderFilter) : null;
}
