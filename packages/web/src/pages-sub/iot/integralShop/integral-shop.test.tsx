/**
 * 积分商城 (SCREENS §4 integralShop/index), in the real app with the API mocked: the points header and its
 * links, banners, category tabs, the goods grid with 已兑完, paging, and the empty, closed (40001) and
 * error states.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MALL_CARD, mallIndexFixture, summaryFixture } from '../../../features/iot-mall/test-fixtures';
import { useIotStore } from '../../../stores/iot';
import { bodyText, everythingOnScreen, expectNoOverlay } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

beforeEach(() => {
  useIotStore.setState({ loginSns: [MALL_CARD], simNo: MALL_CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

describe('积分商城', () => {
  it('shows the points, banners, categories and goods; a category tab filters; tap opens the goods', async () => {
    const api = mockApi({
      '/api/iot/integralShopIndex': (call) =>
        call.query.categoryId === '11'
          ? mallIndexFixture({
              list: [summaryFixture({ id: 9, name: '视频会员月卡', categoryId: 11, deliveryType: 3 })],
            })
          : mallIndexFixture(),
    });
    const { router } = renderRoute('/pages-sub/iot/integralShop/index');
    expect(screen.getByTestId('page-title').textContent).toContain('积分商城');
    await screen.findByTestId('mall-goods');
    expect(api.callsTo('/api/iot/integralShopIndex')[0]?.query).toEqual({ page: '1', pageSize: '10' });
    expect(screen.getByTestId('mall-points').textContent).toBe('1200');
    expect(screen.getByTestId('mall-banners')).toBeTruthy();
    const tabs = screen.getByTestId('mall-categories');
    expect(tabs.textContent).toContain('全部');
    expect(tabs.textContent).toContain('数码周边');
    expect(within(screen.getByTestId('mall-goods-1')).getByTestId('mall-goods-price').textContent).toBe('300积分');
    expect(within(screen.getByTestId('mall-goods-2')).getByTestId('mall-goods-price').textContent).toBe(
      '500积分 + ¥9.90',
    );
    expect(within(screen.getByTestId('mall-goods-3')).getByTestId('mall-goods-sold-out').textContent).toBe('已兑完');
    expect(screen.getByTestId('mall-goods-2').textContent).toContain('已兑34件');

    fireEvent.click(screen.getByText('虚拟权益'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/index?categoryId=11'));
    await screen.findByTestId('mall-goods-9');
    expect(api.callsTo('/api/iot/integralShopIndex').at(-1)?.query).toEqual({
      categoryId: '11',
      page: '1',
      pageSize: '10',
    });
    // The header stays while the category loads and after.
    expect(screen.getByTestId('mall-points').textContent).toBe('1200');

    fireEvent.click(screen.getByTestId('mall-goods-9'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/details/index?goodsId=9'));
  });

  it('links to 积分明细 and 我的订单', async () => {
    mockApi({
      '/api/iot/integralShopIndex': () => mallIndexFixture(),
      '/api/iot/shopOrderList': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    });
    const { router } = renderRoute('/pages-sub/iot/integralShop/index');
    fireEvent.click(await screen.findByTestId('mall-points-log'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralLog/index'));
    router.navigate(-1);
    fireEvent.click(await screen.findByTestId('mall-orders-link'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/order/index'));
  });

  it('loads the next page when scrolled to the end and says 没有更多了 at the total', async () => {
    // The list's footer on screen, as at the end of a scrolled list.
    everythingOnScreen();
    const api = mockApi({
      '/api/iot/integralShopIndex': (call) =>
        call.query.page === '1'
          ? mallIndexFixture({
              list: Array.from({ length: 10 }, (_, i) => summaryFixture({ id: i + 1, name: `商品${i + 1}` })),
              total: 11,
            })
          : mallIndexFixture({
              banners: [],
              categories: [],
              list: [summaryFixture({ id: 11, name: '商品11' })],
              total: 11,
              page: 2,
            }),
    });
    renderRoute('/pages-sub/iot/integralShop/index');
    await screen.findByTestId('mall-goods-11');
    expect(api.callsTo('/api/iot/integralShopIndex').map((c) => c.query.page)).toEqual(['1', '2']);
    await waitFor(() => expect(bodyText()).toContain('没有更多了'));
  });

  it('empty: 暂无商品', async () => {
    mockApi({ '/api/iot/integralShopIndex': () => mallIndexFixture({ list: [], total: 0 }) });
    renderRoute('/pages-sub/iot/integralShop/index');
    const empty = await screen.findByTestId('page-empty-state');
    expect(empty.textContent).toContain('暂无商品');
    expect(screen.getByTestId('mall-points').textContent).toBe('1200');
  });

  it('40001: 积分商城暂未开放 in place of the page, without a toast', async () => {
    mockApi({ '/api/iot/integralShopIndex': () => new Fail(40001, '当前访问的功能模块暂未开放，敬请期待！') });
    const { router } = renderRoute('/pages-sub/iot/integralShop/index');
    expect((await screen.findByTestId('mall-closed')).textContent).toContain('积分商城暂未开放');
    await expectNoOverlay();
    fireEvent.click(screen.getByTestId('mall-back-home'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });

  it('error: ErrorBlock with 重新加载, which loads again', async () => {
    let fail = true;
    mockApi({
      '/api/iot/integralShopIndex': () => (fail ? new Fail(-1, '服务繁忙') : mallIndexFixture()),
    });
    renderRoute('/pages-sub/iot/integralShop/index');
    const error = await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(within(error).getByText('重新加载'));
    await screen.findByTestId('mall-goods-1');
  });

  it('without a card goes to the card login with this page as redirect', async () => {
    useIotStore.setState({ simNo: '' });
    mockApi({});
    const { router } = renderRoute('/pages-sub/iot/integralShop/index');
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/iot/login/index?redirect=${encodeURIComponent('/pages-sub/iot/integralShop/index')}`,
      ),
    );
  });
});
