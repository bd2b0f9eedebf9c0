/**
 * The WeChat Official Account (公众号) behind sign-in inside the WeChat browser and the JS-SDK signature
 * (ARCHITECTURE.md "External systems"). `official` talks to api.weixin.qq.com with the app secret;
 * `simulator` answers locally so a development shop and the tests never call WeChat.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Reason } from '@haoka/contract';
import { reasonText } from '@haoka/contract/reasons';

export const WECHAT_GATEWAY_KINDS = ['official', 'simulator'] as const;
export type WechatGatewayKind = (typeof WECHAT_GATEWAY_KINDS)[number];

export interface WechatConfig {
  appId?: string | undefined;
  appSecret?: string | undefined;
  /** A fixed jsapi_ticket (WECHAT_JSAPI_TICKET); when set the secret is not used for the ticket. */
  jsapiTicket?: string | undefined;
  gateway?: WechatGatewayKind | undefined;
}

export interface WechatIdentity {
  openId: string;
  nickname: string;
  avatar: string;
}

export interface WechatGateway {
  readonly name: string;
  /** The current jsapi_ticket (the official gateway caches a fetched one for 7000 s). */
  jsapiTicket(): Promise<string>;
  /** Where the browser signs in; WeChat comes back to `callbackUrl` with `code` and `state`. */
  oauthUrl(input: { callbackUrl: string; state: string; scope: 'snsapi_base' | 'snsapi_userinfo' }): string;
  /** The user behind an OAuth `code`. */
  exchangeCode(code: string): Promise<WechatIdentity>;
}

/** Thrown when WeChat refuses or cannot be reached; the caller answers -1 with the message. */
/** WeChat refused or cannot be reached; `reason` is what the caller is told (`data` its parameters). */
export class WechatUnavailable extends Error {
  constructor(
    readonly reason: Reason,
    readonly data: Record<string, string | number> | null = null,
  ) {
    super(reasonText(reason, data));
    this.name = 'WechatUnavailable';
  }
}

/** JS-SDK signature (WeChat JS-SDK doc, appendix 1): sha1 hex of the four fields in this order. */
export function jsSdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const string1 = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`;
  return createHash('sha1').update(string1).digest('hex');
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomNonce(length = 16): string {
  return Array.from(randomBytes(length), (b) => ALNUM[b % ALNUM.length]).join('');
}
