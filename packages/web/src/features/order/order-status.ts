/**
 * Shop order statuses (SCREENS §6 `shop_order_status`): the 我的订单 tabs and each status's buttons. Labels
 * and colours come from the dictionary lookup (features/site/dict-label.tsx).
 */
import { type ReviewState, ShopOrderStatus } from '@haoka/contract';

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
