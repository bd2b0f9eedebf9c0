/**
 * GET /api/iot/simInfo (API.md §4): the current card's state and layout. Throttled to one call per
 * 1000 ms per card, leading edge (spec §9), and cached in the IoT store so a page can paint at once.
 */
import { iotCoreApi, type SimInfo } from '@haoka/contract';
import { type QueryClient, useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { throttlePromise } from '../../../platform/throttle-promise';
import { useIotStore } from '../../../stores/iot';

export const simInfoQueryKey = (simNo: string) => ['simInfo', simNo] as const;

export const getSimInfo = throttlePromise(async (_simNo: string) => {
  const data = await request(iotCoreApi.getSimInfo, {});
  useIotStore.getState().setSimInfo(data);
  return data;
});

/** The stored simInfo when it is for `simNo` (written under this contract: stores/persist.ts). */
export function storedSimInfo(simNo: string): SimInfo | undefined {
  const stored = useIotStore.getState().simInfo;
  return stored?.simNo === simNo ? stored : undefined;
}

/** Puts a fresh SimInfo (from a refresh or an action) in the query cache and the store. */
export function putSimInfo(client: QueryClient, simNo: string, data: SimInfo): void {
  useIotStore.getState().setSimInfo(data);
  client.setQueryData(simInfoQueryKey(simNo), data);
}

export function useSimInfo(simNo: string) {
  return useQuery({
    queryKey: simInfoQueryKey(simNo),
    queryFn: () => getSimInfo(simNo),
    enabled: simNo !== '',
    placeholderData: () => storedSimInfo(simNo),
  });
}
