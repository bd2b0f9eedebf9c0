/** Rules of the card self-service that both sides apply: pay passwords, coupon prices, effect types. */

/** Effect types of a package order (SCREENS §3 EffectModal): now, next month, after the current one. */
export const EffectType = { NOW: 1, NEXT_MONTH: 2, AFTER_CURRENT: 3 } as const;
export type EffectType = (typeof EffectType)[keyof typeof EffectType];

export const PackageType = { BASE: 1, ADD_ON: 2, VOLUME: 3 } as const;

/** Balance ledger line types (SCREENS §3 BalanceLogList). */
export const BalanceLogType = {
  RECHARGE: 1,
  PACKAGE: 2,
  REFUND: 3,
  ADJUST: 4,
  VOLUME: 5,
  GIFT: 6,
} as const;

/** Coupon states (SCREENS §6). */
export const CouponStatus = { UNUSED: 1, LOCKED: 2, USED: 3, EXPIRED: 4 } as const;

/** Package order states (SCREENS §6). */
export const PackageOrderStatus = {
  UNPAID: 0,
  PENDING: 1,
  ACTIVE: 2,
  EXPIRED: 3,
  REFUNDED: 4,
  CANCELLED: 5,
} as const;

/** Recharge and recharge-activity order states (SCREENS §6 balance order). */
export const BalanceOrderStatus = { UNPAID: 0, CREDITED: 1, CLOSED: 2, REFUNDED: 3 } as const;

/** Pay password attempts before a 24-hour lock (API.md §0 "Rate limits"). */
export const PAY_PASSWORD_MAX_FAILS = 5;

/**
 * A pay password that is too easy to guess (API.md §4 simUpdatePayPass): all digits the same, or a run
 * that climbs or falls by one at each step (123456, 654321, 890123 wrapping is not a run).
 */
export function isSimplePayPassword(password: string): boolean {
  if (!/^\d{6}$/.test(password)) return false;
  const digits = [...password].map(Number);
  const steps = digits.slice(1).map((d, i) => d - (digits[i] as number));
  return steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/** What a coupon takes off a price, in fen; the price never goes below 0. */
export function couponDiscountFen(
  priceFen: number,
  coupon: { type: number; amountFen: number; discount: number | null },
): number {
  if (coupon.type === 2 && coupon.discount !== null) {
    // 9.5 折 pays 95 %; the buyer keeps the rounding.
    const pay = Math.floor((priceFen * Math.round(coupon.discount * 10)) / 100);
    return Math.max(0, priceFen - pay);
  }
  return Math.min(priceFen, Math.max(0, coupon.amountFen));
}

/**
 * The card-login field's placeholder when the operator set none (API.md simLoginConfig). The app shows
 * its own translation in place of this default; a placeholder the operator wrote is shown as written.
 */
export const DEFAULT_SIM_LOGIN_PLACEHOLDER = '请输入卡号/ICCID/设备号';

/**
 * The service's default name: a layout's name and the card-login title when the operator set none (the
 * login title is the site title, a middle dot and this name). The app shows its own translation in place
 * of this default; a name the operator wrote is shown as written.
 */
export const DEFAULT_SIM_SERVICE_NAME = '物联卡自助服务';

/**
 * The package a card opened with (no package of the shelf, packageId 0) is named this; the app shows its
 * own translation of it.
 */
export const OPENING_PACKAGE_NAME = '开卡套餐';

/** The service block's title on 我的 when the layout names none; the app shows its own translation. */
export const DEFAULT_SIM_SERVICE_TITLE = '联系客服';

/** The card-login title the server composes from the site title when the operator set none. */
export function defaultSimLoginTitle(siteTitle: string): string {
  return siteTitle ? `${siteTitle}·${DEFAULT_SIM_SERVICE_NAME}` : DEFAULT_SIM_SERVICE_NAME;
}
