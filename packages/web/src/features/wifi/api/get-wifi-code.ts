/**
 * GET /api/site/getWifiCode (API.md §3): the network of a code. An unknown or withdrawn code is -1
 * 该WiFi码已失效, which the pages show in place, so it is silent here.
 */
import { type EndpointData, ErrorCode, wifiApi } from '@haoka/contract';
import { useQueries, useQuery } from '../../../platform/query';
import { ApiError, request } from '../../../platform/request';

export type WifiCode = EndpointData<typeof wifiApi.getWifiCode>;

export const wifiCodeKey = (code: string) => ['wifi', 'code', code] as const;

export function getWifiCode(code: string): Promise<WifiCode> {
  return request(wifiApi.getWifiCode, { code }, { silentCodes: [ErrorCode.FAIL] });
}

const options = (code: string) => ({
  queryKey: wifiCodeKey(code),
  queryFn: () => getWifiCode(code),
});

export function useWifiCode(code: string) {
  return useQuery({ ...options(code), enabled: code !== '' });
}

/** The codes of "my codes", each resolved on its own (a withdrawn one shows as 已失效). */
export function useWifiCodes(codes: readonly string[]) {
  return useQueries({ queries: codes.map(options) });
}

/** The server said the code is unknown or withdrawn (code -1), as opposed to a network or server failure. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.FAIL && error.status === 200;
}
