/** Routes the IoT 我的 screens live at and link to (SPEC §2 sub-package pages, SCREENS §3–4). */
export const USER_PATH = '/pages-sub/iot/user/index';
export const USER_ASSET_PATH = '/pages-sub/iot/user/asset';
export const USER_SERVICE_PATH = '/pages-sub/iot/user/service';
export const USER_MORE_MENU_PATH = '/pages-sub/iot/user/moreMenu';
export const VIP_PATH = '/pages-sub/iot/vip/index';
export const BALANCE_PATH = '/pages/iot/index/balance/index';
export const ORDER_LOGS_PATH = '/pages/iot/index/orderLogs/index';
export const INTEGRAL_LOG_PATH = '/pages-sub/iot/integralLog/index';
export const INTEGRAL_SHOP_PATH = '/pages-sub/iot/integralShop/index';
export const TASK_PATH = '/pages-sub/iot/task/index';
export const COIN_LOG_PATH = '/pages-sub/iot/couponExchange/order';
export const COUPON_EXCHANGE_PATH = '/pages-sub/iot/couponExchange/index';
/** Opened without a packageId it lists all of the card's coupons, read-only (SCREENS §3 SelectCoupon). */
export const MY_COUPONS_PATH = '/pages/iot/index/package/details/SelectCoupon/index';
