/** POST /api/iot/setSimAddress (API.md §4): create (no id) or update an address; -1 上限 / 地区编码无效 toast. */
import { type EndpointInput, iotMallApi, type SimAddress } from '@haoka/contract';
import { request } from '../../../platform/request';

export type SaveSimAddressBody = EndpointInput<typeof iotMallApi.saveSimAddress>;

export function saveSimAddress(body: SaveSimAddressBody): Promise<SimAddress> {
  return request(iotMallApi.saveSimAddress, body);
}
