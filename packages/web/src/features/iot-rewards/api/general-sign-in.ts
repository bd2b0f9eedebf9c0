/** POST /api/iot/generalSignIn (API.md §4): today's sign-in (`taskCode` 'sign') or a task's reward. */
import { type EndpointData, type EndpointInput, iotRewardsApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type SignInResult = EndpointData<typeof iotRewardsApi.generalSignIn>;

export function generalSignIn(input: EndpointInput<typeof iotRewardsApi.generalSignIn>): Promise<SignInResult> {
  return request(iotRewardsApi.generalSignIn, input);
}
