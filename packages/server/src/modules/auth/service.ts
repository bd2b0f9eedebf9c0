/**
 * Shopper login for order query (API.md §6 shop/login, shop/logout; SCREENS.md /pages/login/index): by SMS
 * code or by the ID suffix of an order (genericConfig.orderQueryMode), with failures limited per IP and mobile.
 */
import { defaultShopperNickname, maskMobile } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import type { LimitRule, RateLimiter } from '../../http/rate-limit.js';
import { createSession, type SessionRow, setShopperMobile } from '../../http/sessions.js';
import { lookupHash } from '../../lib/personal-data.js';
import { viewQuestion } from '../content/service.js';
import { findAgentByOwnerMobile } from '../site/repository.js';
import { getGenericConfig } from '../site/service.js';
import { verifySmsCode } from '../sms/service.js';
import * as repo from './repository.js';

/** System article (content module) holding the shopper login agreement; seeded by seed/protocols.ts. */
export const LOGIN_PROTOCOL_CODE = 'login_protocol';

/** API.md §0 applies this to simLogin; the shopper login gets the same, per IP and per mobile. */
export const LOGIN_FAILURE_RULE: LimitRule = { limit: 10, windowMs: 10 * 60_000 };

export interface LoginInput {
  mobile: string;
  code?: string | undefined;
  idCardLast6?: string | undefined;
}

export interface LoginCaller {
  ip: string;
  orderSessionId: string;
  /** The session named by the request, if any: its cards move to the new session, then it is deleted. */
  session: SessionRow | undefined;
}

export interface LoginResult {
  sessionId: string;
  user: { mobile: string; nickname: string; avatar: string };
  isAgent: 0 | 1;
}

const ipKey = (ip: string) => `login:fail-ip:${ip}`;
const mobileKey = (mobile: string) => `login:fail-mobile:${mobile}`;

async function proveMobile(db: DbOrTx, mode: 1 | 2, input: LoginInput): Promise<void> {
  if (mode === 1) {
    await verifySmsCode(db, { mobile: input.mobile, scene: 'login', code: input.code ?? '' });
    return;
  }
  const last6 = (input.idCardLast6 ?? '').toUpperCase();
  if (!(await repo.hasOrderOfMobile(db, input.mobile, lookupHash('idcard-last6', last6)))) {
    throw fail('noOrderOfMobile');
  }
}

/**
 * Logs a shopper in and answers a fresh session id: the id the client sent is never promoted (session
 * fixation); its card authorisations move to the new session so the IoT pages stay logged in.
 * Failures are counted per IP and per mobile. The mobile's counter is hit before the check so concurrent
 * guesses cannot slip past it, and a success clears it; the IP's counter counts failures only.
 */
export async function loginShopper(
  deps: { db: DbOrTx; limiter: RateLimiter },
  input: LoginInput,
  caller: LoginCaller,
): Promise<LoginResult> {
  const { db, limiter } = deps;
  const generic = await getGenericConfig(db);
  const mode = generic.orderQueryMode;
  if (mode === 1 && !input.code) throw fail('smsCodeFormat', { field: 'code' });
  if (mode === 2 && !input.idCardLast6) throw fail('idCardLast6Required', { field: 'idCardLast6' });

  if ((await limiter.peek(ipKey(caller.ip), LOGIN_FAILURE_RULE)).count >= LOGIN_FAILURE_RULE.limit) {
    throw fail('loginTooMany');
  }
  if (!(await limiter.hit(mobileKey(input.mobile), LOGIN_FAILURE_RULE)).allowed) throw fail('loginTooMany');
  try {
    await proveMobile(db, mode, input);
  } catch (error) {
    await limiter.hit(ipKey(caller.ip), LOGIN_FAILURE_RULE);
    throw error;
  }
  await limiter.reset(mobileKey(input.mobile));

  const old = caller.session;
  const sessionId = await db.transaction().execute(async (tx) => {
    const id = await createSession(tx, {
      mobile: input.mobile,
      orderSessionId: caller.orderSessionId || old?.order_session_id || null,
      openId: old?.open_id ?? null,
    });
    if (old) await repo.replaceSession(tx, old.id, id);
    return id;
  });
  const agent = await findAgentByOwnerMobile(db, input.mobile);
  return {
    sessionId,
    user: {
      mobile: maskMobile(input.mobile),
      nickname: defaultShopperNickname(input.mobile),
      avatar: generic.loginAvatar,
    },
    isAgent: agent ? 1 : 0,
  };
}

/** Clears the shopper mobile of the caller's session (card authorisations stay); a no-op without one. */
export async function logoutShopper(db: DbOrTx, session: SessionRow | undefined): Promise<null> {
  if (session) await setShopperMobile(db, session.id, null);
  return null;
}

/** GET /api/site/loginProtocol; `version` is the day of the last edit, YYYYMMDD in Shanghai time. */
export async function getLoginProtocol(db: DbOrTx) {
  const article = await viewQuestion(db, { code: LOGIN_PROTOCOL_CODE });
  return {
    title: article.title,
    content: article.content,
    version: article.updatedAt.slice(0, 10).replaceAll('-', ''),
    updatedAt: article.updatedAt,
  };
}
