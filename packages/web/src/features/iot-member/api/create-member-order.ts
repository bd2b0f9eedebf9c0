/**
 * POST /api/iot/createVipOrder and /api/iot/createAccelerateOrder (API.md §4, SCREENS §5.6): paid from
 * the balance (with the pay password) or online (a PayLaunch to follow). 41001 and 41002 are the pay
 * form's to handle; 30003 (an operator refusal, money back) and -1 are the request wrapper's.
 */
import { type EndpointData, type EndpointInput, ErrorCode, iotMemberApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type CreateVipBody = EndpointInput<typeof iotMemberApi.createVipOrder>;
export type CreateVipAnswer = EndpointData<typeof iotMemberApi.createVipOrder>;
export type CreateAccelerateBody = EndpointInput<typeof iotMemberApi.createAccelerateOrder>;
export type CreateAccelerateAnswer = EndpointData<typeof iotMemberApi.createAccelerateOrder>;

export const MEMBER_BUY_SILENT = [ErrorCode.VERIFY_REQUIRED, ErrorCode.PRECONDITION_REQUIRED] as const;

export function createVipOrder(body: CreateVipBody): Promise<CreateVipAnswer> {
  return request(iotMemberApi.createVipOrder, body, { silentCodes: MEMBER_BUY_SILENT });
}

export function createAccelerateOrder(body: CreateAccelerateBody): Promise<CreateAccelerateAnswer> {
  return request(iotMemberApi.createAccelerateOrder, body, { silentCodes: MEMBER_BUY_SILENT });
}
