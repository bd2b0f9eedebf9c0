/** The first element of every query key of the money screens: a paid order invalidates them all. */
export const MONEY_KEY = 'iotMoney';
