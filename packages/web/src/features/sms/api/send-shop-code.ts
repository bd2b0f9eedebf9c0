/** POST /api/hk/sendCode: an SMS code for a shop scene (order form, order-query login). */
import { type EndpointData, orderApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type ShopCodeScene = 'login' | 'order';
export type SentCode = EndpointData<typeof orderApi.sendShopCode>;

export function sendShopCode(mobile: string, scene: ShopCodeScene): Promise<SentCode> {
  return request(orderApi.sendShopCode, { mobile, scene });
}
