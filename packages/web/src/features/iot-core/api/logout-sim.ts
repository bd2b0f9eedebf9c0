/** POST /api/iot/simLogout (ADDED): the server drops the card from this session. */
import { iotBuyApi } from '@haoka/contract';
import { request } from '../../../platform/request';

/** Never fails the logout: the card is cleared on this device whatever the server answers. */
export async function logoutSim(): Promise<void> {
  await request(iotBuyApi.logoutSim, {}, { hideError: true, silentCodes: [-1, 34061] }).catch(() => undefined);
}
