/** Endpoints of tasks, sign-in, protocols, coupon exchange and the points and coin ledgers (API.md §4). */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { dateTime, flag, money, pageOf, pageQuery } from '../schemas/common.js';
import { coupon } from '../schemas/iot.js';
import { defineEndpoint } from './define.js';
import { uuid } from './shop-order.js';

/** The sign-in's task code (API.md generalSignIn); every other code names a task. */
export const SIGN_TASK_CODE = 'sign';

const taskCode = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, { error: reasonIssue('taskGone') })
  .max(32);

/** Task states (API.md taskCenter): 0 去完成, 1 领取, 2 已完成. */
export const TaskStatus = { TODO: 0, CLAIMABLE: 1, DONE: 2 } as const;

export const signDay = z.object({
  /** YYYY-MM-DD, Asia/Shanghai. */
  date: z.string(),
  points: z.number().int(),
  signed: flag,
  isToday: flag,
});
export type SignDay = z.infer<typeof signDay>;

export const signState = z.object({
  /** 0 when the shop has no sign-in: the strip is hidden and signing in is refused. */
  enabled: flag,
  todaySigned: flag,
  continuousDays: z.number().int().min(0),
  /** What signing in today gives (or gave): the day's points times `pointsFactor`, or what was credited. */
  todayPoints: z.number().int(),
  /**
   * Extension: how many times sign-in and task points count for this card now (2 with a valid 积分加倍
   * membership, else 1); `days[].points`, `todayPoints` and `tasks[].points` already include it.
   */
  pointsFactor: z.number().int().min(1),
  /**
   * The current 7-day round of the streak, day 1 first; each day's points are what it credited (signed) or
   * what signing in would credit now (the membership included).
   */
  days: z.array(signDay),
});
export type SignState = z.infer<typeof signState>;

export const taskItem = z.object({
  taskCode: z.string(),
  name: z.string(),
  icon: z.string(),
  desc: z.string(),
  /** bindPhone, realname, buyPackage, video. */
  kind: z.string(),
  /** What claiming credits now (the membership's 积分加倍 included). */
  points: z.number().int(),
  progress: z.number().int(),
  target: z.number().int(),
  status: z.number().int().min(0).max(2),
  /** once, daily, monthly. */
  period: z.enum(['once', 'daily', 'monthly']),
  /** Claims allowed in one period. */
  dailyLimit: z.number().int(),
  /** Claims made in the current period. */
  claimed: z.number().int(),
  path: z.string().optional(),
  videoUrl: z.string().optional(),
  watchSeconds: z.number().int().optional(),
});
export type TaskItem = z.infer<typeof taskItem>;

export const getTaskCenter = defineEndpoint({
  method: 'GET',
  path: '/api/iot/taskCenter',
  input: z.object({}),
  data: z.object({ integral: z.number().int(), sign: signState, tasks: z.array(taskItem) }),
  auth: 'card',
  module: 'task',
});

/**
 * ADDED: the landscape page starts a task's video. The server notes the time, and a claim sooner than
 * `watchSeconds` after it is refused (观看未完成), whatever the client reports.
 */
export const startTaskVideo = defineEndpoint({
  method: 'POST',
  path: '/api/iot/taskVideoStart',
  input: z.object({ taskCode }),
  data: z.object({
    taskCode: z.string(),
    name: z.string(),
    points: z.number().int(),
    videoUrl: z.string(),
    watchSeconds: z.number().int(),
    /** 2 when today's rewards of the task are all taken (the video still plays). */
    status: z.number().int().min(0).max(2),
    startedAt: dateTime,
  }),
  auth: 'card',
  module: 'task',
});

export const generalSignIn = defineEndpoint({
  method: 'POST',
  path: '/api/iot/generalSignIn',
  input: z.object({ taskCode, watchSeconds: z.number().int().min(0).max(86_400).optional() }),
  data: z.object({ points: z.number().int(), integral: z.number().int(), continuousDays: z.number().int().optional() }),
  auth: 'card',
  module: 'task',
});

export const PROTOCOL_TYPES = ['service', 'privacy', 'vip', 'accelerate', 'recharge', 'coupon', 'taskRule'] as const;
export const protocolType = z.enum(PROTOCOL_TYPES, { error: reasonIssue('protocolGone') });
export type ProtocolType = z.infer<typeof protocolType>;

/** Public texts: readable without a card session (e.g. before the card login). */
export const getProtocol = defineEndpoint({
  method: 'GET',
  path: '/api/iot/protocol',
  input: z.object({ type: protocolType }),
  data: z.object({ type: protocolType, title: z.string(), content: z.string(), updatedAt: dateTime }),
  auth: 'none',
});

export const couponExchangeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 amount off, 2 discount. */
  type: z.number().int().min(1).max(2),
  amount: money,
  discount: z.number().nullable(),
  threshold: money,
  scope: z.enum(['all', 'package']),
  validDays: z.number().int(),
  coinPrice: z.number().int(),
  /** null = unlimited. */
  stock: z.number().int().nullable(),
  /** Exchanges per card; null = no limit. */
  limitTimes: z.number().int().nullable(),
  /** This card's exchanges of it so far. */
  exchangedTimes: z.number().int(),
});
export type CouponExchangeItem = z.infer<typeof couponExchangeItem>;

export const listCouponExchange = defineEndpoint({
  method: 'GET',
  path: '/api/iot/couponExchangeList',
  input: z.object({ ...pageQuery }),
  data: pageOf(couponExchangeItem).extend({ couponCoin: z.number().int() }),
  auth: 'card',
  module: 'couponExchange',
});

export const exchangeCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/iot/exchangeCoupon',
  input: z.object({ exchangeId: z.number().int().positive(), uuid }),
  data: z.object({ coupon, couponCoin: z.number().int() }),
  auth: 'card',
  module: 'couponExchange',
});

/** A coupon-coin ledger line; the lines of a card always sum to its coins. */
export const coinLog = z.object({
  id: z.number().int(),
  /** coin_log_type: 1 活动发放, 2 兑换优惠券, 3 过期, 4 后台调整. */
  type: z.number().int().min(1).max(4),
  /** Signed: -5 for a debit. */
  coin: z.number().int(),
  coinAfter: z.number().int(),
  orderSn: z.string(),
  remark: z.string(),
  createdAt: dateTime,
});
export type CoinLog = z.infer<typeof coinLog>;

export const listCouponCoinLogs = defineEndpoint({
  method: 'GET',
  path: '/api/iot/couponCoinLogList',
  input: z.object({ ...pageQuery, type: z.coerce.number().int().min(1).max(4).optional() }),
  data: pageOf(coinLog).extend({ couponCoin: z.number().int() }),
  auth: 'card',
  module: 'couponExchange',
});

/** A points ledger line; the lines of a card always sum to its points. */
export const integralLog = z.object({
  id: z.number().int(),
  /** integral_log_type: 1 签到, 2 任务, 3 购买套餐赠送, 4 商城兑换, 5 退回, 6 过期, 7 后台调整. */
  type: z.number().int().min(1).max(7),
  /** Signed: -100 for a debit. */
  points: z.number().int(),
  integralAfter: z.number().int(),
  orderSn: z.string(),
  remark: z.string(),
  createdAt: dateTime,
});
export type IntegralLog = z.infer<typeof integralLog>;

export const listSimIntegralLogs = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simIntegralLogList',
  input: z.object({ ...pageQuery, type: z.coerce.number().int().min(1).max(7).optional() }),
  data: pageOf(integralLog).extend({ integral: z.number().int() }),
  auth: 'card',
  module: 'integralLog',
});
