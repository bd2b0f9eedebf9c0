/** POST /api/iot/setDefaultSimAddress (API.md §4). */
import { iotMallApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export async function setDefaultSimAddress(id: number): Promise<void> {
  await request(iotMallApi.setDefaultSimAddress, { id });
}
