/**
 * GET /api/iot/simPlatformAuthInfo (ADDED, contract getPlatformAuth): the card's platform real-name
 * state (status, required form type, masked name and ID of the last submission, reject remark).
 */
import { type EndpointData, iotRealnameApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type PlatformAuthInfo = EndpointData<typeof iotRealnameApi.getPlatformAuth>;

export function getPlatformAuth(): Promise<PlatformAuthInfo> {
  return request(iotRealnameApi.getPlatformAuth, {});
}

export const platformAuthQueryKey = (simNo: string) => ['platformAuth', simNo] as const;

export function usePlatformAuth(simNo: string) {
  return useQuery({
    queryKey: platformAuthQueryKey(simNo),
    queryFn: getPlatformAuth,
    enabled: simNo !== '',
    staleTime: 0,
  });
}
