import { type BaseConfig, DICT_TYPES, type GenericConfig } from '@haoka/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '../platform/history';
import { RouterProvider } from '../platform/router';
import { createQueryClient, Providers } from './providers';
import { AppRoutes } from './router';

const BASE_CONFIG: BaseConfig = {
  front: {
    title: '好卡商城',
    keywords: '',
    description: '',
    logo: '',
    indexCarousel: [],
    bottomTips: '',
    ipcCode: '',
    kefuUrl: '',
    kefuQr: '',
    kefuMobile: '',
    followQr: '',
    shopTemplate: 1,
    fastNav: [],
    suggest: null,
    indexSearch: 0,
    indexFirstGroup: 1,
    showInviteRegister: 0,
  },
  promoCode: 'P1',
  promoName: '默认店铺',
  isAgent: 0,
  domain: 'shop.example.com',
  inviteCode: '',
  douyinMpImId: '',
  kuaishouMpImId: '',
  showPaymentType: ['wxpay'],
  shopMenu: [],
};

const GENERIC_CONFIG: GenericConfig = {
  orderQueryMode: 1,
  loginAvatar: '',
  appUpdate: null,
  smsCodeLength: 6,
  payTimeoutMinutes: { shop: 30, iot: 15 },
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const data =
      path === '/api/hk/baseConfig'
        ? BASE_CONFIG
        : path === '/api/hk/genericConfig'
          ? GENERIC_CONFIG
          : path === '/api/dictData/options'
            ? {}
            : undefined;
    if (data === undefined) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify({ code: 0, message: 'ok', data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderAt(path: string) {
  const router = createMemoryHistory(path);
  const view = render(
    <Providers client={createQueryClient()}>
      <RouterProvider history={router}>
        <AppRoutes />
      </RouterProvider>
    </Providers>,
  );
  return { router, ...view };
}

const requestedPaths = () =>
  fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://localhost').pathname).sort();

describe('app router', () => {
  it('/pages/user/index2 shows the mine page, its title and the tab bar with 我的 selected', async () => {
    renderAt('/pages/user/index2');
    await screen.findByTestId('user-page');
    expect(screen.getByTestId('page-title').textContent).toContain('我的');
    expect(screen.getByRole('navigation', { name: 'tabs' })).toBeTruthy();
    expect(screen.getByTestId('tab-home').textContent).toBe('首页');
    expect(screen.getByTestId('tab-mine').textContent).toBe('我的');
    expect(screen.getByTestId('tab-mine').style.color).toBe('var(--hk-color-tab-selected)');
    expect(screen.getByTestId('tab-home').style.color).toBe('var(--hk-color-tab-text)');
  });

  it('the home page takes its title from the site front config and shows the tab bar', async () => {
    renderAt('/pages/index/index');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toContain('好卡商城'));
    expect(screen.getByRole('navigation', { name: 'tabs' })).toBeTruthy();
  });

  it('a page that is not a tab has no tab bar', async () => {
    renderAt('/pages/authorize/index');
    await screen.findByTestId('authorize-invalid');
    expect(screen.getByTestId('page-title').textContent).toContain('小程序授权');
    expect(screen.queryByRole('navigation', { name: 'tabs' })).toBeNull();
  });

  it('an alias renders the page of its route', async () => {
    renderAt('/pages-sub/vip/index');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toContain('会员中心'));
    expect(document.querySelector('[data-pending-route]')).toBeNull();
  });

  it("an unknown path shows page not found once, in the reader's language", async () => {
    renderAt('/nope');
    const page = await screen.findByTestId('page-not-found');
    // SPEC §8's runtime message is the page's error message; the page says it once, localised.
    expect(page.dataset.errMsg).toBe('page not found');
    expect(page.textContent).toContain('页面不存在');
    expect(page.textContent).toContain('您访问的页面不存在或已下线。');
    expect(page.textContent).not.toContain('page not found');
    expect(document.querySelector('[data-pending-route]')).toBeNull();
  });
});

// Last: after vi.resetModules the modules loaded later (a lazy page's) are new instances, the router's context
// included, which a provider of the modules imported above would not serve.
describe('app start', () => {
  it('loads the site configuration and the dictionary through the request wrapper at start', async () => {
    // Fresh modules: the config fetches are throttled and the dictionary loads once per app start.
    vi.resetModules();
    const fresh = await import('./router');
    const freshProviders = await import('./providers');
    const freshRouter = await import('../platform/router');
    render(
      <freshProviders.Providers client={freshProviders.createQueryClient()}>
        <freshRouter.RouterProvider history={createMemoryHistory('/pages/user/index2')}>
          <fresh.AppRoutes />
        </freshRouter.RouterProvider>
      </freshProviders.Providers>,
    );
    await waitFor(() =>
      expect(requestedPaths()).toEqual(['/api/dictData/options', '/api/hk/baseConfig', '/api/hk/genericConfig']),
    );
    const dictCall = fetchMock.mock.calls.find((call) => String(call[0]).startsWith('/api/dictData/options'));
    const init = dictCall?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body)).types).toEqual([...DICT_TYPES]);
    const baseCall = fetchMock.mock.calls.find((call) => String(call[0]).startsWith('/api/hk/baseConfig'));
    expect(baseCall?.[0]).toBe('/api/hk/baseConfig');
  });
});
