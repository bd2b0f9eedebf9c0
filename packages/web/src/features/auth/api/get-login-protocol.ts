/** GET /api/site/loginProtocol: the shopper login agreement shown in the login page's popup. */
import { orderApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export function getLoginProtocol() {
  return request(orderApi.getLoginProtocol, {}, { hideError: true });
}

export function useLoginProtocol(enabled: boolean) {
  return useQuery({ queryKey: ['loginProtocol'], queryFn: getLoginProtocol, enabled, staleTime: 10 * 60_000 });
}
