/**
 * SMS verification codes (API.md §2 sendCode, sms/send): rate limits, 6-digit codes kept only as keyed
 * hashes, valid 5 minutes, 5 wrong tries per code; the newest code of a mobile and scene supersedes older ones.
 */

import { randomInt, timingSafeEqual } from 'node:crypto';
import { maskMobile } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { fail, preconditionRequired } from '../../http/app-error.js';
import type { LimitRule, RateLimiter } from '../../http/rate-limit.js';
import { lookupHash } from '../../lib/personal-data.js';
import { formatDateTime } from '../../lib/time.js';
import { findSimByNo } from '../iot-core/repository.js';
import * as repo from './repository.js';

export const SMS_SCENES = ['login', 'order', 'bindMobile', 'payPassword'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
/** The 5th wrong try invalidates the code (API.md §2 sendCode). */
export const SMS_MAX_ATTEMPTS = 5;
const OUTBOX_LIST_MAX = 10;

const DAY_MS = 24 * 3600_000;
/**
 * API.md §0 "Rate limits". The 60-s resend wait is per mobile and scene (ordering, then logging in to
 * follow the order, are two codes the shopper needs within a minute); the day limits are per mobile across
 * every scene and per IP, so a number still gets at most 10 codes a day whatever they are for.
 */
export const SMS_LIMITS = {
  perMobileMinute: { limit: 1, windowMs: SMS_RESEND_MS },
  perMobileDay: { limit: 10, windowMs: DAY_MS },
  perIpDay: { limit: 30, windowMs: DAY_MS },
} satisfies Record<string, LimitRule>;

/** What sending a code needs of the app context. */
export type SmsDeps = Pick<AppContext, 'db' | 'limiter' | 'sms' | 'log'>;

export interface SentCode {
  expireIn: number;
  resendIn: number;
}

function codeHash(mobile: string, scene: string, code: string): string {
  return lookupHash('sms', mobile + scene + code);
}

const minuteKey = (mobile: string, scene: SmsScene) => `sms:minute:${scene}:${mobile}`;

/**
 * The per-minute hit comes first and doubles as the lock against concurrent sends to one mobile and scene;
 * it is released when a later rule refuses, since nothing was sent. A send refused by the IP rule has still
 * counted on the mobile's day (the limiter cannot take a hit back).
 */
async function checkSendLimits(limiter: RateLimiter, mobile: string, scene: SmsScene, ip: string): Promise<void> {
  if (!(await limiter.hit(minuteKey(mobile, scene), SMS_LIMITS.perMobileMinute)).allowed) {
    throw fail('smsTooFrequent');
  }
  const daily: [string, LimitRule][] = [
    [`sms:day:${mobile}`, SMS_LIMITS.perMobileDay],
    [`sms:ip-day:${ip}`, SMS_LIMITS.perIpDay],
  ];
  for (const [key, rule] of daily) {
    if (!(await limiter.hit(key, rule)).allowed) {
      await limiter.reset(minuteKey(mobile, scene));
      throw fail('smsTooFrequent');
    }
  }
}

/** Sends a new code to `mobile` for `scene`; -1 发送太频繁 past the limits. */
export async function sendCode(
  deps: SmsDeps,
  input: { mobile: string; scene: SmsScene; ip: string },
  now = Date.now(),
): Promise<SentCode> {
  await checkSendLimits(deps.limiter, input.mobile, input.scene, input.ip);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await repo.insertCode(deps.db, {
    mobile: input.mobile,
    scene: input.scene,
    codeHash: codeHash(input.mobile, input.scene, code),
    expiresAt: now + SMS_CODE_TTL_MS,
    ip: input.ip || null,
    createdAt: now,
  });
  try {
    await deps.sms.send(input.mobile, input.scene, code);
  } catch (error) {
    // The code never reached the phone: drop it (so the previous one still counts) and allow a resend.
    deps.log.warn({ err: error, gateway: deps.sms.name, scene: input.scene }, 'sms gateway refused a code');
    await repo.deleteCode(deps.db, id);
    await deps.limiter.reset(minuteKey(input.mobile, input.scene));
    throw fail('smsSendFailed');
  }
  return { expireIn: SMS_CODE_TTL_MS / 1000, resendIn: SMS_RESEND_MS / 1000 };
}

/** POST /api/sms/send: codes for the card holder's own scenes. */
export async function sendCardCode(
  deps: SmsDeps,
  input: { scene: 'bindMobile' | 'payPassword'; mobile?: string | undefined; ip: string; simNo: string },
): Promise<SentCode & { maskedMobile: string }> {
  if (input.scene === 'payPassword') {
    // API.md §2: the code goes to the card's own bound mobile, never to one the caller names.
    const card = await findSimByNo(deps.db, input.simNo);
    if (!card?.mobile) throw preconditionRequired('bindPhone', 'bindPhoneFirst');
    const sent = await sendCode(deps, { mobile: card.mobile, scene: 'payPassword', ip: input.ip });
    return { ...sent, maskedMobile: maskMobile(card.mobile) };
  }
  if (!input.mobile) throw fail('mobileRequired', { field: 'mobile' });
  const sent = await sendCode(deps, { mobile: input.mobile, scene: input.scene, ip: input.ip });
  return { ...sent, maskedMobile: maskMobile(input.mobile) };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A code that matched, not yet used up (`useSmsCode`). */
export interface CheckedCode {
  id: number;
}

/**
 * Checks the newest code of `mobile` for `scene` without using it up: -1 验证码错误或已过期 for a wrong or
 * expired code (a wrong one counts a try), -1 验证码已失效，请重新获取验证码 once the code is burned (used, or
 * its 5th wrong try). Call it outside a transaction that may roll back, or the count of a wrong try rolls
 * back with it.
 */
export async function checkSmsCode(
  db: DbOrTx,
  input: { mobile: string; scene: SmsScene; code: string },
  now = Date.now(),
): Promise<CheckedCode> {
  const row = await repo.findLatestCode(db, input.mobile, input.scene);
  if (row && (row.used_at !== null || row.attempts >= SMS_MAX_ATTEMPTS)) throw fail('smsCodeBurned');
  if (!row || row.expires_at <= now) throw fail('smsCodeInvalid');
  if (!sameHash(row.code_hash, codeHash(input.mobile, input.scene, input.code))) {
    await repo.countWrongTry(db, row.id, SMS_MAX_ATTEMPTS);
    throw fail(row.attempts + 1 >= SMS_MAX_ATTEMPTS ? 'smsCodeBurned' : 'smsCodeInvalid');
  }
  return { id: row.id };
}

/**
 * Uses up a checked code; exactly one caller succeeds however many use it at once, the others get -1
 * 验证码已失效，请重新获取验证码. Inside a transaction, a rollback gives the code back (the order it was
 * for was not made).
 */
export async function useSmsCode(db: DbOrTx, checked: CheckedCode, now = Date.now()): Promise<void> {
  if (!(await repo.markCodeUsed(db, checked.id, SMS_MAX_ATTEMPTS, now))) throw fail('smsCodeBurned');
}

/**
 * Checks and uses up the newest code of `mobile` for `scene` (`checkSmsCode`, then `useSmsCode`).
 * Safe under concurrent calls: one code verifies exactly once, and wrong tries never pass the limit.
 * Call it outside a transaction that may roll back, or the count of a wrong try rolls back with it.
 */
export async function verifySmsCode(
  db: DbOrTx,
  input: { mobile: string; scene: SmsScene; code: string },
  now = Date.now(),
): Promise<void> {
  await useSmsCode(db, await checkSmsCode(db, input, now), now);
}

/** GET /api/dev/sms-outbox: the latest codes and notices the outbox gateway "sent" to a mobile, newest first. */
export async function listOutbox(db: DbOrTx, mobile: string) {
  const rows = await repo.listOutbox(db, mobile, OUTBOX_LIST_MAX);
  const notices = await repo.listOutboxNotices(db, mobile, OUTBOX_LIST_MAX);
  return {
    list: rows.map((r) => ({
      mobile: r.mobile,
      scene: r.scene,
      code: r.code,
      createdAt: formatDateTime(r.created_at),
    })),
    notices: notices.map((r) => ({
      mobile: r.mobile,
      template: r.template,
      params: JSON.parse(r.params_json) as Record<string, string>,
      createdAt: formatDateTime(r.created_at),
    })),
  };
}
