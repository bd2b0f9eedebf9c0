/** Routes the buying screens (packages, recharge, coupons, pay password, order logs) live at and link to (SPEC §2 IoT pages, SCREENS §3, §4). */
export const BALANCE_PATH = '/pages/iot/index/balance/index';
export const BALANCE_PAY_PATH = '/pages/iot/index/balance/pay/index';
export const COUPON_CHOOSE_PATH = '/pages/iot/index/couponChoose/index';
export const COUPON_PAY_PATH = '/pages/iot/index/couponChoose/pay/index';
export const ORDER_LOGS_PATH = '/pages/iot/index/orderLogs/index';
export const SET_RENEW_PATH = '/pages/iot/index/setRenew/index';
export const PACKAGE_LIST_PATH = '/pages/iot/index/package/index';
/** The package order page: with `?orderSn=` it is the package cashier (IotCashier). */
export const PACKAGE_DETAILS_PATH = '/pages/iot/index/package/details/index';
export const PACKAGE_INFO_PATH = '/pages-sub/iot/packageInfo/index';
export const IOT_CUSTOMER_PATH = '/pages/iot/index/customer/index';
export const EFFECT_MODAL_PATH = '/pages/iot/index/package/details/EffectModal/index';
export const SELECT_COUPON_PATH = '/pages/iot/index/package/details/SelectCoupon/index';
export const PAY_PASSWORD_PATH = '/pages/iot/index/payPassword/index';
export const PAY_KEYBOARD_PATH = '/pages/iot/index/payPassword/keyboard';
export const PAY_PASSWORD_VALIDATE_PATH = '/pages/iot/index/payPassword/validate';
export const REALNAME_PATH = '/pages/iot/index/realnameAuth/index';
export const PLATFORM_AUTH_PATH = '/pages/iot/index/realnameAuth/platform/index';
export const BIND_PHONE_PATH = '/pages/iot/index/bindPhone/index';
export const COUPON_EXCHANGE_PATH = '/pages-sub/iot/couponExchange/index';

/** The 订单记录 tabs (`?tab=`), in display order. */
export const ORDER_LOG_TABS = ['package', 'balance', 'balanceLog'] as const;
export type OrderLogTab = (typeof ORDER_LOG_TABS)[number];

export function orderLogTabOf(value: string | undefined): OrderLogTab {
  return (ORDER_LOG_TABS as readonly string[]).includes(value ?? '') ? (value as OrderLogTab) : 'package';
}
