import type { DictOption, ShopOrder } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderFixture } from '../../features/order/test-orders';
import { useDictionaryStore } from '../../stores/dictionary';
import { useLayoutStore } from '../../stores/layout';
import { useUserStore } from '../../stores/user';
import { bodyText, dialogButtons, expectNoOverlay, expectToast } from '../../test/dom';
import { Fail, locationOf, mockApi, type RecordedCall, renderRoute } from '../../test/render-route';

const DICT: DictOption[] = [
  ['0', '待支付', 'warning'],
  ['1', '待审核', 'primary'],
  ['2', '待发货', 'primary'],
  ['3', '已发货', 'info'],
  ['4', '已完成', 'success'],
  ['5', '已取消', 'default'],
].map(([value, label, listClass]) => ({ value, label, key: value, listClass }) as DictOption);

const page = (list: ShopOrder[]) => ({ list, total: list.length, page: 1, pageSize: 10 });

beforeEach(() => {
  useDictionaryStore.setState({ options: { shop_order_status: DICT } });
  useUserStore.getState().setUser({ mobile: '138****8000', nickname: '用户8000', avatar: '' });
  useLayoutStore.getState().patchLayout({ sessionId: 's'.repeat(32) });
});

const cards = () => screen.getAllByTestId('order-card');
const actionsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .filter((b) => b.dataset.testid?.startsWith('order-action-'))
    .map((b) => b.textContent);

