/**
 * WeChat-browser sign-in during loadDomain (SPEC §7, SCREENS §1): a `platformOpenId` brought back by
 * the sign-in round trip is stored (layout and the wx mini-user); then, inside WeChat only,
 * GET /api/site/wechatInfo, and when it answers needLogin the browser goes to its authorizeUrl.
 */
import { isWechatUserAgent, platformApi } from '@haoka/contract';
import { API_BASE, request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';
import { useMiniUsersStore } from '../../../stores/mini-users';

/** Inside the WeChat browser (its user agent says MicroMessenger: the contract's one detection). */
export function isWechatBrowser(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return isWechatUserAgent(userAgent);
}

/** Remembers the openid the sign-in round trip appended to the page. */
export function rememberOpenId(openId: string | undefined): void {
  if (!openId || !/^[\w-]{6,128}$/.test(openId)) return;
  useLayoutStore.getState().patchLayout({ platformOpenId: openId });
  useMiniUsersStore.getState().patchMiniUser('wx', { openId });
}

/**
 * Runs the WeChat step; resolves true when the browser is being sent away to sign in (the caller then
 * stops), false to go on. Outside WeChat nothing is called.
 */
export async function wechatSignIn(
  openIdFromQuery: string | undefined,
  options: { userAgent?: string; pageUrl?: string; go?: (url: string) => void } = {},
): Promise<boolean> {
  rememberOpenId(openIdFromQuery);
  if (!isWechatBrowser(options.userAgent)) return false;
  const pageUrl = options.pageUrl ?? location.href;
  const info = await request(platformApi.getWechatInfo, { url: pageUrl });
  if (info.openId) {
    useMiniUsersStore.getState().patchMiniUser('wx', {
      openId: info.openId,
      nickname: info.nickname,
      headPortrait: info.avatar,
    });
  }
  if (!info.needLogin || !info.authorizeUrl) return false;
  const target = info.authorizeUrl.startsWith('/') ? `${API_BASE}${info.authorizeUrl}` : info.authorizeUrl;
  (options.go ?? ((url: string) => location.assign(url)))(target);
  return true;
}
