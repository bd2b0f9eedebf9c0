/**
 * GET /api/iot/accelerateList (API.md §4): the acceleration passes, the card's running (or next queued)
 * one and how the card can pay. 40001 (the card cannot be sped up) is the page's to show.
 */
import { type EndpointData, ErrorCode, iotMemberApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type AccelerateList = EndpointData<typeof iotMemberApi.listAccelerate>;

export const ACCELERATE_LIST_KEY = 'accelerateList';
export const accelerateListKey = (simNo: string) => [ACCELERATE_LIST_KEY, simNo] as const;

export function listAccelerate(): Promise<AccelerateList> {
  return request(iotMemberApi.listAccelerate, {}, { silentCodes: [ErrorCode.MODULE_CLOSED] });
}

export function useAccelerateList(simNo: string) {
  return useQuery({
    queryKey: accelerateListKey(simNo),
    queryFn: listAccelerate,
    enabled: simNo !== '',
    staleTime: 0,
  });
}
