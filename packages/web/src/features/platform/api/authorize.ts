/**
 * Scan-to-authorise (API.md §3): read a ticket (POST /api/site/checkScanAuthorize), decide it
 * (updateAuthorizeStatus; -1 二维码已失效 is shown by the page, not toasted) and, in Kuaishou, sync the
 * profile first (ksUpdateProfile). The caller's openid travels in the platform-open-id header.
 */
import { type EndpointData, ErrorCode, platformApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type AuthorizeTicket = EndpointData<typeof platformApi.checkScanAuthorize>;

export const authorizeTicketKey = (scene: string) => ['checkScanAuthorize', scene] as const;

export function checkScanAuthorize(scene: string): Promise<AuthorizeTicket> {
  return request(platformApi.checkScanAuthorize, { scene }, { silentCodes: [ErrorCode.FAIL] });
}

export function useAuthorizeTicket(scene: string) {
  return useQuery({
    queryKey: authorizeTicketKey(scene),
    queryFn: () => checkScanAuthorize(scene),
    enabled: scene !== '',
    staleTime: 0,
  });
}

export function updateAuthorizeStatus(scene: string, status: 1 | 2) {
  return request(platformApi.updateAuthorizeStatus, { scene, status }, { silentCodes: [ErrorCode.FAIL] });
}

export function ksUpdateProfile(profile: { nickname: string; headPortrait: string }) {
  return request(platformApi.ksUpdateProfile, profile);
}
