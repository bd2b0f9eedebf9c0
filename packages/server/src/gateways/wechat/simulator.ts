/**
 * A local stand-in for the Official Account: the OAuth page is skipped (the browser goes straight back
 * to the callback with a simulated code) and a code always maps to the same openid. The jsapi_ticket
 * is the configured one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type WechatConfig, type WechatGateway, WechatUnavailable } from './wechat-gateway.js';

/** The openid the simulator gives a code. */
export function simulatedOpenId(code: string): string {
  return `osim${createHash('sha256').update(code).digest('base64url').slice(0, 24)}`;
}

export function createWechatSimulator(config: WechatConfig): WechatGateway {
  return {
    name: 'simulator',
    async jsapiTicket() {
      if (!config.jsapiTicket) throw new WechatUnavailable('wechatNotConfigured');
      return config.jsapiTicket;
    },
    oauthUrl({ callbackUrl, state }) {
      const url = new URL(callbackUrl);
      url.searchParams.set('code', `sim${randomBytes(12).toString('hex')}`);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchangeCode(code) {
      if (!/^sim[0-9a-f]{24}$/.test(code)) throw new WechatUnavailable('wechatAuthFailed');
      return { openId: simulatedOpenId(code), nickname: '', avatar: '' };
    },
  };
}
