/** GET /api/iot/taskCenter (API.md §4): the card's points, sign-in strip and tasks. */
import { type EndpointData, iotRewardsApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { REWARDS_KEY } from '../query-keys';

export type TaskCenter = EndpointData<typeof iotRewardsApi.getTaskCenter>;

export const taskCenterKey = (simNo: string) => [REWARDS_KEY, 'taskCenter', simNo] as const;

export function getTaskCenter(): Promise<TaskCenter> {
  return request(iotRewardsApi.getTaskCenter, {});
}

export function useTaskCenter(simNo: string) {
  return useQuery({ queryKey: taskCenterKey(simNo), queryFn: getTaskCenter, enabled: simNo !== '' });
}
