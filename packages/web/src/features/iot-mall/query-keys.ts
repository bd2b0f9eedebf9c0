/** The first element of every query key of the mall screens: an order or payment refreshes them all. */
export const MALL_KEY = 'iotMall';
