/**
 * How the money screens read the contract's data (SCREENS §3 balance, couponChoose, orderLogs, setRenew,
 * packageInfo; §6 state machines): custom recharge amounts, signed ledger amounts, the activity gates,
 * the order of the current packages, usage percent, and the phase of the IoT cashier.
 */
import {
  BalanceOrderStatus,
  type CouponActivity,
  type OnlinePayType,
  type PackageOrder,
  PackageOrderStatus,
  percentOf,
} from '@haoka/contract';
import { parseApiDateTime } from '../order/date-time';
import { outcomeOf } from '../payment/pay-polling';
import type { CashierPhase } from '../payment/use-cashier-phase';

/** A custom recharge amount: whole yuan within min..max (API.md balanceChoose), else null. */
export function parseCustomAmount(text: string, min: number, max: number): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const amount = Number(value);
  return Number.isSafeInteger(amount) && amount >= Math.max(1, min) && amount <= max ? amount : null;
}

/** A money string taken as a number; anything unreadable is 0. */
export function moneyValue(money: string | null | undefined): number {
  const n = Number(money);
  return Number.isFinite(n) ? n : 0;
}

export function isPositiveMoney(money: string | null | undefined): boolean {
  return moneyValue(money) > 0;
}

/** A ledger amount with its sign and ¥: "+¥10.00", "-¥9.90"; `credit` tells the colour (green / red). */
export function signedYuan(amount: string): { text: string; credit: boolean } {
  const negative = amount.trim().startsWith('-');
  const abs = amount.trim().replace(/^[-+]/, '');
  return { text: `${negative ? '-' : '+'}¥${abs}`, credit: !negative };
}

/** An activity's coupons grouped by month (1-based monthIndex), months in order. */
export function couponsByMonth(
  coupons: CouponActivity['coupons'],
): { month: number; items: CouponActivity['coupons'] }[] {
  const months = new Map<number, CouponActivity['coupons']>();
  for (const c of coupons) {
    const list = months.get(c.monthIndex) ?? [];
    list.push(c);
    months.set(c.monthIndex, list);
  }
  return [...months.entries()].sort(([a], [b]) => a - b).map(([month, items]) => ({ month, items }));
}

/** Why an activity cannot be joined now: sold out (stock 0) or the card reached its limit; else null. */
export function activityBlock(
  activity: Pick<CouponActivity, 'stock' | 'limitTimes' | 'boughtTimes'>,
): 'soldOut' | 'limitReached' | null {
  if (activity.stock !== null && activity.stock <= 0) return 'soldOut';
  if (activity.limitTimes > 0 && activity.boughtTimes >= activity.limitTimes) return 'limitReached';
  return null;
}

/** 套餐详情 order: 生效中 first, then 待生效; within a status the earliest start first. */
export function sortCurrentPackages<T extends Pick<PackageOrder, 'status' | 'startAt'>>(list: readonly T[]): T[] {
  const rank = (s: number) => (s === PackageOrderStatus.ACTIVE ? 0 : s === PackageOrderStatus.PENDING ? 1 : 2);
  return [...list].sort((a, b) => rank(a.status) - rank(b.status) || (a.startAt ?? '').localeCompare(b.startAt ?? ''));
}

/** Used/total as a percent clamped 0–100 (spec §5), two decimals at most. */
export function usagePercent(used: number, total: number): number {
  return Math.round(percentOf(used, total) * 100) / 100;
}

/** A 待支付 row can still be paid: status 0 and not past its expireAt. */
export function canStillPay(row: { status: number; expireAt?: string | null }, now = Date.now()): boolean {
  if (row.status !== 0) return false;
  const end = parseApiDateTime(row.expireAt ?? null);
  return end === null || end > now;
}

/** The pay type to preselect: the order's own when offered, else the first offered. */
export function initialPayType(payTypes: readonly OnlinePayType[], preferred?: string): OnlinePayType | undefined {
  return payTypes.find((p) => p === preferred) ?? payTypes[0];
}

export type CashierKind = 'package' | 'balance' | 'coupon';

/** Order statuses that mean paid or closed, per kind (SCREENS §6: package order, balance order). */
const PAID_STATUSES: Record<CashierKind, readonly number[]> = {
  package: [PackageOrderStatus.PENDING, PackageOrderStatus.ACTIVE, PackageOrderStatus.EXPIRED],
  balance: [BalanceOrderStatus.CREDITED],
  coupon: [BalanceOrderStatus.CREDITED],
};
const CLOSED_STATUSES: Record<CashierKind, readonly number[]> = {
  package: [PackageOrderStatus.REFUNDED, PackageOrderStatus.CANCELLED],
  balance: [BalanceOrderStatus.CLOSED, BalanceOrderStatus.REFUNDED],
  coupon: [BalanceOrderStatus.CLOSED, BalanceOrderStatus.REFUNDED],
};

/**
 * What the cashier shows for an order as loaded: paid → its result; closed, refunded or past expireAt →
 * 订单已关闭; back from the provider (`fromPay`) → look for the result; else the pay form.
 */
export function cashierPhase(
  order: { kind: CashierKind; payStatus: number; orderStatus: number; expireAt: string | null },
  fromPay: boolean,
  now = Date.now(),
): CashierPhase {
  const outcome = outcomeOf(order.payStatus);
  if (outcome) return outcome;
  if (PAID_STATUSES[order.kind].includes(order.orderStatus)) return 'paid';
  if (CLOSED_STATUSES[order.kind].includes(order.orderStatus)) return 'closed';
  if (fromPay) return 'checking';
  const end = parseApiDateTime(order.expireAt);
  if (end !== null && end <= now) return 'closed';
  return 'form';
}
