/** GET /api/iot/renewPackageOption (API.md §4): the current auto-renew package and the renewable ones. */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { BUY_KEY } from '../query-keys';

export type RenewOptions = EndpointData<typeof iotBuyApi.getRenewPackageOption>;

export const renewOptionsKey = (simNo: string) => [BUY_KEY, 'renew', simNo] as const;

export function getRenewPackageOption(): Promise<RenewOptions> {
  return request(iotBuyApi.getRenewPackageOption, {});
}

export function useRenewOptions(simNo: string) {
  return useQuery({
    queryKey: renewOptionsKey(simNo),
    queryFn: getRenewPackageOption,
    enabled: simNo !== '',
    staleTime: 0,
  });
}
