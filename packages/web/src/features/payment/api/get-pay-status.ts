/** GET /api/pay/status: the payment state of an order while the shopper waits for the result. */
import { type EndpointData, ErrorCode, orderApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type PayStatusAnswer = EndpointData<typeof orderApi.getPayStatus>;

/** Quiet: a failed poll counts as "not paid yet" and the next poll tries again. */
export function getPayStatus(orderSn: string): Promise<PayStatusAnswer> {
  return request(orderApi.getPayStatus, { orderSn }, { hideError: true, silentCodes: [ErrorCode.FAIL] });
}
