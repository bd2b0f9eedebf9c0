/** The first element of every query key of the buying screens: a paid order invalidates them all. */
export const BUY_KEY = 'iotBuy';
