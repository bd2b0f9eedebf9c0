/**
 * POST /api/iot/payOrder (ADDED): launch or re-launch the online payment of an unpaid package, recharge
 * or recharge-activity order of the card. 30003 (closed, not payable, channel refusal) is the wrapper's
 * 温馨提示 dialog.
 */
import { iotBuyApi, type OnlinePayType, type PayLaunch } from '@haoka/contract';
import { request } from '../../../platform/request';

export function payIotOrder(orderSn: string, payType: OnlinePayType, returnUrl: string): Promise<PayLaunch> {
  return request(iotBuyApi.payIotOrder, { orderSn, payType, returnUrl });
}
