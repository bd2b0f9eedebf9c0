/**
 * GET /api/iot/packageChoose (API.md §4): the packages the card can buy, with the lamp texts and the
 * real-name gate. The list page asks for every type at once and splits it into tabs.
 */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type PackageChoice = EndpointData<typeof iotBuyApi.choosePackage>;

export const PACKAGE_CHOOSE_KEY = 'packageChoose';

export function choosePackage(packageType?: 1 | 2 | 3): Promise<PackageChoice> {
  return request(iotBuyApi.choosePackage, packageType ? { packageType } : {});
}

export function usePackageChoose(simNo: string) {
  return useQuery({
    queryKey: [PACKAGE_CHOOSE_KEY, simNo] as const,
    queryFn: () => choosePackage(),
    enabled: simNo !== '',
    staleTime: 0,
  });
}
