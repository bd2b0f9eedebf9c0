import { describe, expect, it, vi } from 'vitest';
import { useLayoutStore } from '../../../stores/layout';
import { useMiniUsersStore } from '../../../stores/mini-users';
import { Fail, mockApi } from '../../../test/render-route';
import { isWechatBrowser, wechatSignIn } from './wechat-sign-in';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI';
const PAGE = 'http://localhost/shop/#/pages/index/loadDomain';

describe('WeChat sign-in at loadDomain', () => {
  it('detects the WeChat browser by MicroMessenger in the user agent', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) Safari/604.1')).toBe(false);
  });

  it('outside WeChat nothing is called', async () => {
    const api = mockApi({});
    expect(await wechatSignIn(undefined, { userAgent: 'Safari', pageUrl: PAGE })).toBe(false);
    expect(api.callsTo('/api/site/wechatInfo')).toHaveLength(0);
  });

  it('inside WeChat, needLogin sends the browser to the authorize URL', async () => {
    const authorizeUrl = `/api/site/wechatAuthorize?type=base&syncRedirect=${encodeURIComponent(PAGE)}&page=login`;
    const api = mockApi({
      '/api/site/wechatInfo': () => ({ needLogin: true, openId: null, nickname: '', avatar: '', authorizeUrl }),
    });
    const go = vi.fn();
    expect(await wechatSignIn(undefined, { userAgent: WECHAT_UA, pageUrl: PAGE, go })).toBe(true);
    expect(api.callsTo('/api/site/wechatInfo')[0]?.query).toEqual({ url: PAGE });
    expect(go).toHaveBeenCalledWith(authorizeUrl);
  });

  it('the openid brought back is stored and sent; a known user is not redirected', async () => {
    const api = mockApi({
      '/api/site/wechatInfo': () => ({
        needLogin: false,
        openId: 'osimAbcdef123456',
        nickname: '微信用户',
        avatar: '',
        authorizeUrl: '',
      }),
    });
    const go = vi.fn();
    expect(await wechatSignIn('osimAbcdef123456', { userAgent: WECHAT_UA, pageUrl: PAGE, go })).toBe(false);
    expect(go).not.toHaveBeenCalled();
    expect(useLayoutStore.getState().platformOpenId).toBe('osimAbcdef123456');
    expect(useMiniUsersStore.getState().wx).toMatchObject({ openId: 'osimAbcdef123456', nickname: '微信用户' });
    expect(api.callsTo('/api/site/wechatInfo')[0]?.headers['platform-open-id']).toBe('osimAbcdef123456');
  });

  it('a failing wechatInfo rejects (loadDomain then goes on without sign-in)', async () => {
    mockApi({ '/api/site/wechatInfo': () => new Fail(-1, '公众号未配置') });
    await expect(wechatSignIn(undefined, { userAgent: WECHAT_UA, pageUrl: PAGE, go: vi.fn() })).rejects.toBeTruthy();
  });
});
