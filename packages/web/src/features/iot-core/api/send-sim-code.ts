/**
 * POST /api/sms/send for a card (API.md §2): `bindMobile` sends to the mobile being bound, `payPassword`
 * to the card's bound mobile (the answer says which, masked).
 */
import { type EndpointData, orderApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type SentSimCode = EndpointData<typeof orderApi.sendSimCode>;

export function sendSimCode(scene: 'bindMobile' | 'payPassword', mobile?: string): Promise<SentSimCode> {
  return request(orderApi.sendSimCode, { scene, ...(mobile ? { mobile } : {}) });
}
