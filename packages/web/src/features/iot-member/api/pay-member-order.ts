/**
 * POST /api/iot/payMemberOrder (ADDED): 重新支付 of the card's unpaid VIP or acceleration order, with the
 * pay type it was launched with. 30003 (closed meanwhile) is the request wrapper's dialog.
 */
import { iotMemberApi, type PayLaunch } from '@haoka/contract';
import { request } from '../../../platform/request';

export function payMemberOrder(orderSn: string, returnUrl: string): Promise<PayLaunch> {
  return request(iotMemberApi.payMemberOrder, { orderSn, returnUrl });
}
