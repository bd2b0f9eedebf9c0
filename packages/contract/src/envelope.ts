/**
 * The answer envelope of every `/api` call and the catalogue of business codes (SPEC §8, API.md §0).
 * Server and web both read this file, so a code without a client behaviour fails to compile.
 */
import { z } from 'zod';
import type { Reason } from './reasons.js';

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

/** The reason a code answers with when a refusal names no more precise one (SPEC §8's default texts). */
export const DEFAULT_REASONS: Record<Exclude<ErrorCode, 0>, Reason> = {
  [ErrorCode.FAIL]: 'operationFailed',
  [ErrorCode.SHOP_LOGIN_TIMEOUT]: 'loginTimeout',
  [ErrorCode.SIM_LOGIN_TIMEOUT]: 'loginTimeout',
  [ErrorCode.SOLD_OUT]: 'soldOut',
  [ErrorCode.ORDER_REJECTED]: 'orderRejected',
  [ErrorCode.NUMBER_TAKEN]: 'numberTaken',
  [ErrorCode.MODULE_CLOSED]: 'moduleClosed',
  [ErrorCode.NOT_DIRECT_DOWNSTREAM]: 'notDirectDownstream',
  [ErrorCode.VERIFY_REQUIRED]: 'passwordRequired',
  [ErrorCode.PRECONDITION_REQUIRED]: 'preconditionRequired',
};

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  /**
   * Why (reasons.ts): on every answer that is not a plain success — each refusal, and a success whose
   * message is not 'ok' (e.g. `dataSyncing`). A client shows its own text for a reason it knows, and
   * the message otherwise.
   */
  reason?: string;
  data: T | null;
}

export const envelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  reason: z.string().optional(),
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

/** `data` of a 41002 answer; `message` is the zh-Hans text of the envelope's reason. */
export interface PreconditionData {
  action: 'realname' | 'platformAuth' | 'bindPhone' | 'payPassword' | 'couponChoose' | 'buyPackage';
  message: string;
}
