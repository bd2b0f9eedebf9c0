/**
 * POST /api/iot/simBindMobile {mobile, code} (API.md §4): binds or changes the card's contact mobile,
 * proven by the SMS code of scene bindMobile. Answers the bound mobile masked. -1 (wrong or expired
 * code, mobile at its card limit) is told by the request wrapper.
 */
import { type EndpointData, iotCoreApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type BindSimMobileAnswer = EndpointData<typeof iotCoreApi.bindSimMobile>;

export function bindSimMobile(mobile: string, code: string): Promise<BindSimMobileAnswer> {
  return request(iotCoreApi.bindSimMobile, { mobile, code });
}
