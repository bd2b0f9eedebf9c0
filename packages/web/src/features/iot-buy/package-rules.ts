/**
 * How the package screens read the contract's data (SCREENS §3 package/*, §5.3): duration and the
 * lifetime rule, sold out and purchase limits, the coupon a package gets and what is left to pay, the
 * initial choices of the confirm page, and what a 41001 / 41002 answer asks for.
 */
import {
  type Coupon,
  CouponStatus,
  couponDiscountFen,
  EffectType,
  type PackageOption,
  type PayType,
  type PreconditionData,
  type VerifyRequiredData,
  yuanToFen,
} from '@haoka/contract';
import { type Duration, durationOf as durationOfValue } from '../../components/duration';
import { buildUrl } from '../../platform/navigation';
import {
  BIND_PHONE_PATH,
  COUPON_CHOOSE_PATH,
  PACKAGE_LIST_PATH,
  PAY_PASSWORD_PATH,
  PLATFORM_AUTH_PATH,
  REALNAME_PATH,
} from './paths';

export type PackageTypeKey = 1 | 2 | 3;

/** Money string → fen; anything unreadable counts as 0. */
export function fenOf(yuan: string | null | undefined): number {
  if (!yuan) return 0;
  try {
    return yuanToFen(yuan);
  } catch {
    return 0;
  }
}

/** A package's validity (spec §9 units and lifetime rule). */
export function durationOf(pkg: Pick<PackageOption, 'duration' | 'durationUnit'>): Duration {
  return durationOfValue(pkg.duration, pkg.durationUnit);
}

/** stock null is unlimited; 0 (or below) is sold out. */
export function isSoldOut(pkg: Pick<PackageOption, 'stock'>): boolean {
  return pkg.stock !== null && pkg.stock <= 0;
}

export interface PurchaseLimit {
  limit: number;
  bought: number;
  reached: boolean;
}

/** 限购 N 次: null when the package has no limit. */
export function purchaseLimit(pkg: Pick<PackageOption, 'limitTimes' | 'boughtTimes'>): PurchaseLimit | null {
  if (pkg.limitTimes === null || pkg.limitTimes <= 0) return null;
  return { limit: pkg.limitTimes, bought: pkg.boughtTimes, reached: pkg.boughtTimes >= pkg.limitTimes };
}

/** The original price is struck through only when it is above the price. */
export function showsOriginalPrice(pkg: Pick<PackageOption, 'price' | 'originalPrice'>): boolean {
  return fenOf(pkg.originalPrice) > fenOf(pkg.price);
}

/** Tabs: 基础套餐 and 加油包 always, 按量 only when the list has one. */
export function packageTabs(list: readonly Pick<PackageOption, 'packageType'>[]): PackageTypeKey[] {
  const tabs: PackageTypeKey[] = [1, 2];
  if (list.some((p) => p.packageType === 3)) tabs.push(3);
  return tabs;
}

/** What `coupon` takes off `priceYuan`, in fen (contract rule; never more than the price). */
export function couponOffFen(priceYuan: string, coupon: Pick<Coupon, 'type' | 'amount' | 'discount'> | null): number {
  if (!coupon) return 0;
  return couponDiscountFen(fenOf(priceYuan), {
    type: coupon.type,
    amountFen: fenOf(coupon.amount),
    discount: coupon.discount,
  });
}

/** 应付 = max(0, price − coupon), in fen. */
export function payableFen(priceYuan: string, coupon: Pick<Coupon, 'type' | 'amount' | 'discount'> | null): number {
  return Math.max(0, fenOf(priceYuan) - couponOffFen(priceYuan, coupon));
}

/** A coupon that can be chosen for this package now. */
export function isChoosable(coupon: Pick<Coupon, 'usable' | 'status'>): boolean {
  return coupon.usable && coupon.status === CouponStatus.UNUSED;
}

/** The coupon chosen at first: the server's best one when it is choosable, else none. */
export function initialCouponId(coupons: readonly Coupon[], bestCouponId: number | null): number | null {
  if (bestCouponId === null) return null;
  const best = coupons.find((c) => c.id === bestCouponId);
  return best && isChoosable(best) ? best.id : null;
}

/** The effect type chosen at first: the server's default when the package allows it, else its first. */
export function initialEffectType(effectTypes: readonly number[], defaultType: number): number {
  if (effectTypes.includes(defaultType)) return defaultType;
  return effectTypes[0] ?? EffectType.NOW;
}

/** The pay type chosen at first: the balance when it is offered and covers the amount, else the first online one. */
export function initialPayType(payTypes: readonly PayType[], balanceEnough: boolean): PayType | null {
  if (payTypes.includes('balance') && balanceEnough) return 'balance';
  return payTypes.find((p) => p !== 'balance') ?? null;
}

export type VerifyFailure = { locked: true; lockedUntil: string | null } | { locked: false; remainTimes: number };

/** data of a 41001 answer: tries left, or locked (no try left, or a lock time given). */
export function verifyFailure(data: unknown): VerifyFailure {
  const d = (data ?? {}) as Partial<VerifyRequiredData> & { lockedUntil?: string | null };
  const remain = typeof d.remainTimes === 'number' ? d.remainTimes : null;
  const lockedUntil = typeof d.lockedUntil === 'string' && d.lockedUntil ? d.lockedUntil : null;
  if (lockedUntil || (remain !== null && remain <= 0)) return { locked: true, lockedUntil };
  return { locked: false, remainTimes: remain ?? 0 };
}

/** data of a 41002 answer, or null when it does not name a known step. */
export function preconditionOf(data: unknown): PreconditionData | null {
  const d = (data ?? {}) as Partial<PreconditionData>;
  const actions: PreconditionData['action'][] = [
    'realname',
    'platformAuth',
    'bindPhone',
    'payPassword',
    'couponChoose',
    'buyPackage',
  ];
  if (typeof d.action !== 'string' || !actions.includes(d.action)) return null;
  return { action: d.action, message: typeof d.message === 'string' ? d.message : '' };
}

/** Where a 41002 action sends the card holder; the pay password comes back to `back`. */
export function preconditionTarget(action: PreconditionData['action'], back: string): string {
  switch (action) {
    case 'realname':
      return REALNAME_PATH;
    case 'platformAuth':
      return PLATFORM_AUTH_PATH;
    case 'bindPhone':
      return BIND_PHONE_PATH;
    case 'couponChoose':
      return COUPON_CHOOSE_PATH;
    case 'payPassword':
      return buildUrl(PAY_PASSWORD_PATH, { redirect: back });
    case 'buyPackage':
      return PACKAGE_LIST_PATH;
  }
}

/** `YYYY-MM-DD` of an API date-time. */
export function dayOf(dateTime: string | null | undefined): string {
  return dateTime ? dateTime.slice(0, 10) : '';
}

/** Only digits, at most `max` of them (code and password inputs). */
export function digitsOnly(value: string, max = 6): string {
  return value.replace(/\D/g, '').slice(0, max);
}
