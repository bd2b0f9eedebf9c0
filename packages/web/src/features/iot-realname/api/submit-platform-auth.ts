/**
 * POST /api/iot/simPlatformAuth (API.md §4): submit name, ID number and, per platformAuthType, the
 * uploaded photos' keys. Answers authPlatformStatus 1 (instant check passed) or 2 (审核中). A refusal
 * (-1 姓名与身份证不匹配, 认证审核中…) or 40001 is told by the request wrapper.
 */
import { type EndpointData, type EndpointInput, iotRealnameApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type PlatformAuthBody = EndpointInput<typeof iotRealnameApi.submitPlatformAuth>;
export type PlatformAuthResult = EndpointData<typeof iotRealnameApi.submitPlatformAuth>;

export function submitPlatformAuth(body: PlatformAuthBody): Promise<PlatformAuthResult> {
  return request(iotRealnameApi.submitPlatformAuth, body);
}
