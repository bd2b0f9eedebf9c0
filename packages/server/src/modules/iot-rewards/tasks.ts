/**
 * The task center (API.md §4 taskCenter, generalSignIn; SCREENS §4 task/index, task/landscape): the daily
 * sign-in with its 7-day round, and tasks whose real condition the server checks both when it lists them
 * and when a reward is claimed. Every reward is one claim row, unique per (card, task, occurrence),
 * written in the same transaction as its points (`moveIntegral`), so a reward is paid at most once
 * however often and however fast it is asked for.
 */
import { iotRewardsApi, type Reason } from '@haoka/contract';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { inTransaction } from '../../db/database.js';
import type { SimsTable } from '../../db/schema.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import { moveIntegral } from '../iot-buy/index.js';
import { lockCard } from '../iot-buy/repository.js';
import type { SimRow } from '../iot-core/card.js';
import { memberPointsFactor } from '../iot-member/index.js';
import { dayKeyOf, dayStartOf, monthKeyOf, monthStartOf, shiftDay } from './calendar.js';
import * as repo from './repository.js';

const { SIGN_TASK_CODE, TaskStatus } = iotRewardsApi;
type SignState = iotRewardsApi.SignState;
type TaskItem = iotRewardsApi.TaskItem;

type Period = TaskItem['period'];
type Card = Pick<SimsTable, 'mobile' | 'auth_status'> & { id: number };

/** Tasks whose condition is a state of the card: done once, for good. */
const STATE_KINDS = new Set(['bindPhone', 'realname']);
const TASK_KINDS = new Set(['bindPhone', 'realname', 'buyPackage', 'video']);

/** Where 去完成 leads when a task names no path of its own. */
const DEFAULT_PATHS: Record<string, string> = {
  bindPhone: '/pages/iot/index/bindPhone/index',
  realname: '/pages/iot/index/realnameAuth/index',
  buyPackage: '/pages/iot/index/package/index',
};

/** Why a claim is refused while the condition is not met. */
const NOT_MET: Record<string, Reason> = {
  bindPhone: 'bindPhoneFirst',
  realname: 'realnameFirst',
  buyPackage: 'buyPackageFirst',
  video: 'videoUnfinished',
};

const periodOf = (task: repo.TaskRow): Period =>
  STATE_KINDS.has(task.kind) ? 'once' : task.period === 'daily' || task.period === 'monthly' ? task.period : 'once';

const limitOf = (task: repo.TaskRow): number => (STATE_KINDS.has(task.kind) ? 1 : Math.max(1, task.daily_limit));

/** The occurrence key of the n-th claim in a period ('2026-05-01', '2026-05-01#2', '2026-05', 'once'). */
const claimKey = (base: string, n: number) => (n === 1 ? base : `${base}#${n}`);

interface PeriodWindow {
  base: string;
  /** Start of the period; null for once. */
  since: number | null;
  /** Keys of every claim the period allows. */
  keys: string[];
}

function windowOf(task: repo.TaskRow, now: number): PeriodWindow {
  const period = periodOf(task);
  const base = period === 'daily' ? dayKeyOf(now) : period === 'monthly' ? monthKeyOf(now) : 'once';
  const since = period === 'daily' ? dayStartOf(now) : period === 'monthly' ? monthStartOf(now) : null;
  return { base, since, keys: Array.from({ length: limitOf(task) }, (_, i) => claimKey(base, i + 1)) };
}

/**
 * How far the card is toward its next claim of the task: `met(n)` tells whether the n-th claim of the
 * period may be paid. bindPhone: a bound mobile; realname: operator real-name done; buyPackage: `target`
 * package orders paid by the card itself per claim, within the period; video: never from the list (the
 * claim itself proves the watch).
 */
async function conditionOf(db: DbOrTx, card: Card, task: repo.TaskRow, since: number | null) {
  const target = Math.max(1, task.target);
  if (task.kind === 'bindPhone') return { target: 1, count: card.mobile ? 1 : 0 };
  if (task.kind === 'realname') return { target: 1, count: card.auth_status === 1 ? 1 : 0 };
  if (task.kind === 'buyPackage') return { target, count: await repo.countPaidPackages(db, card.id, since) };
  return { target: 1, count: 0 };
}

const isMet = (c: { target: number; count: number }, n: number) => c.count >= c.target * n;

function rewardsOf(task: repo.TaskRow | undefined): number[] {
  if (!task) return [];
  try {
    const value = JSON.parse(task.rewards_json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v) && v >= 0) : [];
  } catch {
    return [];
  }
}

/** The points of the sign-in that makes a streak of `streak` days: day 1–7 of the round, then round again. */
const rewardFor = (rewards: number[], streak: number) => rewards[(streak - 1) % rewards.length] ?? 0;

function findSignTask(tasks: repo.TaskRow[]) {
  return tasks.find((t) => t.kind === 'sign' && t.task_code === SIGN_TASK_CODE);
}

/**
 * The points a reward credits: its configured points times the card's member factor (积分加倍). The one
 * rule behind what the task center shows and what signing in and claiming pay.
 */
