/**
 * 会员中心, 会员弹窗 (direct, as the confirm sheet and as the promo on the card home) and 会员支付 (SCREENS
 * §4, §5.6), rendered in the real app with the API mocked: what the card holder sees in each state, the
 * request bodies, the handled codes and where each action goes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { resetPopupSession } from '../../../features/iot-core/components/iot-home';
import { layoutFixture, menuFixture, simFixture } from '../../../features/iot-core/sim-fixture';
import { memberPolling } from '../../../features/iot-member/components/member-pay-result';
import { launchFixture, vipListFixture, vipOrderFixture } from '../../../features/iot-member/test-fixtures';
import { browser } from '../../../features/order/browser';
import { useIotStore } from '../../../stores/iot';
import { bodyText, dialogButtons, expectNoOverlay, settle, toastText } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const CARD = '89860012345678901234';
const VIP = '/pages-sub/iot/vip/index';

beforeEach(() => {
  freshDay();
  resetPopupSession();
  memberPolling.intervalMs = 10;
  memberPolling.maxTries = 2;
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, vipPopupShown: {}, simInfo: null });
});

const type = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByTestId(`pay-kb-key-${d}`));
};

describe('会员中心', () => {
  it('shows no membership, the shelf with the tagged product chosen, its privileges, and opens via the confirm sheet', async () => {
    const api = mockApi({ '/api/iot/vipList': () => vipListFixture() });
    const { router } = renderRoute(VIP);
    expect(screen.getByTestId('page-title').textContent).toContain('会员中心');
    await screen.findByTestId('vip-products');
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(1);
    expect(screen.getByTestId('vip-membership').dataset.state).toBe('none');
    expect(screen.getByTestId('vip-membership').textContent).toContain('开通会员');
    const products = screen.getAllByTestId('vip-product');
    expect(products.map((p) => within(p).getByTestId('vip-product-name').textContent)).toEqual([
      '月度会员',
      '季度会员',
      '年度会员',
    ]);
    // 季度会员 carries a tag (推荐): chosen first.
    expect(products[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(within(products[1] as HTMLElement).getByTestId('vip-product-price').textContent).toBe('¥25.00');
    expect(within(products[1] as HTMLElement).getByTestId('vip-product-origin').textContent).toBe('¥45.00');
    expect(within(products[1] as HTMLElement).getByTestId('vip-product-duration').textContent).toBe('3个月');
    expect(within(products[2] as HTMLElement).getByTestId('vip-product-duration').textContent).toBe('1年');
    expect(screen.getByTestId('vip-gi').textContent).toBe('季度专享');
    expect(screen.getAllByTestId('vip-privilege').map((p) => p.textContent)).toEqual(['季度礼包每季一份']);
    expect(screen.getByTestId('vip-open').textContent).toBe('立即开通');

    fireEvent.click(products[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('vip-privilege')).toHaveLength(4));
    expect(screen.getByTestId('vip-bar-price').textContent).toBe('¥9.90');

    fireEvent.click(screen.getByTestId('vip-open'));
    const sheet = await screen.findByTestId('vip-confirm');
    expect(within(sheet).getByTestId('vip-confirm-name').textContent).toBe('月度会员');
    expect(within(sheet).getByTestId('vip-confirm-validity').textContent).toBe('1个月');
    expect(within(sheet).getByTestId('vip-confirm-start').textContent).toBe('支付后立即生效');
    expect(within(sheet).getByTestId('vip-confirm-price').textContent).toBe('¥9.90');
    fireEvent.click(screen.getByTestId('vip-confirm-ok'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/vip/pay/index?vipId=1'));
  });

  it('a valid membership shows its end and 立即续费; the sheet tells when a renewal starts', async () => {
    mockApi({
      '/api/iot/vipList': () => vipListFixture({ vipOrder: vipOrderFixture(), nextStartAt: '2026-02-01 10:00:00' }),
    });
    renderRoute(VIP);
    await screen.findByTestId('vip-products');
    expect(screen.getByTestId('vip-membership').dataset.state).toBe('valid');
    expect(screen.getByTestId('vip-current-name').textContent).toContain('月度会员');
    expect(screen.getByTestId('vip-current-period').textContent).toBe('会员有效期至 2026-02-01 10:00:00');
    expect(screen.getByTestId('vip-open').textContent).toBe('立即续费');
    fireEvent.click(screen.getByTestId('vip-open'));
    await screen.findByTestId('vip-confirm');
    expect(screen.getByTestId('vip-confirm-start').textContent).toBe('2026-02-01 10:00:00 起生效');
  });

  it('a queued membership shows when it starts', async () => {
    mockApi({
      '/api/iot/vipList': () =>
        vipListFixture({
          vipOrder: vipOrderFixture({ status: 2, validTag: 0, startAt: '2026-03-01 00:00:00' }),
        }),
    });
    renderRoute(VIP);
    await screen.findByTestId('vip-products');
    expect(screen.getByTestId('vip-membership').dataset.state).toBe('queued');
    expect(screen.getByTestId('vip-current-period').textContent).toBe('2026-03-01 00:00:00 起生效');
  });

  it('40001: 会员功能暂未开放, without a toast', async () => {
    mockApi({ '/api/iot/vipList': () => new Fail(40001, '会员功能暂未开放') });
    renderRoute(VIP);
    await screen.findByTestId('vip-closed');
    expect(bodyText()).toContain('会员功能暂未开放');
    expect(toastText()).toBeNull();
  });

  it('an empty shelf says so; a failed load offers 重新加载', async () => {
    let fail = true;
    const api = mockApi({
      '/api/iot/vipList': () => (fail ? new Fail(-1, '查询失败') : vipListFixture({ list: [] })),
    });
    renderRoute(VIP);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无可开通的会员');
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(2);
  });

  it('shows the other locales (English)', async () => {
    const { default: i18next } = await import('../../../i18n/translator');
    await i18next.changeLanguage('en');
    try {
      mockApi({ '/api/iot/vipList': () => vipListFixture({ vipOrder: vipOrderFixture() }) });
      renderRoute(VIP);
      await screen.findByTestId('vip-products');
      expect(screen.getByTestId('vip-current-period').textContent).toBe('Member until 2026-02-01 10:00:00');
      expect(screen.getByTestId('vip-open').textContent).toBe('Renew now');
      expect(screen.getAllByTestId('vip-product-duration').map((d) => d.textContent)).toEqual([
        '1 month',
        '3 months',
        '1 year',
      ]);
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });
});

describe('会员弹窗', () => {
  it('opened directly: the promo card of the tagged product, 立即开通 → 会员中心', async () => {
    mockApi({ '/api/iot/vipList': () => vipListFixture() });
    const { router } = renderRoute('/pages-sub/iot/vip/popup');
    expect(screen.getByTestId('page-title').textContent).toContain('开通会员');
    await screen.findByTestId('vip-promo');
    expect(screen.getByTestId('vip-promo-name').textContent).toBe('季度会员 · 3个月');
    expect(screen.getByTestId('vip-promo-price').textContent).toBe('¥25.00');
    fireEvent.click(screen.getByTestId('vip-promo-open'));
    await waitFor(() => expect(locationOf(router)).toBe(VIP));
  });

  it('shows on the card home once a day when nothing else shows, and only for a card without membership', async () => {
    const vipMenu = menuFixture(3, { key: 'vip', name: '会员中心', path: VIP });
    let sim = simFixture({ simLayout: layoutFixture({ menus: [menuFixture(1), vipMenu] }) });
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/vipList': () => vipListFixture(),
    });
    const first = renderRoute('/pages/iot/index/index');
    await screen.findByTestId('vip-promo-dialog');
    expect(screen.getByTestId('vip-promo-name').textContent).toBe('季度会员 · 3个月');
    expect(useIotStore.getState().vipPopupShown[CARD]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.click(screen.getByTestId('vip-promo-open'));
    await waitFor(() => expect(locationOf(first.router)).toBe(VIP));
    // The dialog leaves after its closing animation (react-spring), which a loaded machine draws slowly.
    await waitFor(() => expect(screen.queryByTestId('vip-promo-dialog')).toBeNull(), { timeout: 3000 });
    first.unmount();
    // (会员中心 itself asked for the shelf too.)
    const asked = api.callsTo('/api/iot/vipList').length;

    // Same day: not again.
    const second = renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-home');
    await settle(200);
    expect(screen.queryByTestId('vip-promo-dialog')).toBeNull();
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(asked);
    second.unmount();

    // Next day, but a member already (as the card's fresh info says): nothing is asked.
    freshDay();
    useIotStore.setState({ simInfo: null });
    sim = simFixture({ vipOrder: vipOrderFixture(), simLayout: layoutFixture({ menus: [vipMenu] }) });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-home');
    await settle(200);
    expect(screen.queryByTestId('vip-promo-dialog')).toBeNull();
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(asked);
  });

  it("waits until the home's first screen has loaded and the browser is idle: asked for after the home, not beside it", async () => {
    const sim = simFixture({ simLayout: layoutFixture({ menus: [menuFixture(3, { key: 'vip', path: VIP })] }) });
    const api = mockApi({ '/api/iot/simInfo': () => sim, '/api/iot/vipList': () => vipListFixture() });
    const idle: (() => void)[] = [];
    vi.spyOn(window, 'requestIdleCallback').mockImplementation((callback) => {
      idle.push(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
      return idle.length;
    });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-home');
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    await settle(200);
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(0);
    for (const run of idle) run();
    await screen.findByTestId('vip-promo-dialog');
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(1);
  });

  it('is not shown when the shelf says the card became a member meanwhile', async () => {
    const sim = simFixture({ simLayout: layoutFixture({ menus: [menuFixture(3, { key: 'vip', path: VIP })] }) });
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/vipList': () => vipListFixture({ vipOrder: vipOrderFixture() }),
    });
    renderRoute('/pages/iot/index/index');
    await waitFor(() => expect(api.callsTo('/api/iot/vipList')).toHaveLength(1));
    await settle(200);
    expect(screen.queryByTestId('vip-promo-dialog')).toBeNull();
    expect(useIotStore.getState().vipPopupShown[CARD]).toBeUndefined();
  });

  it('is not shown over a stopped card: its state and the fix come first', async () => {
    const sim = simFixture({
      simStatus: 3,
      stopReason: 'arrears',
      arrearsBalance: '23.50',
      simLayout: layoutFixture({ menus: [menuFixture(3, { key: 'vip', path: VIP })] }),
    });
    const api = mockApi({ '/api/iot/simInfo': () => sim, '/api/iot/vipList': () => vipListFixture() });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-card-state');
    await settle(200);
    expect(screen.queryByTestId('vip-promo-dialog')).toBeNull();
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(0);
  });

  it('never competes with the home layout popup', async () => {
    const sim = simFixture({
      simLayout: layoutFixture({
        menus: [menuFixture(3, { key: 'vip', path: VIP })],
        popup: { switch: 1, title: '温馨提示', content: '<p>实名后使用</p>' },
      }),
    });
    const api = mockApi({ '/api/iot/simInfo': () => sim, '/api/iot/vipList': () => vipListFixture() });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-popup');
    await settle(200);
    expect(screen.queryByTestId('vip-promo-dialog')).toBeNull();
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(0);
  });
});

describe('会员支付', () => {
  const PAY = '/pages-sub/iot/vip/pay/index?vipId=2';

  it('balance: the keyboard; 41001 tells the tries left; then 开通成功 → 会员中心', async () => {
    let answer: 'wrong' | 'ok' = 'wrong';
    const api = mockApi({
      '/api/iot/vipList': () => vipListFixture({ nextStartAt: '2026-02-01 10:00:00' }),
      '/api/iot/createVipOrder': () =>
        answer === 'wrong'
          ? new Fail(41001, '支付密码错误', { field: 'payPassword', remainTimes: 3 })
          : {
              ...launchFixture('VP20260101100000000001', {
                payType: 'balance',
                payStatus: 2,
                paid: true,
                payAmount: '25.00',
              }),
              vipOrder: vipOrderFixture({ status: 2, validTag: 0 }),
            },
    });
    const toast = vi.spyOn(Toast, 'show');
    const { router } = renderRoute(PAY);
    expect(screen.getByTestId('page-title').textContent).toContain('会员支付');
    await screen.findByTestId('member-checkout');
    expect(screen.getByTestId('vip-pay-name').textContent).toBe('季度会员');
    expect(screen.getByTestId('vip-pay-price').textContent).toBe('¥25.00');
    expect(screen.getByTestId('vip-pay-validity').textContent).toBe('3个月');
    expect(screen.getByTestId('vip-pay-start').textContent).toBe('2026-02-01 10:00:00 起生效');
    expect(screen.getByTestId('member-balance').textContent).toBe('可用余额 ¥50.00');
    expect(screen.getByTestId('member-pay-balance').querySelector('input')?.checked).toBe(true);
    expect(screen.getByTestId('member-payable').textContent).toBe('¥25.00');

    fireEvent.click(screen.getByTestId('member-submit'));
    await screen.findByTestId('pay-keyboard');
    expect(screen.getByTestId('pay-kb-amount').textContent).toBe('¥25.00');
    type('111111');
    await waitFor(() => expect(screen.getByTestId('pay-kb-error').textContent).toBe('支付密码错误，还可尝试3次'));
    expect(bodyText()).not.toContain('操作失败');

    answer = 'ok';
    type('246810');
    await waitFor(() => expect(locationOf(router)).toBe(VIP));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: '开通成功', icon: 'success' }));
    const [a, b] = api.callsTo('/api/iot/createVipOrder').map((c) => c.body as Record<string, unknown>);
    expect(b).toEqual({ vipId: 2, payType: 'balance', payPassword: '246810', uuid: expect.any(String) });
    // The same intent (product, pay type) keeps its key across a wrong password.
    expect(b?.uuid).toBe(a?.uuid);
  });

  it('balance short of the price: 余额不足 and the first online type is chosen; online follows the launch', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    vi.spyOn(browser, 'currentUrl').mockReturnValue('http://shop.test/shop/#/pages-sub/iot/vip/pay/index?vipId=2');
    const api = mockApi({
      '/api/iot/vipList': () => vipListFixture({ balance: '10.00' }),
      '/api/iot/createVipOrder': () => ({
        ...launchFixture('VP20260101100000000002', { payAmount: '25.00' }),
        vipOrder: vipOrderFixture({ status: 0, validTag: 0, startAt: null, endAt: null }),
      }),
    });
    renderRoute(PAY);
    await screen.findByTestId('member-checkout');
    expect(screen.getByTestId('member-balance-short').textContent).toContain('余额不足');
    expect(screen.getByTestId('member-pay-wxpay').querySelector('input')?.checked).toBe(true);
    fireEvent.click(screen.getByText('支付宝'));
    fireEvent.click(screen.getByTestId('member-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/cashier?sn=VP20260101100000000002'));
    expect(api.callsTo('/api/iot/createVipOrder')[0]?.body).toEqual({
      vipId: 2,
      payType: 'alipay',
      returnUrl: 'http://shop.test/shop/#/pages-sub/iot/vip/pay/index?vipId=2',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('balance without a pay password: 请先设置支付密码 → 支付密码 with ?redirect= this page', async () => {
    const api = mockApi({ '/api/iot/vipList': () => vipListFixture({ existPayPassword: 0 }) });
    const { router } = renderRoute(PAY);
    await screen.findByTestId('member-checkout');
    fireEvent.click(screen.getByTestId('member-submit'));
    await waitFor(() => expect(bodyText()).toContain('请先设置支付密码'));
    expect(dialogButtons()).toEqual(['取消', '去设置']);
    fireEvent.click(screen.getByText('去设置'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages/iot/index/payPassword/index?redirect=${encodeURIComponent(PAY)}`),
    );
    expect(api.callsTo('/api/iot/createVipOrder')).toHaveLength(0);
  });

  it('-1 余额不足 toasts and reloads the balance', async () => {
    const api = mockApi({
      '/api/iot/vipList': () => vipListFixture(),
      '/api/iot/createVipOrder': () => new Fail(-1, '余额不足'),
    });
    renderRoute(PAY);
    await screen.findByTestId('member-checkout');
    fireEvent.click(screen.getByTestId('member-submit'));
    await screen.findByTestId('pay-keyboard');
    type('246810');
    await waitFor(() => expect(toastText()).toBe('余额不足'));
    await waitFor(() => expect(api.callsTo('/api/iot/vipList')).toHaveLength(2));
  });

  it('a product no longer on the shelf says so', async () => {
    mockApi({ '/api/iot/vipList': () => vipListFixture() });
    renderRoute('/pages-sub/iot/vip/pay/index?vipId=99');
    await screen.findByTestId('vip-pay-missing');
    expect(bodyText()).toContain('该会员套餐已下架');
  });

  it('back from the provider: polls the result, 开通成功 → 完成 goes to 会员中心', async () => {
    const api = mockApi({
      '/api/pay/status': () => ({
        orderSn: 'VP20260101100000000002',
        kind: 'vip',
        payStatus: 2,
        orderStatus: 1,
        payAmount: '25.00',
        paidAt: '2026-01-01 10:01:00',
        expireAt: null,
      }),
    });
    const { router } = renderRoute('/pages-sub/iot/vip/pay/index?orderSn=VP20260101100000000002&from=pay');
    await screen.findByTestId('member-paid');
    expect(bodyText()).toContain('开通成功');
    expect(api.callsTo('/api/pay/status')[0]?.query).toEqual({ orderSn: 'VP20260101100000000002' });
    expect(api.callsTo('/api/iot/vipList')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('member-done'));
    await waitFor(() => expect(locationOf(router)).toBe(VIP));
  });

  it('still unpaid: 支付结果确认中; 重新支付 launches the same order again', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    vi.spyOn(browser, 'currentUrl').mockReturnValue('http://shop.test/shop/#/pages-sub/iot/vip/pay/index');
    const api = mockApi({
      '/api/pay/status': () => ({
        orderSn: 'VP20260101100000000003',
        kind: 'vip',
        payStatus: 1,
        orderStatus: 0,
        payAmount: '25.00',
        paidAt: null,
        expireAt: '2026-01-01 10:15:00',
      }),
      '/api/iot/payMemberOrder': () => launchFixture('VP20260101100000000003'),
    });
    renderRoute('/pages-sub/iot/vip/pay/index?orderSn=VP20260101100000000003&from=pay');
    await screen.findByTestId('member-pending');
    expect(bodyText()).toContain('支付结果确认中');
    fireEvent.click(screen.getByTestId('member-repay'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/cashier?sn=VP20260101100000000003'));
    expect(api.callsTo('/api/iot/payMemberOrder')[0]?.body).toEqual({
      orderSn: 'VP20260101100000000003',
      returnUrl: 'http://shop.test/shop/#/pages-sub/iot/vip/pay/index',
    });
  });

  it('a closed order says so with 重新开通', async () => {
    mockApi({
      '/api/pay/status': () => ({
        orderSn: 'VP20260101100000000004',
        kind: 'vip',
        payStatus: 3,
        orderStatus: 5,
        payAmount: '25.00',
        paidAt: null,
        expireAt: null,
      }),
    });
    const { router } = renderRoute('/pages-sub/iot/vip/pay/index?orderSn=VP20260101100000000004');
    const closed = await screen.findByTestId('member-closed');
    expect(closed.dataset.refunded).toBe('0');
    expect(bodyText()).toContain('订单已关闭');
    await expectNoOverlay();
    fireEvent.click(screen.getByTestId('member-again'));
    await waitFor(() => expect(locationOf(router)).toBe(VIP));
  });
});
