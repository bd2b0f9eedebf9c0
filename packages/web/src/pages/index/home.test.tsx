import type { GoodsItem } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCacheStore } from '../../stores/cache';
import { useMiniUsersStore } from '../../stores/mini-users';
import { bodyText } from '../../test/dom';
import { baseConfigFixture, Fail, GENERIC_CONFIG, locationOf, mockApi, renderRoute } from '../../test/render-route';

const goods: GoodsItem = {
  id: 7,
  name: '大流量卡 29元',
  image: '/shop/static/goods/sim-1.png',
  group: 2,
  category: 'card',
  operatorType: 1,
  monthlyFee: '29.00',
  flowText: '135G',
  voiceText: '100分钟',
  price: '0.00',
  originalPrice: '0.00',
  tags: [],
  sales: 10,
  stock: null,
  needSmsCode: 0,
  needAddress: 1,
};

let clock = Date.now();

beforeEach(() => {
  // The config fetches are throttled per second: give every test its own second.
  clock += 10_000;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(clock);
  useCacheStore.setState({ baseConfig: null, genericConfig: null });
  useMiniUsersStore.getState().patchMiniUser('wx', { indexFirstGroup: 0 });
});

const number = {
  id: 1,
  number: '13800112233',
  operatorType: 1,
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
  price: '10.00',
  originalPrice: '10.00',
  minConsume: '0.00',
  contractMonths: 0,
  patterns: [],
  level: 1,
  status: 1,
  highlight: [],
};

describe('home', () => {
  it('opens on the site front group (靓号), with sanitised bottomTips and the ICP line, and reports the visit once', async () => {
    const api = mockApi({
      '/api/hk/baseConfig': () =>
        baseConfigFixture({
          indexFirstGroup: 1,
          bottomTips: '<p onclick="x()">正规号卡<script>alert(1)</script></p>',
          ipcCode: '京ICP备00000000号-1',
        }),
      '/api/shop/numberList': () => ({ list: [number], total: 1, page: 1, pageSize: 10 }),
    });
    renderRoute('/pages/index/index?bd_vid=click42');
    await screen.findByTestId('number-card');
    expect(screen.getByTestId('home-group').dataset.group).toBe('1');
    expect((await screen.findByTestId('home-tips')).innerHTML).toBe('<p>正规号卡</p>');
    expect(screen.getByTestId('home-icp').textContent).toBe('京ICP备00000000号-1');
    await waitFor(() => expect(api.callsTo('/api/hk/pointReport')).toHaveLength(1));
    expect(api.callsTo('/api/hk/pointReport')[0]?.body).toEqual({
      event: 'page_view',
      page: '/pages/index/index',
      bd_vid: 'click42',
    });
  });

  // The site front always names a group (1|2, API.md §2); the default 2 without any choice is
  // effectiveFirstGroup's (contract domain/home.test.ts).
  it('without a choice of the shopper the goods group (2) of the site front shows goods cards; a tab tap is saved to the mini-user', async () => {
    mockApi({
      '/api/hk/baseConfig': () => baseConfigFixture({ indexFirstGroup: 2 }),
      '/api/shop/goodsList': (c) => {
        expect(c.query.group).toBe('2');
        return { list: [goods], total: 1, page: 1, pageSize: 10 };
      },
    });
    renderRoute('/pages/index/index');
    await screen.findByTestId('goods-card');
    expect(screen.getByTestId('home-group').dataset.group).toBe('2');
    fireEvent.click(screen.getByTestId('home-tab-vanity'));
    await screen.findByTestId('vanity-number');
    expect(useMiniUsersStore.getState().wx.indexFirstGroup).toBe(1);
  });

  it('a query indexFirstGroup=2 wins over the site front and is saved', async () => {
    mockApi({ '/api/hk/baseConfig': () => baseConfigFixture({ indexFirstGroup: 1 }) });
    renderRoute('/pages/index/index?indexFirstGroup=2');
    await waitFor(() => expect(screen.getByTestId('home-group').dataset.group).toBe('2'));
    expect(useMiniUsersStore.getState().wx.indexFirstGroup).toBe(2);
    // A tap still switches although the URL keeps the parameter.
    fireEvent.click(screen.getByTestId('home-tab-vanity'));
    await waitFor(() => expect(screen.getByTestId('home-group').dataset.group).toBe('1'));
    expect(useMiniUsersStore.getState().wx.indexFirstGroup).toBe(1);
  });

  it('the search bar (indexSearch=1) opens HeadSearch', async () => {
    mockApi({ '/api/hk/baseConfig': () => baseConfigFixture({ indexSearch: 1 }) });
    const { router } = renderRoute('/pages/index/index');
    fireEvent.click(await screen.findByTestId('home-search'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/VanityNumber/HeadSearch/index'));
  });

  it('with a pageCode the home gives way to the picks page; /pages/index/default does not', async () => {
    mockApi({});
    const { router, unmount } = renderRoute('/pages/index/index?pageCode=summer');
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/single/index?pageCode=summer'));
    unmount();
    const other = renderRoute('/pages/index/default?pageCode=summer');
    await screen.findByTestId('home');
    expect(screen.getByTestId('home-icon')).toBeTruthy();
    expect(locationOf(other.router)).toBe('/pages/index/default?pageCode=summer');
  });
});

describe('loadDomain', () => {
  it('loads config, generic config and dictionary in order, then replaces to the redirect', async () => {
    const api = mockApi({});
    const { router } = renderRoute('/pages/index/loadDomain?redirect=%2Fpages%2Fuser%2Findex2&promoCode=P9');
    await waitFor(() => expect(locationOf(router)).toBe('/pages/user/index2?promoCode=P9'));
    const paths = api.calls.map((c) => c.path);
    expect(paths).toContain('/api/dictData/options');
    expect(api.callsTo('/api/hk/baseConfig').some((c) => c.query.promoCode === 'P9')).toBe(true);
  });

  it('a foreign redirect goes home instead', async () => {
    mockApi({});
    const { router } = renderRoute('/pages/index/loadDomain?redirect=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/index'));
  });

  it('a failure shows 初始化失败 with 重试, which tries again', async () => {
    let fail = true;
    mockApi({ '/api/hk/genericConfig': () => (fail ? new Fail(-1, '服务维护中') : GENERIC_CONFIG) });
    const { router } = renderRoute('/pages/index/loadDomain');
    await screen.findByTestId('load-domain-failed');
    expect(bodyText()).toContain('初始化失败');
    fail = false;
    clock += 5000;
    vi.setSystemTime(clock);
    fireEvent.click(screen.getByTestId('load-domain-retry'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/index'));
  });
});
