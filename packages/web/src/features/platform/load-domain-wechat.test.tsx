import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLayoutStore } from '../../stores/layout';
import { locationOf, mockApi, renderRoute } from '../../test/render-route';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI';
let run = 0;

beforeEach(() => {
  // Config fetches are throttled to one per second (SPEC §9): each test starts in its own second.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2031, 0, 1) + ++run * 10_000);
});

describe('loadDomain inside WeChat', () => {
  it('asks wechatInfo after the dictionary and stays on the spinner while the browser leaves to sign in', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const api = mockApi({
      '/api/site/wechatInfo': () => ({
        needLogin: true,
        openId: null,
        nickname: '',
        avatar: '',
        authorizeUrl: '/api/site/wechatAuthorize?type=base&syncRedirect=x&page=login',
      }),
    });
    const { router } = renderRoute('/pages/index/loadDomain?redirect=%2Fpages%2Fuser%2Findex2');
    await waitFor(() => expect(api.callsTo('/api/site/wechatInfo')).toHaveLength(1));
    const paths = api.calls.map((c) => c.path);
    expect(paths.indexOf('/api/site/wechatInfo')).toBeGreaterThan(paths.indexOf('/api/dictData/options'));
    expect(api.callsTo('/api/site/wechatInfo')[0]?.query.url).toMatch(/^https?:\/\//);
    await new Promise((r) => setTimeout(r, 50));
    expect(locationOf(router)).toBe('/pages/index/loadDomain?redirect=%2Fpages%2Fuser%2Findex2');
    expect(screen.getByTestId('load-domain-loading')).toBeTruthy();
  });

  it('back from sign-in: stores platformOpenId, sends it, and goes on to the redirect', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const api = mockApi({
      '/api/site/wechatInfo': () => ({
        needLogin: false,
        openId: 'osimBack0001',
        nickname: '',
        avatar: '',
        authorizeUrl: '',
      }),
    });
    const { router } = renderRoute(
      '/pages/index/loadDomain?redirect=%2Fpages%2Fuser%2Findex2&platformOpenId=osimBack0001',
    );
    await waitFor(() => expect(locationOf(router)).toBe('/pages/user/index2'));
    expect(useLayoutStore.getState().platformOpenId).toBe('osimBack0001');
    expect(api.callsTo('/api/site/wechatInfo')[0]?.headers['platform-open-id']).toBe('osimBack0001');
  });

  it('outside WeChat wechatInfo is not called', async () => {
    const api = mockApi({});
    const { router } = renderRoute('/pages/index/loadDomain?redirect=%2Fpages%2Fuser%2Findex2');
    await waitFor(() => expect(locationOf(router)).toBe('/pages/user/index2'));
    expect(api.callsTo('/api/site/wechatInfo')).toHaveLength(0);
  });
});
