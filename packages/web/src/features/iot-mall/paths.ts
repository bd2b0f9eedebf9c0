/** Routes of the points mall (SPEC §2 sub-package pages, SCREENS §4) and the pages it links to. */
const MALL = '/pages-sub/iot/integralShop';

export const MALL_INDEX_PATH = `${MALL}/index`;
export const MALL_GOODS_PATH = `${MALL}/details/index`;
export const MALL_PAYMENT_PATH = `${MALL}/details/payment`;
export const MALL_CASHIER_PATH = `${MALL}/details/cashier`;
export const ADDRESS_LIST_PATH = `${MALL}/details/selectAddress/index`;
export const ADDRESS_EDIT_PATH = `${MALL}/details/selectAddress/edit`;
export const STORE_POINT_PATH = `${MALL}/details/storePoint`;
export const MALL_ORDERS_PATH = `${MALL}/order/index`;
export const MALL_ORDER_PATH = `${MALL}/order/orderDetails/index`;
export const MALL_LOGISTICS_PATH = `${MALL}/order/orderDetails/logistics`;
export const MALL_REPAY_PATH = `${MALL}/order/orderDetails/pay`;
export const INTEGRAL_LOG_PATH = '/pages-sub/iot/integralLog/index';
export const IOT_CUSTOMER_PATH = '/pages/iot/index/customer/index';
