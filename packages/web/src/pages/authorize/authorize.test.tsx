import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLayoutStore } from '../../stores/layout';
import { Fail, mockApi, renderRoute, type StubData } from '../../test/render-route';

const SCENE = '0123456789abcdef0123456789abcdef';

/** An API DateTime (Asia/Shanghai) `ms` from now. */
function shanghai(ms: number): string {
  return new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const ticket = (
  over: Partial<StubData<'/api/site/checkScanAuthorize'>> = {},
): StubData<'/api/site/checkScanAuthorize'> => ({
  scene: SCENE,
  status: 0,
  appName: '好卡商城后台',
  appLogo: '',
  scopes: ['nickname', 'avatar'],
  expireAt: shanghai(4 * 60_000 + 30_000),
  ...over,
});

beforeEach(() => {
  useLayoutStore.getState().patchLayout({ platformOpenId: 'oWxUser0001' });
});

describe('小程序授权', () => {
  it('a fresh ticket shows the app, the scopes and the time left; 确认授权 decides it with the openid', async () => {
    const api = mockApi({
      '/api/site/checkScanAuthorize': () => ticket(),
      '/api/site/updateAuthorizeStatus': (call) => call.body as StubData<'/api/site/updateAuthorizeStatus'>,
    });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    expect(await screen.findByTestId('authorize-app')).toHaveProperty('textContent', '好卡商城后台');
    expect(screen.getByTestId('page-title').textContent).toContain('小程序授权');
    expect(screen.getAllByTestId('authorize-scope').map((el) => el.textContent)).toEqual(['你的昵称', '你的头像']);
    expect(screen.getByTestId('authorize-remaining').textContent).toMatch(/^二维码将在 04:(2\d|30) 后失效$/);
    expect(api.callsTo('/api/site/checkScanAuthorize')[0]?.body).toEqual({ scene: SCENE });

    fireEvent.click(screen.getByTestId('authorize-confirm'));
    const done = await screen.findByTestId('authorize-done');
    expect(done.dataset.status).toBe('1');
    expect(done.textContent).toContain('授权成功');
    const decide = api.callsTo('/api/site/updateAuthorizeStatus')[0];
    expect(decide?.body).toEqual({ scene: SCENE, status: 1 });
    expect(decide?.headers['platform-open-id']).toBe('oWxUser0001');
  });

  it('取消 rejects the ticket and says so', async () => {
    const api = mockApi({
      '/api/site/checkScanAuthorize': () => ticket(),
      '/api/site/updateAuthorizeStatus': (call) => call.body as StubData<'/api/site/updateAuthorizeStatus'>,
    });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    fireEvent.click(await screen.findByTestId('authorize-cancel'));
    expect((await screen.findByTestId('authorize-done')).textContent).toContain('已取消');
    expect(api.callsTo('/api/site/updateAuthorizeStatus')[0]?.body).toEqual({ scene: SCENE, status: 2 });
  });

  it('an expired ticket (status 3) reads 二维码已失效 and offers no buttons', async () => {
    mockApi({ '/api/site/checkScanAuthorize': () => ticket({ status: 3 }) });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    const invalid = await screen.findByTestId('authorize-invalid');
    expect(invalid.dataset.reason).toBe('expired');
    expect(invalid.textContent).toContain('二维码已失效，请重新扫码');
    expect(screen.queryByTestId('authorize-confirm')).toBeNull();
  });

  it('a ticket already decided is not offered again (reuse)', async () => {
    mockApi({ '/api/site/checkScanAuthorize': () => ticket({ status: 1 }) });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    expect((await screen.findByTestId('authorize-invalid')).dataset.reason).toBe('used');
  });

  it('a ticket decided elsewhere meanwhile: the -1 二维码已失效 answer shows the invalid state, not a toast', async () => {
    mockApi({
      '/api/site/checkScanAuthorize': () => ticket(),
      '/api/site/updateAuthorizeStatus': () => new Fail(-1, '二维码已失效'),
    });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    fireEvent.click(await screen.findByTestId('authorize-confirm'));
    expect((await screen.findByTestId('authorize-invalid')).dataset.reason).toBe('used');
  });

  it('the countdown reaching zero turns the page into the expired state', async () => {
    mockApi({ '/api/site/checkScanAuthorize': () => ticket({ expireAt: shanghai(1500) }) });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    await screen.findByTestId('authorize-confirm');
    await waitFor(() => expect(screen.getByTestId('authorize-invalid').dataset.reason).toBe('expired'), {
      timeout: 4000,
    });
  });

  it('an unknown scene or none reads 二维码已失效', async () => {
    mockApi({ '/api/site/checkScanAuthorize': () => new Fail(-1, '二维码不存在') });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    expect((await screen.findByTestId('authorize-invalid')).dataset.reason).toBe('unknown');
  });

  it('a load failure offers 重新加载, which reads the ticket again', async () => {
    let fail = true;
    const api = mockApi({
      '/api/site/checkScanAuthorize': () => (fail ? new Fail(500, 'boom') : ticket()),
    });
    renderRoute(`/pages/authorize/index?scene=${SCENE}`);
    await screen.findByTestId('authorize-error');
    fail = false;
    fireEvent.click(screen.getByTestId('authorize-reload'));
    await screen.findByTestId('authorize-confirm');
    expect(api.callsTo('/api/site/checkScanAuthorize')).toHaveLength(2);
  });
});
