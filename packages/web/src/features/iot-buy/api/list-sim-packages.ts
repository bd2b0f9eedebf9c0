/**
 * GET /api/iot/simPackageList (API.md §4): the card's package orders, newest first; `status` is a comma
 * list (`1,2` = 待生效 and 生效中 for 套餐详情).
 */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { BUY_KEY } from '../query-keys';

export type PackageOrderPage = EndpointData<typeof iotBuyApi.listSimPackages>;

export const simPackagesKey = (simNo: string, status = '') => [BUY_KEY, 'packages', simNo, status] as const;

export function listSimPackages(query: { page: number; pageSize: number; status?: string }): Promise<PackageOrderPage> {
  return request(iotBuyApi.listSimPackages, query);
}

/** The card's current and queued packages in one page (a card never holds more than a few). */
export const CURRENT_STATUSES = '1,2';
export const CURRENT_PAGE_SIZE = 50;

export function useCurrentPackages(simNo: string) {
  return useQuery({
    queryKey: simPackagesKey(simNo, CURRENT_STATUSES),
    queryFn: () => listSimPackages({ page: 1, pageSize: CURRENT_PAGE_SIZE, status: CURRENT_STATUSES }),
    enabled: simNo !== '',
    staleTime: 0,
  });
}
