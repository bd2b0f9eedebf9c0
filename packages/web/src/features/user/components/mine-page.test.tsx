import type { BaseConfig } from '@haoka/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { setLocale } from '../../../i18n';
import { useCacheStore } from '../../../stores/cache';
import { useIotStore } from '../../../stores/iot';
import { useLayoutStore } from '../../../stores/layout';
import { useUserStore } from '../../../stores/user';
import { dialogButtons } from '../../../test/dom';
import { fakeRouter } from '../../../test/router';
import { MinePage } from './mine-page';

function baseConfig(patch: Partial<BaseConfig> = {}): BaseConfig {
  return {
    front: {
      title: '好卡商城',
      keywords: '',
      description: '',
      logo: '',
      indexCarousel: [],
      bottomTips: '',
      ipcCode: '',
      kefuUrl: 'https://kefu.example.com/chat',
      kefuQr: '',
      kefuMobile: '400-000-0000',
      followQr: '',
      shopTemplate: 1,
      fastNav: [],
      suggest: null,
      indexSearch: 0,
      indexFirstGroup: 1,
      showInviteRegister: 1,
    },
    promoCode: 'demo',
    promoName: '好卡演示店',
    isAgent: 0,
    domain: '',
    inviteCode: 'HK2026',
    douyinMpImId: '',
    kuaishouMpImId: '',
    showPaymentType: ['wxpay'],
    shopMenu: [],
    ...patch,
  };
}

let config: BaseConfig;
let run = 0;

beforeEach(() => {
  config = baseConfig();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 0, message: 'ok', data: config }), { status: 200 })),
  );
  useUserStore.getState().clearUser();
  useIotStore.getState().logoutCard();
  useCacheStore.getState().patchCache({ baseConfig: null });
  // baseConfig fetches are throttled per promoter for 1 s: a promoter of its own per test gets its own answer.
  run += 1;
  useLayoutStore.getState().patchLayout({ promoCode: `p${run}` });
});

function renderMine(standalone = false) {
  const router = fakeRouter(standalone ? '/pages/user/index' : '/pages/user/index2');
  const view = render(
    <Providers client={createQueryClient()}>
      <MinePage standalone={standalone} />
    </Providers>,
  );
  return { router, ...view };
}

const menuLabels = () =>
  Array.from(screen.getByTestId('user-menu').querySelectorAll('.adm-list-item-content-main'), (e) => e.textContent);

describe('MinePage', () => {
  it('logged out: the login button with the redirect back, the default menu, no logout, the version', async () => {
    const { router } = renderMine();
    expect(screen.getByTestId('user-header-guest').textContent).toContain('登录/查询订单');
    expect(screen.queryByTestId('user-header-member')).toBeNull();
    expect(screen.queryByTestId('user-logout')).toBeNull();
    expect(screen.getByTestId('user-version').textContent).toBe('版本 1.2.1');
    expect(menuLabels()).toEqual([
      '我的订单',
      '物联卡自助服务',
      '客服中心',
      '常见问题',
      '交易条款',
      '服务承诺',
      '关于我们',
    ]);
    fireEvent.click(screen.getByTestId('user-login'));
    expect(router.navigate).toHaveBeenCalledWith('/pages/login/index?redirect=%2Fpages%2Fuser%2Findex2', {});
  });

  it('the nickname an SMS login gives (用户 + last four digits) reads in the active language', async () => {
    useUserStore.getState().setUser({ mobile: '138****5678', nickname: '用户5678', avatar: '' });
    renderMine();
    expect(screen.getByTestId('user-nickname').textContent).toBe('用户5678');
    await act(() => setLocale('en'));
    expect(screen.getByTestId('user-nickname').textContent).toBe('User 5678');
  });

  it('logged in: masked mobile, nickname and avatar; logout asks, then clears the stored user', async () => {
    useUserStore.getState().setUser({ mobile: '13800138000', nickname: '小明', avatar: '/a.png' });
    renderMine();
    expect(screen.getByTestId('user-mobile').textContent).toBe('138****8000');
    expect(screen.getByTestId('user-nickname').textContent).toBe('小明');
    expect(screen.getByTestId('user-header-member').querySelector('img')?.getAttribute('src')).toBe('/a.png');
    fireEvent.click(screen.getByTestId('user-logout'));
    await waitFor(() => expect(dialogButtons()).toContain('确定'));
    const ok = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find((b) => b.textContent === '确定');
    fireEvent.click(ok as Element);
    await waitFor(() => expect(useUserStore.getState().mobile).toBe(''));
    await waitFor(() => expect(screen.getByTestId('user-header-guest')).toBeTruthy());
  });

  it('every entry has its own icon', () => {
    renderMine();
    const items = Array.from(screen.getByTestId('user-menu').querySelectorAll('.adm-list-item'));
    expect(items).toHaveLength(7);
    const drawings = items.map((item) => {
      const icon = item.querySelector('.user-menu__icon svg');
      expect(icon, item.textContent ?? '').not.toBeNull();
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
      return icon?.innerHTML ?? '';
    });
    expect(new Set(drawings).size).toBe(items.length);
  });

  it('the order shortcuts open the order list on their status', () => {
    const { router } = renderMine();
    fireEvent.click(screen.getByTestId('user-order-2'));
    expect(router.navigate).toHaveBeenCalledWith('/pages/order/index?status=2', {});
  });

  it('the IoT item goes to the card home when a card is logged in', () => {
    useIotStore.getState().loginCard('89860000001');
    const { router } = renderMine();
    fireEvent.click(screen.getByTestId('user-menu-iot'));
    expect(router.navigate).toHaveBeenCalledWith('/pages/iot/index/index', {});
  });

  it('the promoter’s shopMenu hides, renames and reorders the items', async () => {
    config = baseConfig({
      shopMenu: [
        { key: 'about', name: '品牌故事', path: '', switch: 1 },
        { key: 'iot', name: '', path: '', switch: 0 },
      ],
    });
    renderMine();
    await waitFor(() => expect(menuLabels()[0]).toBe('品牌故事'));
    expect(menuLabels()).toEqual(['品牌故事', '我的订单', '客服中心', '常见问题', '交易条款', '服务承诺']);
  });

  it('the standalone page shows the agent block for an agent, the tab page never does', async () => {
    config = baseConfig({ isAgent: 1 });
    renderMine(true);
    const agent = await screen.findByTestId('user-agent');
    expect(agent.textContent).toContain('好卡演示店');
    expect(screen.getByTestId('user-invite-code').textContent).toBe('HK2026');
    expect(screen.getByTestId('user-invite-register').textContent).toContain('邀请注册');
  });

  it('no agent block for a shop that is not an agent', async () => {
    const { container } = renderMine(true);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="user-agent"]')).toBeNull();
  });
});
