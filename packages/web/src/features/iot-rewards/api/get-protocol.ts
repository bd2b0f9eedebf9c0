/**
 * GET /api/iot/protocol (API.md §4): one card agreement by type. A missing one is code -1 (协议不存在),
 * which the page shows in place (暂无协议内容), so it is silent here.
 */
import { type EndpointData, ErrorCode, iotRewardsApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { ApiError, request } from '../../../platform/request';
import { REWARDS_KEY } from '../query-keys';

export type Protocol = EndpointData<typeof iotRewardsApi.getProtocol>;
export type ProtocolType = iotRewardsApi.ProtocolType;

/** The agreement type of a query value, or null for none the server knows. */
export function protocolTypeOf(value: string | undefined): ProtocolType | null {
  return (iotRewardsApi.PROTOCOL_TYPES as readonly (string | undefined)[]).includes(value)
    ? (value as ProtocolType)
    : null;
}

export function getProtocol(type: ProtocolType): Promise<Protocol> {
  return request(iotRewardsApi.getProtocol, { type }, { silentCodes: [ErrorCode.FAIL] });
}

export function useProtocol(type: ProtocolType | null) {
  return useQuery({
    queryKey: [REWARDS_KEY, 'protocol', type],
    queryFn: () => getProtocol(type as ProtocolType),
    enabled: type !== null,
  });
}

/** The server said there is no such agreement (code -1), as opposed to a network or server failure. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.FAIL && error.status === 200;
}
