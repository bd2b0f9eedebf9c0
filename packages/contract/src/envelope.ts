/**
 * The answer envelope of every `/api` call and the catalogue of business codes (SPEC §8, API.md §0).
 * Server and web both read this file, so a code without a client behaviour fails to compile.
 */
import { z } from 'zod';

export const ErrorCode = {
  /** Success: `data` holds the result. */
  OK: 0,
  /** A validation failure (`data.field` names the input), a refused business rule or a missing resource. */
  FAIL: -1,
  /** A shopper-only endpoint was called without a live shopper session carrying a mobile. */
  SHOP_LOGIN_TIMEOUT: 61,
  /** An IoT endpoint was called without a card session that holds the `sim-no` header's card. */
  SIM_LOGIN_TIMEOUT: 34061,
  /** The stock of a goods, package, activity, points goods or exchange coupon reached zero. */
  SOLD_OUT: 30001,
  /** An order cannot be accepted or paid: ID limits, age rule, closed order, upstream or payment refusal. */
  ORDER_REJECTED: 30003,
  /** A vanity number is no longer on sale, or its lock was won by another buyer. */
  NUMBER_TAKEN: 32001,
  /** The feature is switched off for this promoter, card layout or operator. */
  MODULE_CLOSED: 40001,
  /** An agent browses a promoter code that is not their direct downstream; `data.backPromoCode` is theirs. */
  NOT_DIRECT_DOWNSTREAM: 33001,
  /** A secret is missing or wrong (card password, pay password); `data` has field, remainTimes, lockedUntil. */
  VERIFY_REQUIRED: 41001,
  /** A prerequisite step is missing; `data.action` names it (realname, bindPhone, payPassword, …). */
  PRECONDITION_REQUIRED: 41002,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCode = (typeof ErrorCode)[ErrorCodeName];

export const ALL_ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && (ALL_ERROR_CODES as readonly number[]).includes(value);
}

/** Server-side default message per code, used when a service throws without its own message. */
export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  [ErrorCode.OK]: 'ok',
  [ErrorCode.FAIL]: '操作失败',
  [ErrorCode.SHOP_LOGIN_TIMEOUT]: '登录超时，请重新登录！',
  [ErrorCode.SIM_LOGIN_TIMEOUT]: '登录超时，请重新登录！',
  [ErrorCode.SOLD_OUT]: '哎呀！客官来晚了，该商品卖光啦！',
  [ErrorCode.ORDER_REJECTED]: '订单受理失败，请联系客服处理！',
  [ErrorCode.NUMBER_TAKEN]: '哎呀！客官来晚了，号码被他人抢先预约！',
  [ErrorCode.MODULE_CLOSED]: '当前访问的功能模块暂未开放，敬请期待！',
  [ErrorCode.NOT_DIRECT_DOWNSTREAM]: '该代理不是您的直属下级',
  [ErrorCode.VERIFY_REQUIRED]: '请输入密码',
  [ErrorCode.PRECONDITION_REQUIRED]: '请先完成前置步骤',
};

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T | null;
}

export const envelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown(),
});

/** `data` of a -1 validation failure. */
export interface FieldErrorData {
  field: string;
}

/** `data` of a 41001 answer. */
export interface VerifyRequiredData {
  field: 'password' | 'payPassword';
  remainTimes: number;
  lockedUntil?: string;
}

/** `data` of a 41002 answer. */
export interface PreconditionData {
  action: 'realname' | 'platformAuth' | 'bindPhone' | 'payPassword' | 'couponChoose' | 'buyPackage';
  message: string;
}

/** HTTP 429 body for a rate limit (API.md §0). */
export const RATE_LIMIT_MESSAGE = '操作太频繁，请稍后再试';
