/**
 * Shop order statuses (SCREENS §6 `shop_order_status`): the tag label and colour come from the
 * dictionary (label + listClass); the built-in names and colours stand in until it is loaded.
 */
import { type DictOption, type ReviewState, ShopOrderStatus } from '@haoka/contract';
import type { TFunction } from 'i18next';

const NAME_KEYS = [
  'order.status.unpaid',
  'order.status.auditing',
  'order.status.toShip',
  'order.status.shipped',
  'order.status.done',
  'order.status.cancelled',
  'order.status.auditFailed',
  'order.status.refunded',
] as const;

const FALLBACK_CLASS: DictOption['listClass'][] = [
  'warning',
  'primary',
  'primary',
  'info',
  'success',
  'default',
  'danger',
  'default',
];

/** antd-mobile Tag colours of the dictionary's list classes. */
const TAG_COLOURS: Record<DictOption['listClass'], string> = {
  default: 'default',
  primary: 'primary',
  success: 'success',
  info: 'var(--hk-color-info)',
  warning: 'warning',
  danger: 'danger',
};

/** The built-in name of a status (catalogue), e.g. 待支付. */
export function statusName(t: TFunction, status: number): string {
  const key = NAME_KEYS[status];
  return key ? t(key) : String(status);
}

export function statusTag(
  t: TFunction,
  options: readonly DictOption[],
  status: number,
): { label: string; color: string } {
  const option = options.find((o) => o.value === String(status));
  const listClass = option?.listClass ?? FALLBACK_CLASS[status] ?? 'default';
  return { label: option?.label || statusName(t, status), color: TAG_COLOURS[listClass] };
}

/** The 我的订单 tabs (SCREENS §1): 全部 then 待支付 … 已完成; cancelled and refunded orders are under 全部. */
export const ORDER_TABS: readonly (number | null)[] = [
  null,
  ShopOrderStatus.UNPAID,
  ShopOrderStatus.AUDITING,
  ShopOrderStatus.TO_SHIP,
  ShopOrderStatus.SHIPPED,
  ShopOrderStatus.DONE,
];

/** The tab of a `?status=` value: one of the tab statuses, else 全部 (null). */
export function tabOfQuery(value: string | undefined): number | null {
  if (value === undefined || value === '' || !/^\d+$/.test(value)) return null;
  const status = Number(value);
  return ORDER_TABS.includes(status) ? status : null;
}

export type OrderAction = 'contact' | 'cancel' | 'pay' | 'logistics' | 'review';

/**
 * Buttons of an order card, left to right (SCREENS §1): 待支付 cancel/pay, 已发货 logistics, any contact;
 * and 评价 on a completed number order not yet reviewed (design.md "Number reviews").
 */
export function orderActions(orderStatus: number, review: ReviewState = 'none'): OrderAction[] {
  if (orderStatus === ShopOrderStatus.UNPAID) return ['contact', 'cancel', 'pay'];
  if (orderStatus === ShopOrderStatus.SHIPPED) return ['contact', 'logistics'];
  return review === 'open' ? ['contact', 'review'] : ['contact'];
}
