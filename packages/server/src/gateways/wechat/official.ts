/**
 * The real Official Account: access_token → jsapi_ticket (cached 7000 s, API.md §3) and OAuth code →
 * openid. Used only when WECHAT_GATEWAY=official with WECHAT_APP_ID and WECHAT_APP_SECRET; the tests and
 * the demo never reach it.
 */
import { type WechatConfig, type WechatGateway, type WechatIdentity, WechatUnavailable } from './wechat-gateway.js';

const API = 'https://api.weixin.qq.com';
const TICKET_CACHE_MS = 7000_000;

async function getJson(url: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new WechatUnavailable('wechatUnavailable');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    throw new WechatUnavailable('wechatError', { errcode: String(body.errcode) });
  }
  return body;
}

export function createOfficialWechat(config: WechatConfig): WechatGateway {
  let cached: { ticket: string; until: number } | null = null;
  const appId = config.appId ?? '';
  const secret = config.appSecret ?? '';
  return {
    name: 'official',
    async jsapiTicket() {
      if (config.jsapiTicket) return config.jsapiTicket;
      if (cached && cached.until > Date.now()) return cached.ticket;
      const token = await getJson(
        `${API}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(secret)}`,
      );
      const ticket = await getJson(
        `${API}/cgi-bin/ticket/getticket?type=jsapi&access_token=${encodeURIComponent(String(token.access_token ?? ''))}`,
      );
      if (typeof ticket.ticket !== 'string') throw new WechatUnavailable('wechatUnavailable');
      cached = { ticket: ticket.ticket, until: Date.now() + TICKET_CACHE_MS };
      return ticket.ticket;
    },
    oauthUrl({ callbackUrl, state, scope }) {
      const query = new URLSearchParams({
        appid: appId,
        redirect_uri: callbackUrl,
        response_type: 'code',
        scope,
        state,
      });
      return `https://open.weixin.qq.com/connect/oauth2/authorize?${query}#wechat_redirect`;
    },
    async exchangeCode(code): Promise<WechatIdentity> {
      const token = await getJson(
        `${API}/sns/oauth2/access_token?appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(secret)}&code=${encodeURIComponent(code)}&grant_type=authorization_code`,
      );
      const openId = typeof token.openid === 'string' ? token.openid : '';
      if (!openId) throw new WechatUnavailable('wechatAuthFailed');
      if (token.scope !== 'snsapi_userinfo') return { openId, nickname: '', avatar: '' };
      const info = await getJson(
        `${API}/sns/userinfo?access_token=${encodeURIComponent(String(token.access_token ?? ''))}&openid=${encodeURIComponent(openId)}&lang=zh_CN`,
      );
      return {
        openId,
        nickname: typeof info.nickname === 'string' ? info.nickname.slice(0, 64) : '',
        avatar: typeof info.headimgurl === 'string' ? info.headimgurl.slice(0, 500) : '',
      };
    },
  };
}
