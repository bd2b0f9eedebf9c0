import type { SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDay, packageDetailsFixture } from '../../../features/iot-buy/test-fixtures';
import { layoutFixture, menuFixture, simFixture } from '../../../features/iot-core/sim-fixture';
import { couponFixture, vipOrderFixture } from '../../../features/iot-user/test-fixtures';
import { useCacheStore } from '../../../stores/cache';
import { useIotStore } from '../../../stores/iot';
import { bodyText, dialogButtons, expectNoOverlay, settle } from '../../../test/dom';
import {
  baseConfigFixture,
  Fail,
  locationOf,
  mockApi,
  renderRoute,
  SIM_LOGIN_CONFIG,
} from '../../../test/render-route';

const MINE = '/pages-sub/iot/user/index';
const CARD = '89860012345678901234';
const OTHER = 'OTHER00001';

const COUPONS = packageDetailsFixture({
  coupons: [couponFixture({ id: 1 }), couponFixture({ id: 2 }), couponFixture({ id: 3, status: 4, usable: false })],
});

const userLayout = (patch: Partial<SimInfo['simLayout']['user']> = {}) => ({
  elements: [menuFixture(1, { name: '积分明细', path: '/pages-sub/iot/integralLog/index' })],
  carousels: [{ image: '/banner/task.png', path: '/pages-sub/iot/task/index' }],
  maxMenuTimes: 10,
  service: { title: '7×24小时在线客服', kefuUrl: 'https://kefu.example.com', mobile: '4008001234', qr: '/qr.png' },
  ...patch,
});

function mineSim(patch: Partial<SimInfo> = {}, user: Partial<SimInfo['simLayout']['user']> = {}): SimInfo {
  return simFixture({
    simLayout: layoutFixture({
      logo: '/static/iot/logo.png',
      user: userLayout(user),
      tabBar: {
        switch: 1,
        middleBulge: 0,
        items: [
          { text: '首页', icon: '/t/h.png', selectedIcon: '', path: '/pages/iot/index/index', switch: 1 },
          { text: '我的', icon: '/t/u.png', selectedIcon: '/t/u1.png', path: MINE, switch: 1 },
        ],
      },
    }),
    ...patch,
  });
}

function withCard(simNo = CARD, loginSns = [simNo]) {
  useIotStore.setState({ simNo, loginSns });
}

const dialogButton = (text: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('.adm-dialog-button')).find(
    (b) => b.textContent === text,
  ) as HTMLElement;

/** The throttle of simInfo is 1000 ms per card: step past it before asking again. */
const afterThrottle = () => vi.setSystemTime(Date.now() + 2000);

