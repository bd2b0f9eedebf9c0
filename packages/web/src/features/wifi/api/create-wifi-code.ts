/** POST /api/site/wifiCreate (API.md §3): a code for a network; the same network answers the same code. */
import { type EndpointData, type EndpointInput, wifiApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type WifiCodeLinks = EndpointData<typeof wifiApi.wifiCreate>;

export function createWifiCode(input: EndpointInput<typeof wifiApi.wifiCreate>): Promise<WifiCodeLinks> {
  return request(wifiApi.wifiCreate, input);
}
