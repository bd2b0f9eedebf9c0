/** Pure rules of the rewards screens: task buttons, the video's watched time, exchange availability. */
import type { iotRewardsApi } from '@haoka/contract';
import { LANDSCAPE_PATH } from './paths';

type TaskItem = iotRewardsApi.TaskItem;
type CouponExchangeItem = iotRewardsApi.CouponExchangeItem;

/** A points or coins amount with its sign: "+5", "-100", "0". */
export const signedAmount = (n: number): string => (n > 0 ? `+${n}` : String(n));

export type TaskAction = 'go' | 'claim' | 'done';

/** API.md taskCenter status: 0 去完成, 1 领取, 2 已完成. */
export function taskActionOf(task: Pick<TaskItem, 'status'>): TaskAction {
  return task.status === 2 ? 'done' : task.status === 1 ? 'claim' : 'go';
}

/** Where 去完成 leads: a video task to the landscape player, the others to their path (none: nowhere). */
export function taskTargetOf(task: Pick<TaskItem, 'kind' | 'taskCode' | 'path'>): string | null {
  if (task.kind === 'video') return `${LANDSCAPE_PATH}?taskCode=${encodeURIComponent(task.taskCode)}`;
  return task.path ? task.path : null;
}

/**
 * A jump of the playhead further than this past the furthest point watched is a seek forward (SCREENS §4
 * landscape: seeking forward is disabled); normal playback moves a fraction of a second between updates.
 */
export const SEEK_TOLERANCE_S = 1.5;

/**
 * The furthest point watched after a playhead update, and where to put the playhead back when the update
 * was a seek forward (null: leave it).
 */
export function watchProgress(maxWatched: number, currentTime: number): { watched: number; rewindTo: number | null } {
  if (currentTime > maxWatched + SEEK_TOLERANCE_S) return { watched: maxWatched, rewindTo: maxWatched };
  return { watched: Math.max(maxWatched, currentTime), rewindTo: null };
}

export type ExchangeState = 'ok' | 'soldOut' | 'limit';

/** Whether the card can still exchange the item (coins are checked by the server: -1 券币不足). */
export function exchangeStateOf(
  item: Pick<CouponExchangeItem, 'stock' | 'limitTimes' | 'exchangedTimes'>,
): ExchangeState {
  if (item.stock !== null && item.stock <= 0) return 'soldOut';
  if (item.limitTimes !== null && item.exchangedTimes >= item.limitTimes) return 'limit';
  return 'ok';
}
