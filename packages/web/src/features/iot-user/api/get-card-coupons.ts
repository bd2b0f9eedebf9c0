/**
 * The card's coupons for the 优惠券 tile: GET /api/iot/packageDetails without a packageId answers the
 * card's coupons only (API.md §4; simInfo carries no coupon count). Kept under the package-details key,
 * so whatever refreshes those (a purchase, a new pay password) refreshes the count too. A failure stays
 * quiet (the tile shows a dash): the mine page is not the place for a package module's 40001.
 */
import { ErrorCode, iotBuyApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { PACKAGE_DETAILS_KEY } from '../../iot-buy/api/get-package-details';
import { usableCouponCount } from '../user-rules';

export const cardCouponsKey = (simNo: string) => [PACKAGE_DETAILS_KEY, simNo, 'card-coupons'] as const;

export function getCardCoupons() {
  return request(
    iotBuyApi.getPackageDetails,
    {},
    { hideError: true, silentCodes: [ErrorCode.FAIL, ErrorCode.MODULE_CLOSED, ErrorCode.SIM_LOGIN_TIMEOUT] },
  );
}

/** The number of usable coupons, undefined until known (or when it could not be read). */
export function useUsableCouponCount(simNo: string): number | undefined {
  const query = useQuery({
    queryKey: cardCouponsKey(simNo),
    queryFn: getCardCoupons,
    enabled: simNo !== '',
    staleTime: 0,
    select: (details) => usableCouponCount(details.coupons),
  });
  return query.data;
}