const creditOf = (points: number, factor: number) => points * factor;

/**
 * The sign-in strip: the current 7-day round of the streak (a streak that reached day 7 starts a new
 * round the next day), with each day's points and whether it is signed. A day missed ends the streak.
 * A signed day shows what it credited; a day to come what signing in would credit now (`factor`).
 */
async function signStateOf(db: DbOrTx, simId: number, task: repo.TaskRow | undefined, factor: number, now: number) {
  const rewards = rewardsOf(task);
  if (rewards.length === 0) {
    return {
      enabled: 0,
      todaySigned: 0,
      continuousDays: 0,
      todayPoints: 0,
      pointsFactor: factor,
      days: [],
    } satisfies SignState;
  }
  const today = dayKeyOf(now);
  const yesterday = shiftDay(today, -1);
  const claims = await repo.listClaims(db, simId, [SIGN_TASK_CODE], [today, yesterday]);
  const signedToday = claims.find((c) => c.period_key === today);
  const signedYesterday = claims.find((c) => c.period_key === yesterday);
  const streak = signedToday?.streak ?? signedYesterday?.streak ?? 0;
  const round = rewards.length;
  const signedInRound = signedToday ? ((streak - 1) % round) + 1 : streak % round;
  const todayIndex = signedToday ? signedInRound - 1 : signedInRound;
  const first = shiftDay(today, -todayIndex);
  const dates = rewards.map((_, i) => shiftDay(first, i));
  const credited = new Map(
    (await repo.listClaims(db, simId, [SIGN_TASK_CODE], dates.slice(0, signedInRound))).map((c) => [
      c.period_key,
      c.points,
    ]),
  );
  return {
    enabled: 1,
    todaySigned: signedToday ? 1 : 0,
    continuousDays: streak,
    todayPoints: signedToday?.points ?? creditOf(rewards[todayIndex] ?? 0, factor),
    pointsFactor: factor,
    days: rewards.map((points, i) => {
      const date = dates[i] as string;
      const signed = i < signedInRound;
      return {
        date,
        points: signed ? (credited.get(date) ?? points) : creditOf(points, factor),
        signed: signed ? 1 : 0,
        isToday: i === todayIndex ? 1 : 0,
      };
    }),
  } satisfies SignState;
}

function toTaskItem(
  task: repo.TaskRow,
  claimed: number,
  condition: { target: number; count: number },
  factor: number,
): TaskItem {
  const limit = limitOf(task);
  const done = claimed >= limit;
  const status = done ? TaskStatus.DONE : isMet(condition, claimed + 1) ? TaskStatus.CLAIMABLE : TaskStatus.TODO;
  const progress = done
    ? condition.target
    : Math.min(condition.target, Math.max(0, condition.count - condition.target * claimed));
  const path = task.path || DEFAULT_PATHS[task.kind];
  return {
    taskCode: task.task_code,
    name: task.name,
    icon: task.icon,
    desc: task.description,
    kind: task.kind,
    points: creditOf(task.points, factor),
    progress,
    target: condition.target,
    status,
    period: periodOf(task),
    dailyLimit: limit,
    claimed,
    ...(task.kind === 'video' ? { videoUrl: task.video_url, watchSeconds: task.watch_seconds } : path ? { path } : {}),
  };
}

/** GET /api/iot/taskCenter. */
export async function getTaskCenter(db: Db, sim: SimRow, now = Date.now()) {
  const all = await repo.listTasksFor(db, sim.promo_code);
  const tasks = all.filter((t) => TASK_KINDS.has(t.kind));
  const windows = new Map(tasks.map((t) => [t.task_code, windowOf(t, now)]));
  const claims = await repo.listClaims(
    db,
    sim.id,
    tasks.map((t) => t.task_code),
    [...new Set([...windows.values()].flatMap((w) => w.keys))],
  );
  const factor = await memberPointsFactor(db, sim.id, now);
  const items = await Promise.all(
    tasks.map(async (task) => {
      const window = windows.get(task.task_code) as PeriodWindow;
      const claimed = claims.filter((c) => c.task_code === task.task_code && window.keys.includes(c.period_key)).length;
      return toTaskItem(task, claimed, await conditionOf(db, sim, task, window.since), factor);
    }),
  );
  return {
    integral: sim.integral,
    sign: await signStateOf(db, sim.id, findSignTask(all), factor, now),
    tasks: items,
  };
}

/** The ledger remark's note that a VIP privilege (积分加倍) doubled the points. */
const doubled = (factor: number) => (factor > 1 ? '，会员积分加倍' : '');

/**
 * Signing in: one claim row per card and Shanghai day, in the transaction that pays its points (log type
 * 1). The streak continues from yesterday's sign-in, else starts at 1. A second sign-in the same day — even
 * a concurrent one — is -1 今日已签到 and pays nothing. A valid 积分加倍 membership doubles the points.
 */
