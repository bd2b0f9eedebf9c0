/** POST /api/iot/delSimAddress (API.md §4): idempotent; the newest remaining address inherits the default. */
import { iotMallApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export async function deleteSimAddress(id: number): Promise<void> {
  await request(iotMallApi.deleteSimAddress, { id });
}
