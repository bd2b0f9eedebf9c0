/**
 * Platform sign-in and authorisation (API.md §3, §6): the mini-users of WeChat, Kuaishou and Douyin,
 * scan-to-authorise tickets (5 min, decided once), the WeChat JS-SDK signature and the WeChat-browser
 * sign-in (wechatInfo → wechatAuthorize → callback).
 */
import { randomBytes } from 'node:crypto';
import { type EndpointData, platformApi } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { jsSignConfigured } from '../../gateways/wechat/create-wechat-gateway.js';
import {
  jsSdkSignature,
  randomNonce,
  type WechatConfig,
  type WechatGateway,
  WechatUnavailable,
} from '../../gateways/wechat/wechat-gateway.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import * as repo from './repository.js';

export type { MiniPlatform } from './repository.js';

/** The JS-SDK interfaces the shop uses (share, scan, pay). */
export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'scanQRCode', 'chooseWXPay'];
/** An OAuth round trip must come back within this time. */
const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** The mini-user platform of a request's `platform` header (API.md §0); a browser counts as WeChat. */
export function miniPlatformOf(platformHeader: string): repo.MiniPlatform {
  if (platformHeader === 'mp-kuaishou') return 'ks';
  if (platformHeader === 'mp-toutiao') return 'dy';
  return 'wx';
}

function requireOpenId(openId: string): string {
  if (!openId) throw fail('openIdMissing');
  return openId;
}

// ---- scan-to-authorise tickets -------------------------------------------------------------------

type TicketView = EndpointData<typeof platformApi.checkScanAuthorize>;
type Scope = (typeof platformApi.AUTHORIZE_SCOPES)[number];

function parseScopes(json: string): Scope[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((s): s is Scope => platformApi.AUTHORIZE_SCOPES.includes(s)) : [];
  } catch {
    return [];
  }
}

/** Issues a ticket for a requesting app (the back-office CLI `authorize-ticket`); returns its scene. */
export async function issueTicket(
  db: DbOrTx,
  input: { appName: string; appLogo?: string; scopes?: Scope[]; ttlMs?: number },
  now = Date.now(),
): Promise<{ scene: string; expireAt: string }> {
  const scene = randomBytes(16).toString('hex');
  const expiresAt = now + (input.ttlMs ?? platformApi.AUTHORIZE_TICKET_TTL_MS);
  await repo.insertTicket(
    db,
    {
      scene,
      appName: input.appName.slice(0, 64),
      appLogo: input.appLogo ?? '',
      scopes: input.scopes ?? ['nickname', 'avatar'],
      expiresAt,
    },
    now,
  );
  return { scene, expireAt: formatDateTime(expiresAt) };
}

/** Reads a ticket (the scanning phone and the polling device) and marks it scanned. */
export async function checkTicket(db: DbOrTx, scene: string, now = Date.now()): Promise<TicketView> {
  const ticket = await repo.findTicket(db, scene);
  if (!ticket) throw fail('qrCodeGone');
  await repo.markScanned(db, scene, now);
  const status = ticket.status === 0 && ticket.expires_at <= now ? 3 : ticket.status;
  return {
    scene,
    status: status as TicketView['status'],
    appName: ticket.app_name,
    appLogo: ticket.app_logo,
    scopes: parseScopes(ticket.scopes_json),
    expireAt: formatDateTime(ticket.expires_at),
  };
}

/**
 * Confirms (1) or rejects (2) a waiting ticket, once. Repeating the same decision by the same user
 * answers 0 again; any other change of a decided or expired ticket is -1 二维码已失效.
 */
export async function decideTicket(
  db: DbOrTx,
  input: { scene: string; status: 1 | 2; openId: string; platform: repo.MiniPlatform },
  now = Date.now(),
) {
  const openId = requireOpenId(input.openId);
  if (await repo.decideTicket(db, input.scene, input.status, openId, now)) {
    await repo.upsertMiniUser(db, input.platform, openId, {}, now);
    return { scene: input.scene, status: input.status };
  }
  const ticket = await repo.findTicket(db, input.scene);
  if (!ticket) throw fail('qrCodeGone');
  if (ticket.status === input.status && ticket.decided_by === openId) {
    return { scene: input.scene, status: input.status };
  }
  throw fail('qrCodeExpired');
}

// ---- mini-users ------------------------------------------------------------------------------------

/** Kuaishou profile sync: the user's nickname and avatar on their ks mini-user. */
export async function updateKsProfile(
  db: DbOrTx,
  input: { openId: string; nickname: string; headPortrait: string },
  now = Date.now(),
) {
  const openId = requireOpenId(input.openId);
  const row = await repo.upsertMiniUser(
    db,
    'ks',
    openId,
    { nickname: input.nickname, head_portrait: input.headPortrait },
    now,
  );
  return { openId: row.open_id, nickname: row.nickname, headPortrait: row.head_portrait };
}

