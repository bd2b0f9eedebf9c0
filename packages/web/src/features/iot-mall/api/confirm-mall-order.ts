/** POST /api/iot/confirmShopOrder (ADDED): the holder confirms a shipped order arrived. */
import { iotMallApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export async function confirmMallOrder(orderSn: string): Promise<void> {
  await request(iotMallApi.confirmMallOrder, { orderSn });
}
