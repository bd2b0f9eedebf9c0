/** Test data of the rewards screens (contract shapes), overridable field by field. */
import type { iotRewardsApi } from '@haoka/contract';
import type { TaskCenter } from './api/get-task-center';
import type { VideoTask } from './api/start-task-video';

export function signFixture(patch: Partial<TaskCenter['sign']> = {}): TaskCenter['sign'] {
  const rewards = [5, 5, 10, 10, 15, 15, 30];
  return {
    enabled: 1,
    todaySigned: 0,
    continuousDays: 2,
    todayPoints: 10,
    pointsFactor: 1,
    days: rewards.map((points, i) => ({
      date: `2026-01-${String(10 + i).padStart(2, '0')}`,
      points,
      signed: i < 2 ? 1 : 0,
      isToday: i === 2 ? 1 : 0,
    })),
    ...patch,
  };
}

export function taskFixture(patch: Partial<iotRewardsApi.TaskItem> = {}): iotRewardsApi.TaskItem {
  return {
    taskCode: 'bindPhone',
    name: '绑定手机号',
    icon: '/shop/static/iot/menu/bindPhone.png',
    desc: '绑定常用手机号，接收服务通知',
    kind: 'bindPhone',
    points: 20,
    progress: 0,
    target: 1,
    status: 0,
    period: 'once',
    dailyLimit: 1,
    claimed: 0,
    path: '/pages/iot/index/bindPhone/index',
    ...patch,
  };
}

export const videoTaskItem = (patch: Partial<iotRewardsApi.TaskItem> = {}) =>
  taskFixture({
    taskCode: 'video',
    name: '观看视频',
    icon: '',
    desc: '完整观看15秒视频',
    kind: 'video',
    points: 10,
    period: 'daily',
    path: undefined,
    videoUrl: '/shop/static/iot/task/demo-video.mp4',
    watchSeconds: 15,
    ...patch,
  });

export function taskCenterFixture(patch: Partial<TaskCenter> = {}): TaskCenter {
  return {
    integral: 320,
    sign: signFixture(),
    tasks: [
      taskFixture(),
      taskFixture({
        taskCode: 'realname',
        name: '完成实名认证',
        kind: 'realname',
        points: 50,
        status: 1,
        progress: 1,
        path: '/pages/iot/index/realnameAuth/index',
      }),
      taskFixture({
        taskCode: 'buyPackage',
        name: '购买任意套餐',
        kind: 'buyPackage',
        points: 30,
        status: 2,
        period: 'monthly',
        claimed: 1,
        progress: 1,
        path: '/pages/iot/index/package/index',
      }),
      videoTaskItem(),
    ],
    ...patch,
  };
}

export function videoTaskFixture(patch: Partial<VideoTask> = {}): VideoTask {
  return {
    taskCode: 'video',
    name: '观看视频',
    points: 10,
    videoUrl: '/shop/static/iot/task/demo-video.mp4',
    watchSeconds: 15,
    status: 0,
    startedAt: '2026-01-01 10:00:00',
    ...patch,
  };
}

export function exchangeItemFixture(
  patch: Partial<iotRewardsApi.CouponExchangeItem> = {},
): iotRewardsApi.CouponExchangeItem {
  return {
    id: 1,
    name: '¥5无门槛券',
    type: 1,
    amount: '5.00',
    discount: null,
    threshold: '0.00',
    scope: 'all',
    validDays: 30,
    coinPrice: 5,
    stock: null,
    limitTimes: 3,
    exchangedTimes: 1,
    ...patch,
  };
}

export function couponFixture(name = '¥5无门槛券') {
  return {
    id: 91,
    name,
    type: 1,
    amount: '5.00',
    discount: null,
    threshold: '0.00',
    scope: 'all' as const,
    packageIds: [],
    status: 1,
    startAt: '2026-01-01 10:00:00',
    endAt: '2026-01-31 10:00:00',
    usable: true,
  };
}

export const page = <T, X extends object = object>(list: T[], extra: X = {} as X, total = list.length) => ({
  list,
  total,
  page: 1,
  pageSize: 10,
  ...extra,
});
