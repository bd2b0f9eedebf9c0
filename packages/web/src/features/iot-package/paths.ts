/** Routes the package-buying and pay-password screens link to (SCREENS §3, §4). */
export const PACKAGE_LIST_PATH = '/pages/iot/index/package/index';
export const PACKAGE_DETAILS_PATH = '/pages/iot/index/package/details/index';
export const EFFECT_MODAL_PATH = '/pages/iot/index/package/details/EffectModal/index';
export const SELECT_COUPON_PATH = '/pages/iot/index/package/details/SelectCoupon/index';
export const PAY_PASSWORD_PATH = '/pages/iot/index/payPassword/index';
export const PAY_KEYBOARD_PATH = '/pages/iot/index/payPassword/keyboard';
export const PAY_PASSWORD_VALIDATE_PATH = '/pages/iot/index/payPassword/validate';
export const PACKAGE_INFO_PATH = '/pages-sub/iot/packageInfo/index';
export const REALNAME_PATH = '/pages/iot/index/realnameAuth/index';
export const PLATFORM_AUTH_PATH = '/pages/iot/index/realnameAuth/platform/index';
export const BIND_PHONE_PATH = '/pages/iot/index/bindPhone/index';
export const COUPON_CHOOSE_PATH = '/pages/iot/index/couponChoose/index';
export const COUPON_EXCHANGE_PATH = '/pages-sub/iot/couponExchange/index';
export const IOT_CUSTOMER_PATH = '/pages/iot/index/customer/index';