describe('我的订单', () => {
  it('lists the orders with their status tag and the buttons of each status', async () => {
    const unpaid = orderFixture({ orderStatus: 0 });
    const review = orderFixture({ orderStatus: 1, payStatus: 2, orderType: 2, number: undefined, title: '大流量卡' });
    const shipped = orderFixture({ orderStatus: 3, payStatus: 2, trackingNo: 'SF1', expressCompany: '顺丰' });
    mockApi({ '/api/shop/order/list': () => page([unpaid, review, shipped]) });
    const { router } = renderRoute('/pages/order/index');
    await screen.findAllByTestId('order-card');
    expect(screen.getByTestId('page-title').textContent).toContain('我的订单');
    const [a, b, c] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(a).getByTestId('order-sn').textContent).toBe(`订单号：${unpaid.orderSn}`);
    expect(within(a).getByTestId('order-title').textContent).toBe('138 0011 2233');
    expect(within(a).getByTestId('order-amount').textContent).toBe('¥520.00');
    expect(within(a).getByTestId('order-status').textContent).toBe('待支付');
    expect(a.textContent).toContain('畅享59');
    expect(a.textContent).toContain('2026-01-01 12:00:00');
    expect(within(b).getByTestId('order-title').textContent).toBe('大流量卡');
    expect(within(b).getByTestId('order-status').textContent).toBe('待审核');
    expect(actionsOf(a)).toEqual(['联系客服', '取消订单', '去支付']);
    expect(actionsOf(b)).toEqual(['联系客服']);
    expect(actionsOf(c)).toEqual(['联系客服', '查看物流']);

    fireEvent.click(within(a).getByTestId('order-action-pay'));
    await waitFor(() => expect(locationOf(router)).toBe(`/pages/order/pay/index?orderSn=${unpaid.orderSn}`));
    router.navigate(-1);
    fireEvent.click(
      within(await screen.findAllByTestId('order-card').then((x) => x[2] as HTMLElement)).getByTestId(
        'order-action-logistics',
      ),
    );
    await waitFor(() => expect(locationOf(router)).toBe(`/pages/order/logistics/index?orderSn=${shipped.orderSn}`));
    router.navigate(-1);
    fireEvent.click(
      within((await screen.findAllByTestId('order-card'))[1] as HTMLElement).getByTestId('order-action-contact'),
    );
    await waitFor(() => expect(locationOf(router)).toBe('/pages/customer/index'));
  });

  it('取消订单 asks first, then cancels and reloads the list', async () => {
    const order = orderFixture({ orderStatus: 0 });
    let cancelled = false;
    const api = mockApi({
      '/api/shop/order/list': () => page([{ ...order, orderStatus: cancelled ? 5 : 0 }]),
      '/api/shop/order/cancel': () => {
        cancelled = true;
        return { orderStatus: 5 };
      },
    });
    renderRoute('/pages/order/index');
    fireEvent.click(await screen.findByTestId('order-action-cancel'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '确定']));
    expect(bodyText()).toContain('确定要取消该订单吗？');
    const ok = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find((b) => b.textContent === '确定');
    fireEvent.click(ok as Element);
    await expectToast('订单已取消');
    expect(api.callsTo('/api/shop/order/cancel').map((c) => c.body)).toEqual([{ orderSn: order.orderSn }]);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('已取消'));
    expect(screen.queryByTestId('order-action-cancel')).toBeNull();
    expect(api.callsTo('/api/shop/order/list')).toHaveLength(2);
  });

  it('a completed number order is reviewed once, from its card: 评价 → the sheet → 已评价', async () => {
    const done = orderFixture({ orderStatus: 4, payStatus: 2, review: 'open' });
    const goods = orderFixture({ orderStatus: 4, payStatus: 2, orderType: 2, number: undefined, title: '大流量卡' });
    let reviewed = false;
    const api = mockApi({
      '/api/shop/order/list': () => page([{ ...done, review: reviewed ? 'done' : 'open' }, goods]),
      '/api/shop/order/comment': () => {
        reviewed = true;
        return { id: 7 };
      },
    });
    renderRoute('/pages/order/index');
    await screen.findAllByTestId('order-card');
    const [numberCard, goodsCard] = cards() as [HTMLElement, HTMLElement];
    expect(actionsOf(numberCard)).toEqual(['联系客服', '评价']);
    expect(actionsOf(goodsCard)).toEqual(['联系客服']);

    fireEvent.click(within(numberCard).getByTestId('order-action-review'));
    await screen.findByTestId('review-sheet');
    expect(bodyText()).toContain('评价订单');
    // Too short: marked inline, nothing sent.
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(bodyText()).toContain('评价内容至少5个字'));
    expect(api.callsTo('/api/shop/order/comment')).toHaveLength(0);

    fireEvent.click(screen.getByText('发货快'));
    fireEvent.click(screen.getByText('客服耐心'));
    const textarea = document.body.querySelector('.review-sheet textarea') as HTMLTextAreaElement;
    fireEvent.change(textarea, { target: { value: '  号码很好记，客服帮我选了套餐  ' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    await expectToast('感谢您的评价');
    expect(api.callsTo('/api/shop/order/comment').map((c) => c.body)).toEqual([
      {
        orderSn: done.orderSn,
        star: 5,
        content: '号码很好记，客服帮我选了套餐',
        tags: ['fastDelivery', 'patientSupport'],
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('order-reviewed').textContent).toBe('已评价'));
    expect(actionsOf(cards()[0] as HTMLElement)).toEqual(['联系客服']);
  });

  it('the tab comes from ?status= and a tab tap asks for its status', async () => {
    const api = mockApi({ '/api/shop/order/list': () => page([orderFixture()]) });
    const { router } = renderRoute('/pages/order/index?status=1');
    await screen.findAllByTestId('order-card');
    const query = (c: RecordedCall) => c.query;
    expect(api.callsTo('/api/shop/order/list').map(query)).toEqual([{ status: '1', page: '1', pageSize: '10' }]);
    expect(screen.getByTestId('order-page').dataset.tab).toBe('1');
    fireEvent.click(screen.getByText('已发货'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index?status=3'));
    await waitFor(() => expect(api.callsTo('/api/shop/order/list').at(-1)?.query.status).toBe('3'));
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index'));
    await waitFor(() =>
      expect(api.callsTo('/api/shop/order/list').at(-1)?.query).toEqual({ page: '1', pageSize: '10' }),
    );
  });

  it('no orders: 暂无订单 with 去逛逛 home', async () => {
    mockApi({ '/api/shop/order/list': () => page([]) });
    const { router } = renderRoute('/pages/order/index');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无订单');
    fireEvent.click(screen.getByTestId('order-browse'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/index'));
  });

  it('a first visit without a login goes straight to the login page: nothing asked, no 登录超时', async () => {
    useUserStore.getState().clearUser();
    useLayoutStore.getState().patchLayout({ sessionId: '' });
    const api = mockApi({ '/api/shop/order/list': () => new Fail(61, '') });
    const { router } = renderRoute('/pages/order/index?status=0');
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/login/index?redirect=${encodeURIComponent('/pages/order/index?status=0')}`,
      ),
    );
    await expectNoOverlay();
    expect(bodyText()).not.toContain('登录超时');
    expect(api.callsTo('/api/shop/order/list')).toHaveLength(0);
  });

  it('a stored login the server no longer knows (61): the wrapper says so and goes to the login page', async () => {
    mockApi({ '/api/shop/order/list': () => new Fail(61, '') });
    const { router } = renderRoute('/pages/order/index?status=0');
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/login/index?redirect=${encodeURIComponent('/pages/order/index?status=0')}`,
      ),
    );
    await expectToast('登录超时，请重新登录！');
  });

  it('退出 in the header ends the session and goes to the login page', async () => {
    const api = mockApi({ '/api/shop/order/list': () => page([]), '/api/shop/logout': () => null });
    const { router } = renderRoute('/pages/order/index');
    fireEvent.click(await screen.findByTestId('order-logout'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages/login/index?redirect=${encodeURIComponent('/pages/order/index')}`),
    );
    expect(api.callsTo('/api/shop/logout')).toHaveLength(1);
    expect(useUserStore.getState().mobile).toBe('');
    expect(useLayoutStore.getState().sessionId).toBe('');
    // The login page has no 退出 (the header's right slot is cleared as the order page unmounts).
    await screen.findByTestId('login-page');
    await waitFor(() => expect(screen.queryByTestId('order-logout')).toBeNull());
  });
});
