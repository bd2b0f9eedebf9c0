/**
 * POST /api/iot/taskVideoStart (ADDED): opens a video task. The server notes the start, so a claim
 * sooner than the task's watchSeconds after it is refused whatever the page reports.
 */
import { type EndpointData, ErrorCode, iotRewardsApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { REWARDS_KEY } from '../query-keys';

export type VideoTask = EndpointData<typeof iotRewardsApi.startTaskVideo>;

export function startTaskVideo(taskCode: string): Promise<VideoTask> {
  // A refusal (任务不存在, 该卡已停用…) is shown in place of the player.
  return request(iotRewardsApi.startTaskVideo, { taskCode }, { silentCodes: [ErrorCode.FAIL] });
}

/** One start per visit of the page: never refetched on focus or reconnect (that would restart the clock). */
export function useVideoTask(simNo: string, taskCode: string) {
  return useQuery({
    queryKey: [REWARDS_KEY, 'video', simNo, taskCode],
    queryFn: () => startTaskVideo(taskCode),
    enabled: simNo !== '' && taskCode !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
