/** GET /api/site/iotLoginProtocol: the card login agreement (《物联卡服务协议》), shown in a popup. */
import { iotCoreApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export function getIotLoginProtocol() {
  return request(iotCoreApi.getIotLoginProtocol, {}, { hideError: true });
}

export function useIotLoginProtocol(enabled: boolean) {
  return useQuery({
    queryKey: ['iotLoginProtocol'],
    queryFn: getIotLoginProtocol,
    enabled,
    staleTime: 10 * 60_000,
  });
}
