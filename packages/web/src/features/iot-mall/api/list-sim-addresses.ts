/** GET /api/iot/simAddressList (API.md §4): the card's delivery addresses, the default first. */
import { iotMallApi, type SimAddress } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { MALL_KEY } from '../query-keys';

export const simAddressesKey = (simNo: string) => [MALL_KEY, 'addresses', simNo] as const;

export function listSimAddresses(): Promise<SimAddress[]> {
  return request(iotMallApi.listSimAddresses, {});
}

export function useSimAddresses(simNo: string, enabled = true) {
  return useQuery({
    queryKey: simAddressesKey(simNo),
    queryFn: listSimAddresses,
    enabled: enabled && simNo !== '',
    staleTime: 0,
  });
}
