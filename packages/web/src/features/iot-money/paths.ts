/** Routes the money screens live at and link to (SPEC §2 IoT pages, SCREENS §3). */
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

/** The 订单记录 tabs (`?tab=`), in display order. */
export const ORDER_LOG_TABS = ['package', 'balance', 'balanceLog'] as const;
export type OrderLogTab = (typeof ORDER_LOG_TABS)[number];

export function orderLogTabOf(value: string | undefined): OrderLogTab {
  return (ORDER_LOG_TABS as readonly string[]).includes(value ?? '') ? (value as OrderLogTab) : 'package';
}
