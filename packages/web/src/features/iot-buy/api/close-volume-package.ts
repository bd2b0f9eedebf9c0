/**
 * POST /api/iot/closeVolumePackage (API.md §4): close pay-as-you-go; the usage so far is settled from
 * the balance and the answer says how much. Idempotent; -1 (未开通按量计费) is the wrapper's toast.
 */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type CloseVolumeAnswer = EndpointData<typeof iotBuyApi.closeVolumePackage>;

export function closeVolumePackage(volumePackageId: number): Promise<CloseVolumeAnswer> {
  return request(iotBuyApi.closeVolumePackage, volumePackageId > 0 ? { volumePackageId } : {});
}
