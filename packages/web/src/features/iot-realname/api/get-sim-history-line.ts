/**
 * GET /api/iot/simHistoryLine?type=day|month (API.md §4): the card's usage per day (last 30 days) or
 * per month (last 12 months) in MB, with the total and the average.
 */
import { type EndpointData, iotCoreApi } from '@haoka/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request';

export type HistoryLine = EndpointData<typeof iotCoreApi.getSimHistoryLine>;
export type HistoryType = HistoryLine['type'];

export function getSimHistoryLine(type: HistoryType): Promise<HistoryLine> {
  return request(iotCoreApi.getSimHistoryLine, { type });
}

export function useSimHistoryLine(simNo: string, type: HistoryType) {
  return useQuery({
    queryKey: ['simHistoryLine', simNo, type] as const,
    queryFn: () => getSimHistoryLine(type),
    enabled: simNo !== '',
    staleTime: 60_000,
  });
}
