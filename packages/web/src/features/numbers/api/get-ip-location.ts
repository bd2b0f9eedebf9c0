/** GET /api/shop/base/ipLocation: the caller's province and city (autoFilterDelivery, 定位). Failures stay quiet. */
import { browseApi, ErrorCode, type IpLocation } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export function getIpLocation(): Promise<IpLocation> {
  return request(browseApi.getIpLocation, {}, { hideError: true, silentCodes: [ErrorCode.FAIL] });
}

export function useIpLocation(enabled = true) {
  return useQuery({ queryKey: ['ipLocation'], queryFn: getIpLocation, enabled, staleTime: 10 * 60_000 });
}
