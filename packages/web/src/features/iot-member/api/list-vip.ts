/**
 * GET /api/iot/vipList (API.md §4): the VIP products, the card's current (or next queued) membership,
 * and how the card can pay. 40001 (the module is off) is the page's to show, not a toast.
 */
import { type EndpointData, ErrorCode, iotMemberApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type VipList = EndpointData<typeof iotMemberApi.listVip>;

export const VIP_LIST_KEY = 'vipList';
export const vipListKey = (simNo: string) => [VIP_LIST_KEY, simNo] as const;

export function listVip(): Promise<VipList> {
  return request(iotMemberApi.listVip, {}, { silentCodes: [ErrorCode.MODULE_CLOSED] });
}

export function useVipList(simNo: string, enabled = true) {
  return useQuery({
    queryKey: vipListKey(simNo),
    queryFn: listVip,
    enabled: enabled && simNo !== '',
    staleTime: 0,
  });
}
