/** Routes of VIP and acceleration (SPEC §2 sub-package pages, SCREENS §4) and the pages they link to. */
export const VIP_PATH = '/pages-sub/iot/vip/index';
export const VIP_POPUP_PATH = '/pages-sub/iot/vip/popup';
export const VIP_PAY_PATH = '/pages-sub/iot/vip/pay/index';
export const ACCELERATE_PATH = '/pages-sub/iot/index/accelerate/index';
export const ACCELERATE_CASHIER_PATH = '/pages-sub/iot/index/accelerate/cashier';
export const ACCELERATE_ORDER_PATH = '/pages-sub/iot/index/accelerate/order';
/** `?type=vip|accelerate` (built by the protocol screen's own issue). */
export const PROTOCOL_PATH = '/pages-sub/iot/protocol/index';
