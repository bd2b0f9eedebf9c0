/** Routes of the rewards screens (SPEC §2 sub-package pages) and the screens their tasks lead to. */
export const TASK_PATH = '/pages-sub/iot/task/index';
export const LANDSCAPE_PATH = '/pages-sub/iot/task/landscape';
export const PROTOCOL_PATH = '/pages-sub/iot/protocol/index';
export const TASK_RULE_PATH = '/pages-sub/iot/protocol/taskRule';
export const COUPON_EXCHANGE_PATH = '/pages-sub/iot/couponExchange/index';
export const COIN_LOG_PATH = '/pages-sub/iot/couponExchange/order';
export const INTEGRAL_LOG_PATH = '/pages-sub/iot/integralLog/index';
