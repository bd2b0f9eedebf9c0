/** POST /api/shop/order/pay: launch (or re-launch) the payment of an order (API.md §6, PayLaunch). */
import { type OnlinePayType, orderApi, type PayLaunch } from '@haoka/contract';
import { request } from '../../../platform/request';

/** 30003 (order closed, channel refusal) is the wrapper's 温馨提示 dialog. */
export function payOrder(orderSn: string, payType: OnlinePayType, returnUrl: string): Promise<PayLaunch> {
  return request(orderApi.payShopOrder, { orderSn, payType, returnUrl });
}
