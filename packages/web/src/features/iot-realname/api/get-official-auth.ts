/**
 * GET /api/iot/simOfficialAuth (API.md §4): where the card does the operator's real-name (redirect,
 * ltAuth, qrcode or sms), with the card's current operator real-name status. 40001 (channel closed) and
 * -1 (upstream failure) are told by the request wrapper; the page shows its own state after them.
 */
import { type EndpointData, iotRealnameApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type OfficialAuthAnswer = EndpointData<typeof iotRealnameApi.getOfficialAuth>;

export function getOfficialAuth(): Promise<OfficialAuthAnswer> {
  return request(iotRealnameApi.getOfficialAuth, {});
}

export const officialAuthQueryKey = (simNo: string) => ['officialAuth', simNo] as const;

export function useOfficialAuth(simNo: string, enabled = true) {
  return useQuery({
    queryKey: officialAuthQueryKey(simNo),
    queryFn: getOfficialAuth,
    enabled: enabled && simNo !== '',
    // The operator's link is short-lived: fetch it anew on every visit.
    staleTime: 0,
  });
}
