/** Rules of the IoT 我的 blocks (SCREENS §4 user/*): which VIP card shows, the entries, the service contacts. */
import type { BaseConfig, Coupon, Menu, SimInfo, VipOrder } from '@haoka/contract';
import { isChoosable } from '../iot-buy/package-rules';
import { homeMenus } from '../iot-core/menu-rules';
import { USER_MORE_MENU_PATH } from './paths';

/** VIP order states (SCREENS §6 vip_order_status) the card reads. */
const VIP_QUEUED = 2;

export type VipCardState = { kind: 'valid'; order: VipOrder } | { kind: 'queued'; order: VipOrder } | { kind: 'none' };

/**
 * A valid membership (validTag 1) shows its card; one paid but waiting for the current one to end
 * (status 2 待生效, SCREENS §5.6 stacking) shows when it starts; anything else offers 开通会员.
 */
export function vipCardState(order: VipOrder | null): VipCardState {
  if (!order) return { kind: 'none' };
  if (order.validTag === 1) return { kind: 'valid', order };
  if (order.status === VIP_QUEUED) return { kind: 'queued', order };
  return { kind: 'none' };
}

/** The key of the 更多 entry added after the first `maxMenuTimes` entries. */
export const MORE_ENTRY_KEY = '__more__';

/**
 * The entries of 我的: the switched-on `user.elements`, the first `user.maxMenuTimes` (default 10) of
 * them, then a 更多 entry leading to user/moreMenu when there are more (SCREENS §4 user/index).
 */
export function userEntries(user: SimInfo['simLayout']['user'], moreName: string): Menu[] {
  const { items, more } = homeMenus(user.elements, user.maxMenuTimes);
  if (!more) return items;
  return [...items, { key: MORE_ENTRY_KEY, name: moreName, icon: '', path: USER_MORE_MENU_PATH, switch: 1 }];
}

export interface ServiceContacts {
  title: string;
  kefuUrl: string;
  mobile: string;
  qr: string;
}

/**
 * The service block's contacts: `simLayout.user.service` field by field, else the card layout's
 * kefuUrl, else the shop front's kefu fields (SCREENS §4 user/service "falls back to the base front").
 */
export function serviceContacts(sim: SimInfo, front: BaseConfig['front'] | undefined): ServiceContacts {
  const service = sim.simLayout.user.service;
  return {
    title: service.title.trim(),
    kefuUrl: service.kefuUrl || sim.simLayout.kefuUrl || front?.kefuUrl || '',
    mobile: service.mobile || front?.kefuMobile || '',
    qr: service.qr || front?.kefuQr || '',
  };
}

export function hasContacts(contacts: ServiceContacts): boolean {
  return contacts.kefuUrl !== '' || contacts.mobile !== '' || contacts.qr !== '';
}

/** The 优惠券 tile counts the coupons the card can use now (unused and within their validity). */
export function usableCouponCount(coupons: readonly Coupon[]): number {
  return coupons.filter(isChoosable).length;
}
