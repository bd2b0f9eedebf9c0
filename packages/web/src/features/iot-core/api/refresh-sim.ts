/**
 * POST /api/iot/simRefresh {force} (API.md §4): sync the card from upstream. Throttled 1000 ms, leading
 * edge (spec §9): extra taps get the first call's answer. An upstream failure still answers code 0, with
 * the reason `dataSyncing` (数据同步中): the answer says so, with the text to show.
 */
import { iotCoreApi, type SimInfo } from '@haoka/contract';
import { request } from '../../../platform/request';
import { throttlePromise } from '../../../platform/throttle-promise';

export interface RefreshAnswer {
  data: SimInfo;
  /** True when the upstream sync failed and the data is the cached state. */
  syncing: boolean;
  /** What the answer said, in the shopper's language (数据同步中 when syncing). */
  message: string;
}

export const refreshSim = throttlePromise(async (_simNo: string, force: 0 | 1 = 1): Promise<RefreshAnswer> => {
  let message = '';
  let syncing = false;
  const data = await request(
    iotCoreApi.refreshSim,
    { force },
    {
      onMessage: (text, reason) => {
        message = text;
        syncing = reason === 'dataSyncing';
      },
    },
  );
  return { data, syncing, message };
});
