import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../features/order/browser';
import { orderDetailFixture, shanghaiIn } from '../../../features/order/test-orders';
import { bodyText, dialogButtons } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute, type StubData } from '../../../test/render-route';

const SN = 'SO20260101120000654321';

const status = (payStatus: number): StubData<'/api/pay/status'> => ({
  orderSn: SN,
  kind: 'shop',
  payStatus,
  orderStatus: payStatus === 2 ? 1 : 0,
  payAmount: '520.00',
  paidAt: null,
  expireAt: null,
});

/** Pay statuses answered in turn; the last one repeats. */
function statuses(...list: number[]) {
  let i = 0;
  return () => status(list[Math.min(i++, list.length - 1)] ?? 0);
}

let go: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
  vi.spyOn(browser, 'currentUrl').mockReturnValue(`http://shop.test/shop/#/pages/order/pay/index?orderSn=${SN}`);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('订单支付', () => {
  it('shows amount, countdown, summary and pay methods; 立即支付 leaves for the payUrl with the return URL', async () => {
    const api = mockApi({
      '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN, expireAt: shanghaiIn(29 * 60_000 + 30_000) }),
      '/api/shop/order/pay': () => ({
        orderSn: SN,
        payAmount: '520.00',
        payType: 'alipay',
        payStatus: 1,
        paid: false,
        expireAt: null,
        payUrl: 'http://shop.test/api/pay/sandbox?orderSn=x',
      }),
    });
    renderRoute(`/pages/order/pay/index?orderSn=${SN}`);
    await screen.findByTestId('pay-form');
    expect(screen.getByTestId('page-title').textContent).toContain('订单支付');
    expect(screen.getByTestId('pay-amount').textContent).toBe('¥520.00');
    expect(screen.getByTestId('pay-countdown').textContent).toMatch(/^剩余支付时间 29:(29|30)$/);
    expect(screen.getByTestId('pay-summary').textContent).toContain('138 0011 2233');
    expect(screen.getByTestId('pay-summary').textContent).toContain('畅享59');
    expect(screen.getByTestId('pay-methods').textContent).toContain('微信支付');
    expect(screen.getByTestId('pay-methods').textContent).toContain('支付宝');
    // Real icons named by the method, not the glyphs 微/支.
    const methods = within(screen.getByTestId('pay-methods'));
    expect(methods.getByRole('img', { name: '微信支付' }).dataset.payType).toBe('wxpay');
    expect(methods.getByRole('img', { name: '支付宝' }).dataset.payType).toBe('alipay');
    for (const icon of methods.getAllByRole('img')) expect(icon.textContent).toBe('');

    fireEvent.click(screen.getByText('支付宝'));
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://shop.test/api/pay/sandbox?orderSn=x'));
    expect(api.callsTo('/api/shop/order/pay')[0]?.body).toEqual({
      orderSn: SN,
      payType: 'alipay',
      returnUrl: `http://shop.test/shop/#/pages/order/pay/index?orderSn=${SN}`,
    });
  });

  it('at 00:00 the order has timed out and cannot be paid', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    mockApi({ '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN, expireAt: shanghaiIn(2_000) }) });
    renderRoute(`/pages/order/pay/index?orderSn=${SN}`);
    await screen.findByTestId('pay-form');
    expect(screen.getByTestId('pay-countdown').textContent).toMatch(/^剩余支付时间 00:0[12]$/);
    expect((screen.getByTestId('pay-submit') as HTMLButtonElement).disabled).toBe(false);
    vi.advanceTimersByTime(3_000);
    await waitFor(() => expect(screen.getByTestId('pay-countdown').textContent).toBe('订单已超时'));
    expect((screen.getByTestId('pay-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('back with from=pay: polls pay/status until paid → 支付成功, reports pay_success once', async () => {
    const api = mockApi({
      '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN, payStatus: 1 }),
      '/api/pay/status': statuses(1, 2),
    });
    const { router } = renderRoute(`/pages/order/pay/index?orderSn=${SN}&from=pay`);
    await screen.findByTestId('pay-checking');
    await screen.findByTestId('pay-success', {}, { timeout: 4000 });
    expect(bodyText()).toContain('支付成功');
    expect(api.callsTo('/api/pay/status')).toHaveLength(2);
    await waitFor(() =>
      expect(api.callsTo('/api/hk/pointReport').map((c) => c.body)).toEqual([
        expect.objectContaining({ event: 'pay_success', orderSn: SN }),
      ]),
    );
    fireEvent.click(screen.getByTestId('pay-view-orders'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index'));
  });

  it('still unpaid after 10 polls → 支付结果确认中; 我已支付 polls again, 重新支付 shows the form', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const api = mockApi({
      '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN, payStatus: 1 }),
      '/api/pay/status': statuses(1),
    });
    renderRoute(`/pages/order/pay/index?orderSn=${SN}&from=pay`);
    await screen.findByTestId('pay-checking');
    await vi.advanceTimersByTimeAsync(20_000);
    await screen.findByTestId('pay-pending');
    expect(bodyText()).toContain('支付结果确认中');
    expect(api.callsTo('/api/pay/status')).toHaveLength(10);

    fireEvent.click(screen.getByTestId('pay-paid-already'));
    await screen.findByTestId('pay-checking');
    await vi.advanceTimersByTimeAsync(20_000);
    await screen.findByTestId('pay-pending');
    expect(api.callsTo('/api/pay/status')).toHaveLength(20);

    fireEvent.click(screen.getByTestId('pay-again'));
    await screen.findByTestId('pay-form');
  });

  it.each([
    ['paid', { orderStatus: 1, payStatus: 2 }, 'pay-success', '支付成功'],
    ['free, in review', { orderStatus: 1, payStatus: 0 }, 'pay-status', '订单待审核'],
    ['cancelled', { orderStatus: 5, payStatus: 3 }, 'pay-closed', '订单已关闭'],
  ])(
    'an order that is not waiting for payment (%s) shows its status instead of the form',
    async (_name, patch, testId, text) => {
      const api = mockApi({ '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN, ...patch }) });
      renderRoute(`/pages/order/pay/index?orderSn=${SN}`);
      await screen.findByTestId(testId);
      expect(bodyText()).toContain(text);
      expect(screen.queryByTestId('pay-form')).toBeNull();
      expect(api.callsTo('/api/pay/status')).toHaveLength(0);
    },
  );

  it('30003 from pay is the 温馨提示 dialog', async () => {
    mockApi({
      '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN }),
      '/api/shop/order/pay': () => new Fail(30003, '订单已关闭，请重新下单'),
    });
    renderRoute(`/pages/order/pay/index?orderSn=${SN}`);
    await screen.findByTestId('pay-form');
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(dialogButtons()).toEqual(['联系客服', '确定']));
    expect(bodyText()).toContain('温馨提示');
    expect(bodyText()).toContain('订单已关闭，请重新下单');
    expect(go).not.toHaveBeenCalled();
  });
});
