/**
 * POST /api/iot/simUpdateRenewPackage {packageId} (API.md §4): set the auto-renew package, 0 = off.
 * -1 (该套餐不支持自动续费) is the wrapper's toast.
 */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type RenewAnswer = EndpointData<typeof iotBuyApi.updateRenewPackage>;

export function updateRenewPackage(packageId: number): Promise<RenewAnswer> {
  return request(iotBuyApi.updateRenewPackage, { packageId });
}
