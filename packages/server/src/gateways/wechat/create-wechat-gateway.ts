/** Picks the WeChat gateway of the configuration (WECHAT_GATEWAY). */
import { createOfficialWechat } from './official.js';
import { createWechatSimulator } from './simulator.js';
import type { WechatConfig, WechatGateway } from './wechat-gateway.js';

/** The JS-SDK can be signed: an app id plus a fixed ticket or (official) the secret to fetch one. */
export function jsSignConfigured(config: WechatConfig | undefined): boolean {
  if (!config?.appId) return false;
  return Boolean(config.jsapiTicket || (config.gateway === 'official' && config.appSecret));
}

/** WeChat sign-in works: an app id, plus the secret when the gateway is the real one. */
export function signInConfigured(config: WechatConfig | undefined): boolean {
  if (!config?.appId) return false;
  return config.gateway !== 'official' || Boolean(config.appSecret);
}

export function createWechatGateway(config: WechatConfig): WechatGateway {
  return config.gateway === 'official' ? createOfficialWechat(config) : createWechatSimulator(config);
}
