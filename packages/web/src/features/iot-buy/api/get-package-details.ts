/**
 * GET /api/iot/packageDetails (API.md §4): the order-confirm data of one package (effect types, the
 * card's coupons rated for it, balance, pay types, pay-password state); without a packageId the answer
 * carries only the card's coupons (package null).
 */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { loadReasons } from '../../../i18n/load-reasons';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type PackageDetails = EndpointData<typeof iotBuyApi.getPackageDetails>;

export const PACKAGE_DETAILS_KEY = 'packageDetails';

export const packageDetailsKey = (simNo: string, packageId: number | null) =>
  [PACKAGE_DETAILS_KEY, simNo, packageId ?? 0] as const;

/** With the reasons' texts loaded: a greyed coupon says why by its `unusableReason`. */
export async function getPackageDetails(packageId: number | null): Promise<PackageDetails> {
  const [details] = await Promise.all([
    request(iotBuyApi.getPackageDetails, packageId ? { packageId } : {}),
    loadReasons(),
  ]);
  return details;
}

export function usePackageDetails(simNo: string, packageId: number | null, enabled = true) {
  return useQuery({
    queryKey: packageDetailsKey(simNo, packageId),
    queryFn: () => getPackageDetails(packageId),
    enabled: enabled && simNo !== '',
    staleTime: 0,
  });
}