// ---- WeChat ------------------------------------------------------------------------------------------

/** WeChat's refusals become -1 with their message instead of a 500. */
export async function viaWechat<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WechatUnavailable) throw fail(error.reason, error.data);
    throw error;
  }
}

/** GET /api/site/getWxJsSign: refused while the JS-SDK is not configured; the gateway is made only when it is. */
export function signJsSdkIfConfigured(config: WechatConfig | undefined, gateway: () => WechatGateway, pageUrl: string) {
  if (!jsSignConfigured(config)) throw fail('wechatNotConfigured');
  return viaWechat(() => signJsSdk(config, gateway(), pageUrl));
}

/**
 * Sign-in comes back only to a page of this site: the host the request reached (without its port), the
 * client's `hostname` header, or PUBLIC_URL's host.
 */
export function isOwnRedirect(
  syncRedirect: string,
  request: { host: string; clientHostname: string },
  publicUrl: string | undefined,
): boolean {
  const allowed = new Set([request.host.replace(/:\d+$/, ''), request.clientHostname]);
  if (publicUrl) allowed.add(new URL(publicUrl).hostname);
  return allowed.has(new URL(syncRedirect).hostname);
}

export async function signJsSdk(
  config: WechatConfig | undefined,
  gateway: WechatGateway,
  pageUrl: string,
  now = Date.now(),
) {
  const appId = config?.appId ?? '';
  const ticket = await gateway.jsapiTicket();
  const url = pageUrl.split('#')[0] ?? pageUrl;
  const nonceStr = randomNonce();
  const timestamp = Math.floor(now / 1000);
  return {
    appId,
    timestamp,
    nonceStr,
    signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }),
    jsApiList: JS_API_LIST,
  };
}

/** Where the client sends the browser to sign in (API.md §6 wechatAuthorize). */
export function authorizePath(syncRedirect: string, type: 'base' | 'userinfo' = 'base'): string {
  const query = new URLSearchParams({ type, syncRedirect, page: 'login' });
  return `/api/site/wechatAuthorize?${query}`;
}

/** The WeChat-browser identity: known openid (from the header) or the need to sign in. */
export async function wechatInfo(
  db: DbOrTx,
  input: { openId: string; url: string | undefined; signInEnabled: boolean },
): Promise<EndpointData<typeof platformApi.getWechatInfo>> {
  const user = input.openId ? await repo.findMiniUser(db, 'wx', input.openId) : undefined;
  if (user) {
    return {
      needLogin: false,
      openId: user.open_id,
      nickname: user.nickname,
      avatar: user.head_portrait,
      authorizeUrl: '',
    };
  }
  const needLogin = input.signInEnabled;
  return {
    needLogin,
    openId: null,
    nickname: '',
    avatar: '',
    authorizeUrl: needLogin && input.url ? authorizePath(input.url) : '',
  };
}

/** Starts an OAuth round trip: remembers where to come back to and returns WeChat's sign-in URL. */
export async function startWechatSignIn(
  db: DbOrTx,
  gateway: WechatGateway,
  input: { syncRedirect: string; callbackUrl: string; type: 'base' | 'userinfo' },
  now = Date.now(),
): Promise<string> {
  await repo.deleteExpiredOauthStates(db, now);
  const state = randomBytes(12).toString('hex');
  await repo.insertOauthState(db, state, input.syncRedirect, now + OAUTH_STATE_TTL_MS);
  return gateway.oauthUrl({
    callbackUrl: input.callbackUrl,
    state,
    scope: input.type === 'userinfo' ? 'snsapi_userinfo' : 'snsapi_base',
  });
}

/** Finishes it: the openid becomes a wx mini-user and is appended to the page as `platformOpenId`. */
export async function finishWechatSignIn(
  db: DbOrTx,
  gateway: WechatGateway,
  input: { code: string; state: string },
  now = Date.now(),
): Promise<string> {
  const syncRedirect = await repo.takeOauthState(db, input.state, now);
  if (!syncRedirect) throw fail('authorizationExpired');
  const identity = await gateway.exchangeCode(input.code);
  await repo.upsertMiniUser(
    db,
    'wx',
    identity.openId,
    identity.nickname ? { nickname: identity.nickname, head_portrait: identity.avatar } : {},
    now,
  );
  return appendOpenId(syncRedirect, identity.openId);
}

/** Appends platformOpenId to a page URL; with a hash route it goes into the route's query. */
export function appendOpenId(target: string, openId: string): string {
  const hashAt = target.indexOf('#');
  if (hashAt < 0) {
    const url = new URL(target);
    url.searchParams.set('platformOpenId', openId);
    return url.toString();
  }
  const hash = target.slice(hashAt + 1);
  const sep = hash.includes('?') ? '&' : '?';
  return `${target.slice(0, hashAt)}#${hash}${sep}platformOpenId=${encodeURIComponent(openId)}`;
}
