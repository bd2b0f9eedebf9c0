/** POST /api/iot/cancelShopOrder (API.md §4): points and stock go back; -1 当前状态不可取消 is a toast. */
import { iotMallApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export async function cancelMallOrder(orderSn: string): Promise<void> {
  await request(iotMallApi.cancelMallOrder, { orderSn });
}