async function signIn(db: Db, sim: { id: number; promo_code: string }, now: number) {
  const rewards = rewardsOf(findSignTask(await repo.listTasksFor(db, sim.promo_code)));
  if (rewards.length === 0) throw fail('signClosed');
  const today = dayKeyOf(now);
  const yesterday = shiftDay(today, -1);
  try {
    return await inTransaction(db, async (tx) => {
      const card = await lockCard(tx, sim.id);
      const claims = await repo.listClaims(tx, sim.id, [SIGN_TASK_CODE], [today, yesterday]);
      if (claims.some((c) => c.period_key === today)) throw fail('alreadySigned');
      const streak = (claims.find((c) => c.period_key === yesterday)?.streak ?? 0) + 1;
      const factor = await memberPointsFactor(tx, sim.id, now);
      const points = creditOf(rewardFor(rewards, streak), factor);
      await repo.insertClaim(tx, {
        sim_id: sim.id,
        task_code: SIGN_TASK_CODE,
        period_key: today,
        points,
        streak,
        created_at: now,
      });
      const integral =
        points > 0
          ? await moveIntegral(
              tx,
              sim.id,
              points,
              { type: 1, remark: `每日签到（连续${streak}天${doubled(factor)}）` },
              now,
            )
          : card.integral;
      return { points, integral, continuousDays: streak };
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw fail('alreadySigned');
    throw error;
  }
}

/** A video task must have been started (taskVideoStart) at least its watchSeconds ago; the watch is used up. */
async function takeVideoWatch(tx: Tx, simId: number, task: repo.TaskRow, now: number): Promise<void> {
  const watch = await repo.findWatch(tx, simId, task.task_code);
  if (!watch || now - watch.started_at < task.watch_seconds * 1000) throw fail('videoUnfinished');
  if (!(await repo.takeWatch(tx, simId, task.task_code, watch.started_at))) throw fail('videoUnfinished');
}

async function findTask(db: DbOrTx, promoCode: string, taskCode: string): Promise<repo.TaskRow> {
  const task = (await repo.listTasksFor(db, promoCode)).find((t) => t.task_code === taskCode && TASK_KINDS.has(t.kind));
  if (!task) throw fail('taskGone');
  return task;
}

/**
 * Claiming a task's reward (log type 2): the period's claims must not be used up (-1 奖励已领取), then
 * the condition is checked again on the card as locked in this transaction.
 */
async function claimTask(
  db: Db,
  sim: { id: number; promo_code: string },
  input: { taskCode: string; watchSeconds?: number | undefined },
  now: number,
) {
  const task = await findTask(db, sim.promo_code, input.taskCode);
  if (task.kind === 'video' && (input.watchSeconds ?? 0) < task.watch_seconds) throw fail('videoUnfinished');
  const window = windowOf(task, now);
  try {
    return await inTransaction(db, async (tx) => {
      const card = await lockCard(tx, sim.id);
      const claimed = (await repo.listClaims(tx, sim.id, [task.task_code], window.keys)).length;
      if (claimed >= window.keys.length) throw fail('alreadyClaimed');
      if (task.kind === 'video') await takeVideoWatch(tx, sim.id, task, now);
      else if (!isMet(await conditionOf(tx, card, task, window.since), claimed + 1)) {
        throw fail(NOT_MET[task.kind] ?? 'taskGone');
      }
      const factor = await memberPointsFactor(tx, sim.id, now);
      const points = creditOf(task.points, factor);
      await repo.insertClaim(tx, {
        sim_id: sim.id,
        task_code: task.task_code,
        period_key: claimKey(window.base, claimed + 1),
        points,
        streak: 0,
        created_at: now,
      });
      const integral =
        points > 0
          ? await moveIntegral(tx, sim.id, points, { type: 2, remark: `任务奖励：${task.name}${doubled(factor)}` }, now)
          : card.integral;
      return { points, integral };
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw fail('alreadyClaimed');
    throw error;
  }
}

/** POST /api/iot/generalSignIn: the sign-in (`taskCode` 'sign') or a task's reward. */
export async function generalSignIn(
  db: Db,
  sim: SimRow,
  input: { taskCode: string; watchSeconds?: number | undefined },
  now = Date.now(),
) {
  return input.taskCode === SIGN_TASK_CODE ? signIn(db, sim, now) : claimTask(db, sim, input, now);
}

/**
 * POST /api/iot/taskVideoStart (ADDED): the landscape page starts a video task. While a reward is left
 * today the start time is noted (a new start replaces it), and the claim must come watchSeconds later.
 */
export async function startTaskVideo(db: Db, sim: SimRow, taskCode: string, now = Date.now()) {
  const task = await findTask(db, sim.promo_code, taskCode);
  if (task.kind !== 'video') throw fail('taskGone');
  const window = windowOf(task, now);
  const claimed = (await repo.listClaims(db, sim.id, [task.task_code], window.keys)).length;
  const done = claimed >= window.keys.length;
  if (!done) await repo.putWatch(db, sim.id, task.task_code, now);
  return {
    taskCode: task.task_code,
    name: task.name,
    points: creditOf(task.points, await memberPointsFactor(db, sim.id, now)),
    videoUrl: task.video_url,
    watchSeconds: task.watch_seconds,
    status: done ? TaskStatus.DONE : TaskStatus.TODO,
    startedAt: formatDateTime(now),
  };
}
