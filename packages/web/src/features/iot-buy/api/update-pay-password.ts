/**
 * POST /api/iot/simUpdatePayPass (API.md §4): set, change, verify-for-reset (answers a ticket) or reset
 * the 6-digit pay password. 41001 (wrong old password) and 41002 (no bound mobile for verify) are
 * handled by the page.
 */
import { type EndpointData, type EndpointInput, ErrorCode, iotBuyApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type UpdatePayPasswordBody = EndpointInput<typeof iotBuyApi.updatePayPassword>;
export type UpdatePayPasswordAnswer = EndpointData<typeof iotBuyApi.updatePayPassword>;

export const UPDATE_PAY_PASSWORD_SILENT = [ErrorCode.VERIFY_REQUIRED, ErrorCode.PRECONDITION_REQUIRED] as const;

export function updatePayPassword(body: UpdatePayPasswordBody): Promise<UpdatePayPasswordAnswer> {
  return request(iotBuyApi.updatePayPassword, body, { silentCodes: UPDATE_PAY_PASSWORD_SILENT });
}