beforeEach(() => {
  freshDay();
  useCacheStore.setState({ baseConfig: null, genericConfig: null });
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

describe('我的（物联卡）', () => {
  it('shows the head, assets, VIP card, carousel, entries, service, logout and the tab bar', async () => {
    withCard();
    const api = mockApi({
      '/api/iot/simInfo': () => mineSim(),
      '/api/iot/packageDetails': () => COUPONS,
    });
    renderRoute(MINE);
    await screen.findByTestId('user-head');
    expect(screen.getByTestId('page-title').textContent).toContain('我的');
    expect(screen.getByTestId('user-avatar').querySelector('img')?.getAttribute('src')).toBe('/static/iot/logo.png');
    expect(screen.getByTestId('user-card-no').textContent).toBe(CARD);
    expect(screen.getByTestId('user-operator').dataset.operator).toBe('1');
    expect(screen.getByTestId('user-status-tag').textContent).toBe('正常');
    expect(screen.getByTestId('user-auth-tag').textContent).toBe('已实名');

    const value = (key: string) => within(screen.getByTestId(`user-asset-${key}`)).getByTestId('user-asset-value');
    expect(value('balance').textContent).toBe('¥12.50');
    expect(value('integral').textContent).toBe('120');
    expect(value('couponCoin').textContent).toBe('30');
    await waitFor(() => expect(value('coupons').textContent).toBe('2'));
    // The coupons are the card's own: packageDetails without a package.
    expect(api.callsTo('/api/iot/packageDetails')[0]?.query).toEqual({});

    expect(screen.getByTestId('user-vip').dataset.state).toBe('none');
    expect(screen.getAllByTestId('user-carousel-image').length).toBeGreaterThanOrEqual(1);
    expect(within(screen.getByTestId('user-entries')).getByText('积分明细')).toBeTruthy();
    const service = screen.getByTestId('user-service');
    expect(service.textContent).toContain('7×24小时在线客服');
    expect(screen.getByTestId('user-service-phone').getAttribute('href')).toBe('tel:4008001234');
    expect(screen.getByTestId('user-logout').textContent).toBe('退出登录');
    expect(screen.getAllByTestId('iot-tab').map((t) => t.textContent)).toEqual(['首页', '我的']);
  });

  it('a device shows its device number and the operator image 99', async () => {
    const sim = mineSim({ sourceType: 2, deviceNo: 'DEV20260001', operatorType: 2 });
    withCard();
    mockApi({ '/api/iot/simInfo': () => sim, '/api/iot/packageDetails': () => COUPONS });
    renderRoute(MINE);
    await screen.findByTestId('user-head');
    expect(screen.getByTestId('user-card-no').textContent).toBe('DEV20260001');
    expect(screen.getByTestId('user-operator').dataset.operator).toBe('99');
    expect(screen.getByTestId('user-operator').querySelector('img')?.getAttribute('src')).toMatch(
      /static\/operator\/99\.png$/,
    );
  });

  it('asks simInfo on every show, not only when the cache is stale', async () => {
    withCard();
    const api = mockApi({ '/api/iot/simInfo': () => mineSim(), '/api/iot/packageDetails': () => COUPONS });
    const { router } = renderRoute(MINE);
    await screen.findByTestId('user-head');
    expect(api.callsTo('/api/iot/simInfo')).toHaveLength(1);
    afterThrottle();
    await router.navigate('/pages-sub/iot/user/asset');
    await screen.findByTestId('user-asset-page');
    afterThrottle();
    await router.navigate(MINE);
    await screen.findByTestId('user-head');
    await waitFor(() => expect(api.callsTo('/api/iot/simInfo')).toHaveLength(3));
  });

  it('each asset tile opens its screen', async () => {
    withCard();
    mockApi({ '/api/iot/simInfo': () => mineSim(), '/api/iot/packageDetails': () => COUPONS });
    const { router } = renderRoute(MINE);
    const targets = {
      balance: '/pages/iot/index/balance/index',
      integral: '/pages-sub/iot/integralLog/index',
      couponCoin: '/pages-sub/iot/couponExchange/order',
      coupons: '/pages/iot/index/package/details/SelectCoupon/index',
    };
    for (const [key, path] of Object.entries(targets)) {
      fireEvent.click(await screen.findByTestId(`user-asset-${key}`));
      await waitFor(() => expect(locationOf(router)).toBe(path));
      await router.navigate(MINE);
    }
  });

  it('a coupon count that cannot be read shows a dash, quietly', async () => {
    withCard();
    mockApi({
      '/api/iot/simInfo': () => mineSim(),
      '/api/iot/packageDetails': () => new Fail(40001, '当前访问的功能模块暂未开放，敬请期待！'),
    });
    renderRoute(MINE);
    const tile = await screen.findByTestId('user-asset-coupons');
    await settle();
    expect(within(tile).getByTestId('user-asset-value').textContent).toBe('--');
    await expectNoOverlay();
  });

  it('shows the first maxMenuTimes entries then 更多 → user/moreMenu; an http entry opens the web view', async () => {
    const elements = [
      ...Array.from({ length: 5 }, (_, i) => menuFixture(i + 1)),
      menuFixture(6, { name: '在线帮助', path: 'https://help.example.com/faq' }),
      menuFixture(7, { name: '已关闭', switch: 0 }),
    ];
    withCard();
    mockApi({
      '/api/iot/simInfo': () => mineSim({}, { elements, maxMenuTimes: 4 }),
      '/api/iot/packageDetails': () => COUPONS,
    });
    const { router } = renderRoute(MINE);
    const grid = await screen.findByTestId('user-entries');
    expect(
      within(grid)
        .getAllByTestId('iot-menu-item')
        .map((m) => m.textContent),
    ).toEqual(['服务1', '服务2', '服务3', '服务4', '更多']);
    fireEvent.click(within(grid).getByText('更多'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/user/moreMenu'));
    await screen.findAllByTestId('user-more-item');
    expect(screen.getAllByTestId('user-more-item').map((m) => m.textContent)).toEqual([
      '服务1',
      '服务2',
      '服务3',
      '服务4',
      '服务5',
      '在线帮助',
    ]);
    expect(bodyText()).not.toContain('已关闭');
    fireEvent.click(screen.getByText('在线帮助'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/webview/index'));
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://help.example.com/faq');
  });

  it('at most maxMenuTimes entries: no 更多 when they all fit; no elements, no grid', async () => {
    withCard();
    mockApi({
      '/api/iot/simInfo': () =>
        useIotStore.getState().simNo === OTHER
          ? mineSim({ simNo: OTHER }, { elements: [] })
          : mineSim({}, { elements: [menuFixture(1), menuFixture(2)], maxMenuTimes: 2 }),
      '/api/iot/packageDetails': () => COUPONS,
    });
    withCard(CARD, [CARD, OTHER]);
    renderRoute(MINE);
    const grid = await screen.findByTestId('user-entries');
    expect(
      within(grid)
        .getAllByTestId('iot-menu-item')
        .map((m) => m.textContent),
    ).toEqual(['服务1', '服务2']);
    afterThrottle();
    useIotStore.getState().switchCard(OTHER);
    await waitFor(() => expect(screen.getByTestId('user-card-no').textContent).toBe(OTHER));
    expect(screen.queryByTestId('user-entries')).toBeNull();
  });

  describe('VIP card', () => {
    it('a valid membership: name, logo, 有效期至 endAt, up to four privilege icons; a tap opens the member centre', async () => {
      withCard();
      mockApi({
        '/api/iot/simInfo': () => mineSim({ vipOrder: vipOrderFixture() }),
        '/api/iot/packageDetails': () => COUPONS,
      });
      const { router } = renderRoute(MINE);
      const card = await screen.findByTestId('user-vip');
      expect(card.dataset.state).toBe('valid');
      expect(within(card).getByTestId('user-vip-name').textContent).toContain('黄金会员');
      expect(card.querySelector('img')?.getAttribute('src')).toBe('/static/vip/gold.png');
      expect(within(card).getByTestId('user-vip-period').textContent).toBe('有效期至 2026-02-01');
      expect(
        within(card)
          .getAllByTestId('user-vip-privilege')
          .map((p) => p.textContent),
      ).toEqual(['流量加赠', '专属客服', '积分翻倍', '加速特权']);
      // A privilege icon given as a short code is drawn, never requested as an image.
      expect(card.querySelector('img[src="service"]')).toBeNull();
      expect(within(card).queryByTestId('user-vip-queued')).toBeNull();
      fireEvent.click(within(card).getByTestId('user-vip-head'));
      await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/vip/index'));
    });

    it('a queued membership reads 待生效 with its start', async () => {
      withCard();
      mockApi({
        '/api/iot/simInfo': () =>
          mineSim({
            vipOrder: vipOrderFixture({ validTag: 0, status: 2, startAt: '2026-03-01 00:00:00', endAt: null }),
          }),
        '/api/iot/packageDetails': () => COUPONS,
      });
      renderRoute(MINE);
      const card = await screen.findByTestId('user-vip');
      expect(card.dataset.state).toBe('queued');
      expect(within(card).getByTestId('user-vip-queued').textContent).toBe('待生效');
      expect(within(card).getByTestId('user-vip-period').textContent).toBe('2026-03-01 起生效');
    });

    it('none (or an expired one) offers 开通会员 → the member centre', async () => {
      withCard();
      mockApi({
        '/api/iot/simInfo': () => mineSim({ vipOrder: vipOrderFixture({ validTag: 0, status: 3 }) }),
        '/api/iot/packageDetails': () => COUPONS,
      });
      const { router } = renderRoute(MINE);
      const card = await screen.findByTestId('user-vip');
      expect(card.dataset.state).toBe('none');
      expect(card.textContent).toContain('开通会员');
      fireEvent.click(within(card).getByTestId('user-vip-open'));
      await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/vip/index'));
    });
  });

  it('切换卡号 lists the recent cards; a tap makes the card current and loads its info', async () => {
    withCard(CARD, [CARD, OTHER]);
    const api = mockApi({
      '/api/iot/simInfo': () =>
        useIotStore.getState().simNo === OTHER ? mineSim({ simNo: OTHER, iccid: OTHER, balance: '1.00' }) : mineSim(),
      '/api/iot/packageDetails': () => COUPONS,
    });
    renderRoute(MINE);
    await screen.findByTestId('user-head');
    fireEvent.click(screen.getByTestId('user-switch'));
    const sheet = await waitFor(() => {
      const el = document.querySelector('.adm-action-sheet');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(sheet.textContent).toContain(CARD);
    expect(sheet.textContent).toContain('当前');
    expect(sheet.textContent).toContain('登录其他卡号');
    afterThrottle();
    fireEvent.click(within(sheet).getByText(OTHER));
    await waitFor(() => expect(screen.getByTestId('user-card-no').textContent).toBe(OTHER));
    expect(useIotStore.getState().simNo).toBe(OTHER);
    expect(within(screen.getByTestId('user-asset-balance')).getByTestId('user-asset-value').textContent).toBe('¥1.00');
    const last = api.callsTo('/api/iot/simInfo').at(-1);
    expect(last?.headers['sim-no']).toBe(OTHER);
  });

  it('switching to an expired card (34061) lands on the card login prefilled with it', async () => {
    withCard(CARD, [CARD, OTHER]);
    mockApi({
      '/api/iot/simInfo': () => (useIotStore.getState().simNo === OTHER ? new Fail(34061, '') : mineSim()),
      '/api/iot/packageDetails': () => COUPONS,
      '/api/simLoginConfig': () => SIM_LOGIN_CONFIG,
    });
    const { router } = renderRoute(MINE);
    await screen.findByTestId('user-head');
    fireEvent.click(screen.getByTestId('user-switch'));
    afterThrottle();
    fireEvent.click(await screen.findByText(OTHER));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/iot/login/index'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(MINE);
    const input = (await screen.findByTestId('iot-login-simno')).querySelector('input') as HTMLInputElement;
    expect(input.value).toBe(OTHER);
  });

  it('退出登录 asks first; 取消 keeps the card, confirming logs out to the card login', async () => {
    withCard(CARD, [CARD, OTHER]);
    const api = mockApi({
      '/api/iot/simInfo': () => mineSim(),
      '/api/iot/packageDetails': () => COUPONS,
      '/api/iot/simLogout': () => null,
      '/api/simLoginConfig': () => SIM_LOGIN_CONFIG,
    });
    const { router } = renderRoute(MINE);
    fireEvent.click(await screen.findByTestId('user-logout'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '退出登录']));
    fireEvent.click(dialogButton('取消'));
    await settle();
    expect(useIotStore.getState().simNo).toBe(CARD);
    expect(api.callsTo('/api/iot/simLogout')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('user-logout'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '退出登录']));
    fireEvent.click(dialogButton('退出登录'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/login/index'));
    expect(api.callsTo('/api/iot/simLogout')[0]?.headers['sim-no']).toBe(CARD);
    const state = useIotStore.getState();
    expect(state.simNo).toBe('');
    expect(state.simInfo).toBeNull();
    expect(state.loginSns).toEqual([CARD, OTHER]);
  });

  it('a failed simInfo shows the error state; 重新加载 asks again', async () => {
    withCard();
    let fail = true;
    mockApi({
      '/api/iot/simInfo': () => (fail ? new Fail(-1, '系统繁忙') : mineSim()),
      '/api/iot/packageDetails': () => COUPONS,
    });
    renderRoute(MINE);
    await screen.findByTestId('page-error-state');
    fail = false;
    afterThrottle();
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('user-head');
  });

  it('without a card it goes to the card login with the page as redirect', async () => {
    mockApi({ '/api/simLoginConfig': () => SIM_LOGIN_CONFIG });
    const { router } = renderRoute(MINE);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/iot/login/index'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(MINE);
  });

  it('without any service contact the block is left out', async () => {
    withCard();
    mockApi({
      '/api/iot/simInfo': () => mineSim({}, { service: { title: '', kefuUrl: '', mobile: '', qr: '' } }),
      '/api/iot/packageDetails': () => COUPONS,
    });
    renderRoute(MINE);
    await screen.findByTestId('user-head');
    await settle();
    expect(screen.queryByTestId('user-service')).toBeNull();
  });

  it('the shop front fills the service contacts the layout leaves empty', async () => {
    withCard();
    mockApi({
      '/api/iot/simInfo': () => mineSim({}, { service: { title: '', kefuUrl: '', mobile: '', qr: '' } }),
      '/api/iot/packageDetails': () => COUPONS,
      '/api/hk/baseConfig': () => baseConfigFixture({ kefuMobile: '4000000000' }),
    });
    renderRoute(MINE);
    const service = await screen.findByTestId('user-service');
    expect(service.textContent).toContain('联系客服');
    expect(screen.getByTestId('user-service-phone').getAttribute('href')).toBe('tel:4000000000');
    expect(screen.queryByTestId('user-service-online')).toBeNull();
  });
});
