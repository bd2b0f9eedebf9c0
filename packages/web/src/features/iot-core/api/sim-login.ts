/**
 * POST /api/simLogin (API.md §4): the card login. 41001 (card password needed or wrong) is left to the
 * page, which shows the password field. Success stores the session and makes the card current and the
 * newest of the recent cards.
 */
import { type EndpointData, type EndpointInput, ErrorCode, iotCoreApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { useIotStore } from '../../../stores/iot';
import { useLayoutStore } from '../../../stores/layout';

export type SimLoginBody = EndpointInput<typeof iotCoreApi.simLogin>;
export type SimLoginAnswer = EndpointData<typeof iotCoreApi.simLogin>;

/** The codes the login page handles itself. */
export const SIM_LOGIN_SILENT = [ErrorCode.VERIFY_REQUIRED] as const;

/** data of a 41001 answer (API.md §0). */
export interface VerifyRequired {
  field?: string;
  remainTimes?: number;
  lockedUntil?: string | null;
}

export async function simLogin(body: SimLoginBody): Promise<SimLoginAnswer> {
  const answer = await request(iotCoreApi.simLogin, body, { silentCodes: SIM_LOGIN_SILENT });
  useLayoutStore.getState().patchLayout({ sessionId: answer.sessionId });
  useIotStore.getState().loginCard(answer.simNo);
  return answer;
}
