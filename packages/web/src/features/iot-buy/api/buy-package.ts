/**
 * POST /api/iot/buyPackage (API.md §4, SCREENS §5.3): order a package, paid from the balance (with the
 * pay password) or online (answers the PayLaunch to leave for). 41001 (wrong pay password) and 41002
 * (a missing prerequisite) are handled by the page; 30001 / 30003 / -1 are the request wrapper's.
 */
import { type EndpointData, type EndpointInput, ErrorCode, iotBuyApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type BuyPackageBody = EndpointInput<typeof iotBuyApi.buyPackage>;
export type BuyPackageAnswer = EndpointData<typeof iotBuyApi.buyPackage>;

export const BUY_PACKAGE_SILENT = [ErrorCode.VERIFY_REQUIRED, ErrorCode.PRECONDITION_REQUIRED] as const;

export function buyPackage(body: BuyPackageBody): Promise<BuyPackageAnswer> {
  return request(iotBuyApi.buyPackage, body, { silentCodes: BUY_PACKAGE_SILENT });
}
