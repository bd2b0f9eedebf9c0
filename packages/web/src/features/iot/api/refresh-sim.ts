/**
 * POST /api/iot/simRefresh {force} (API.md §4): sync the card from upstream. Throttled 1000 ms, leading
 * edge (spec §9): extra taps get the first call's answer. The answer's message is kept, since an
 * upstream failure still answers code 0 with 数据同步中.
 */
import { iotApi, type SimInfo } from '@haoka/contract';
import { request } from '../../../platform/request';
import { throttlePromise } from '../../../platform/throttle-promise';

export interface RefreshAnswer {
  data: SimInfo;
  message: string;
}

/** The message of a refresh whose upstream sync failed (cached data returned). */
export const SYNCING_MESSAGE = '数据同步中';

export const refreshSim = throttlePromise(async (_simNo: string, force: 0 | 1 = 1): Promise<RefreshAnswer> => {
  let message = '';
  const data = await request(iotApi.refreshSim, { force }, { onMessage: (m) => (message = m) });
  return { data, message };
});
