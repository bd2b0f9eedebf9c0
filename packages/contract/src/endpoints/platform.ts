/** Endpoints of platform sign-in and authorisation (API.md §3 wechatInfo, wxJsSign, checkScanAuthorize, updateAuthorizeStatus, ksUpdateProfile). */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { dateTime } from '../schemas/common.js';
import { URL_RE } from '../validators.js';
import { defineEndpoint } from './define.js';

const pageUrl = z
  .string()
  .trim()
  .max(1024)
  .regex(URL_RE, { error: reasonIssue('urlInvalid') });
/** A scan-to-authorise ticket: what the QR code of the requesting device carries. */
export const scene = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z_-]{8,64}$/, { error: reasonIssue('qrCodeGone') });

/** 0 waiting, 1 confirmed, 2 rejected, 3 expired (API.md §3). */
export const AUTHORIZE_STATUS = { waiting: 0, confirmed: 1, rejected: 2, expired: 3 } as const;
export const AUTHORIZE_SCOPES = ['nickname', 'avatar', 'mobile'] as const;
/** A ticket lives this long after it was issued. */
export const AUTHORIZE_TICKET_TTL_MS = 5 * 60_000;

export const getWechatInfo = defineEndpoint({
  method: 'GET',
  path: '/api/site/wechatInfo',
  input: z.object({ url: pageUrl.optional() }),
  data: z.object({
    /** True when WeChat sign-in is configured and this browser's openid is not known yet. */
    needLogin: z.boolean(),
    openId: z.string().nullable(),
    nickname: z.string(),
    avatar: z.string(),
    /** Where to send the browser to sign in ('' when not needed or no `url` was given). */
    authorizeUrl: z.string(),
  }),
  auth: 'none',
});

export const getWxJsSign = defineEndpoint({
  method: 'GET',
  path: '/api/site/wxJsSign',
  input: z.object({ url: pageUrl }),
  data: z.object({
    appId: z.string(),
    timestamp: z.number().int(),
    nonceStr: z.string(),
    signature: z.string(),
    jsApiList: z.array(z.string()),
  }),
  auth: 'none',
});

export const authorizeStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const checkScanAuthorize = defineEndpoint({
  method: 'POST',
  path: '/api/site/checkScanAuthorize',
  input: z.object({ scene }),
  data: z.object({
    scene: z.string(),
    status: authorizeStatus,
    appName: z.string(),
    appLogo: z.string(),
    scopes: z.array(z.enum(AUTHORIZE_SCOPES)),
    expireAt: dateTime,
  }),
  auth: 'none',
});

export const updateAuthorizeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/site/updateAuthorizeStatus',
  input: z.object({
    scene,
    status: z.union([z.literal(1), z.literal(2)], { error: reasonIssue('authStatusInvalid') }),
  }),
  data: z.object({ scene: z.string(), status: z.union([z.literal(1), z.literal(2)]) }),
  auth: 'none',
});

export const ksUpdateProfile = defineEndpoint({
  method: 'POST',
  path: '/api/site/ksUpdateProfile',
  input: z.object({
    nickname: z
      .string()
      .trim()
      .min(1, { error: reasonIssue('nicknameRequired') })
      .max(32, { error: reasonIssue('nicknameTooLong') }),
    headPortrait: z
      .string()
      .trim()
      .max(500)
      .regex(URL_RE, { error: reasonIssue('avatarInvalid') }),
  }),
  data: z.object({ openId: z.string(), nickname: z.string(), headPortrait: z.string() }),
  auth: 'none',
});

/** ADDED (API.md §6): the redirect into WeChat's OAuth page; not enveloped (302). */
export const WECHAT_AUTHORIZE_PATH = '/api/site/wechatAuthorize';
export const wechatAuthorizeQuery = z.object({
  type: z.enum(['base', 'userinfo']).default('base'),
  syncRedirect: pageUrl,
  page: z.literal('login').default('login'),
});
