/**
 * POST /api/iot/createBalanceOrder (API.md §4, SCREENS §5.4): a recharge order for one amount option or
 * a custom whole-yuan amount; answers the PayLaunch to leave for. -1 (金额超出范围, 充值号码不匹配),
 * 40001 and 30003 are the request wrapper's toasts and dialogs.
 */
import { type EndpointInput, iotBuyApi, type PayLaunch } from '@haoka/contract';
import { request } from '../../../platform/request';

export type CreateBalanceOrderBody = EndpointInput<typeof iotBuyApi.createBalanceOrder>;

export function createBalanceOrder(body: CreateBalanceOrderBody): Promise<PayLaunch> {
  return request(iotBuyApi.createBalanceOrder, body);
}
