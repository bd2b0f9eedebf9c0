/** The shop order screens (SPEC §2). */
export const ORDER_LIST_PATH = '/pages/order/index';
export const ORDER_PAY_PATH = '/pages/order/pay/index';
export const ORDER_LOGISTICS_PATH = '/pages/order/logistics/index';
