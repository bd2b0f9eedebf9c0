/**
 * GET /api/iot/simHistoryLine?type=day|month (API.md §4): the card's usage per day (last 30 days) or
 * per month (last 12 months) in MB, with the total and the average.
 */
import { type EndpointData, iotCoreApi } from '@haoka/contract';
import { queryOptions, useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export type HistoryLine = EndpointData<typeof iotCoreApi.getSimHistoryLine>;
export type HistoryType = HistoryLine['type'];

/** `days`: how many days back for `day` (7–90, the server's default 30). */
export function getSimHistoryLine(type: HistoryType, days?: number): Promise<HistoryLine> {
  return request(iotCoreApi.getSimHistoryLine, days === undefined ? { type } : { type, days });
}

export function simHistoryLineQuery(simNo: string, type: HistoryType, days?: number) {
  return queryOptions({
    queryKey: ['simHistoryLine', simNo, type, days ?? null] as const,
    queryFn: () => getSimHistoryLine(type, days),
    enabled: simNo !== '',
    staleTime: 60_000,
  });
}

export function useSimHistoryLine(simNo: string, type: HistoryType, days?: number) {
  return useQuery(simHistoryLineQuery(simNo, type, days));
}
