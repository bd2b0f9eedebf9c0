/**
 * 收银台 and 订单支付 (SCREENS §4 details/cashier, order/orderDetails/pay): balance with the pay-password
 * keyboard (41001), online through the provider's page, the result after &from=pay, closed and paid
 * orders, the missing pay password, and 30003 while paying.
 */
import type { PayLaunch } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mallCashierPolling } from '../../../../features/iot-mall/components/mall-cashier';
import { apiTime, MALL_CARD, mallOrderDetailsFixture, ORDER_SN } from '../../../../features/iot-mall/test-fixtures';
import { browser } from '../../../../features/order/browser';
import { useIotStore } from '../../../../stores/iot';
import { dialogButtons } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const CASHIER = `/pages-sub/iot/integralShop/details/cashier?orderSn=${ORDER_SN}`;
const RETURN = `http://localhost/shop/#${CASHIER}`;

beforeEach(() => {
  useIotStore.setState({ loginSns: [MALL_CARD], simNo: MALL_CARD, iotIndexPopupPrevent: {}, simInfo: null });
  mallCashierPolling.intervalMs = 10;
  mallCashierPolling.maxTries = 3;
});

const type = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByTestId(`pay-kb-key-${d}`));
};

const launch = (patch: Partial<PayLaunch> = {}): PayLaunch => ({
  orderSn: ORDER_SN,
  payAmount: '9.90',
  payType: 'wxpay',
  payStatus: 1,
  paid: false,
  expireAt: apiTime(10 * 60_000),
  payUrl: 'https://pay.example.com/h5?trade=1',
  ...patch,
});

describe('收银台', () => {
  it('pays from the balance with the keyboard: 41001 tells the tries left, the right password pays', async () => {
    let tries = 0;
    const api = mockApi({
      '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture(),
      '/api/iot/repayShopOrder': () =>
        ++tries === 1
          ? new Fail(41001, '支付密码错误', { field: 'payPassword', remainTimes: 3 })
          : launch({ payType: 'balance', payStatus: 2, paid: true, payUrl: undefined }),
    });
    const { router } = renderRoute(CASHIER);
    await screen.findByTestId('mall-cashier-form');
    expect(screen.getByTestId('page-title').textContent).toContain('收银台');
    expect(screen.getByTestId('mall-cashier-amount').textContent).toBe('¥9.90');
    expect(screen.getByTestId('mall-cashier-countdown').textContent).toMatch(/^请在 \d\d:\d\d 内完成支付$/);
    expect(screen.getByTestId('mall-cashier-goods').textContent).toBe('车载手机支架 ×1');
    expect(screen.getByTestId('mall-cashier-points').textContent).toBe('500积分');
    expect(screen.getByTestId('mall-cashier-balance-hint').textContent).toBe('可用余额 ¥25.80');
    expect((screen.getByTestId('mall-pay-balance').querySelector('input') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByTestId('mall-cashier-submit'));
    expect((await screen.findByTestId('pay-kb-amount')).textContent).toBe('¥9.90');
    type('111111');
    await waitFor(() => expect(screen.getByTestId('pay-kb-error').textContent).toBe('支付密码错误，还可尝试3次'));
    type('258036');
    await screen.findByTestId('mall-cashier-success');
    expect(api.callsTo('/api/iot/repayShopOrder').map((c) => c.body)).toEqual([
      { orderSn: ORDER_SN, payType: 'balance', payPassword: '111111' },
      { orderSn: ORDER_SN, payType: 'balance', payPassword: '258036' },
    ]);
    fireEvent.click(screen.getByTestId('mall-cashier-view'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages-sub/iot/integralShop/order/orderDetails/index?orderSn=${ORDER_SN}`),
    );
  });

  it('a locked password disables the keyboard with the lock time', async () => {
    mockApi({
      '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture(),
      '/api/iot/repayShopOrder': () =>
        new Fail(41001, '', { field: 'payPassword', remainTimes: 0, lockedUntil: '2026-03-02 10:00:00' }),
    });
    renderRoute(CASHIER);
    fireEvent.click(await screen.findByTestId('mall-cashier-submit'));
    await screen.findByTestId('pay-kb-title');
    type('123456');
    await waitFor(() =>
      expect(screen.getByTestId('pay-kb-error').textContent).toBe(
        '支付密码已锁定 24 小时，2026-03-02 10:00:00 后可重试',
      ),
    );
    expect((screen.getByTestId('pay-kb-key-1') as HTMLButtonElement).disabled).toBe(true);
  });

  it('pays online: leaves for the provider with this page to come back to', async () => {
    vi.spyOn(browser, 'currentUrl').mockReturnValue(RETURN);
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const api = mockApi({
      '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture({ balance: '1.00' }),
      '/api/iot/repayShopOrder': () => launch(),
    });
    renderRoute(CASHIER);
    await screen.findByTestId('mall-cashier-form');
    // Not enough balance: the balance is not a choice, the first online type is chosen.
    expect(screen.getByTestId('mall-cashier-balance-hint').textContent).toBe('可用余额 ¥1.00 余额不足');
    expect((screen.getByTestId('money-pay-type-wxpay').querySelector('input') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('money-pay-type-alipay'));
    fireEvent.click(screen.getByTestId('mall-cashier-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/h5?trade=1'));
    expect(api.callsTo('/api/iot/repayShopOrder')[0]?.body).toEqual({
      orderSn: ORDER_SN,
      payType: 'alipay',
      returnUrl: RETURN,
    });
  });

  it('back from the provider: polls the status, then 支付成功; still unpaid → 支付结果确认中', async () => {
    let payStatus = 1;
    mockApi({
      '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture({ payStatus: 1 }),
      '/api/pay/status': () => ({
        orderSn: ORDER_SN,
        kind: 'integral',
        payStatus,
        orderStatus: payStatus === 2 ? 1 : 0,
        payAmount: '9.90',
        paidAt: null,
        expireAt: null,
      }),
    });
    renderRoute(`${CASHIER}&from=pay`);
    await screen.findByTestId('mall-cashier-pending');
    payStatus = 2;
    fireEvent.click(screen.getByTestId('mall-cashier-paid-already'));
    await screen.findByTestId('mall-cashier-success');
  });

  it('a closed or expired order says 订单已关闭; a paid one shows its result', async () => {
    let order = mallOrderDetailsFixture({ status: 4, payStatus: 3 });
    mockApi({ '/api/iot/shopOrderDetails': () => order });
    const first = renderRoute(CASHIER);
    expect((await screen.findByTestId('mall-cashier-closed')).textContent).toContain('积分已退回');
    first.unmount();

    order = mallOrderDetailsFixture({ expireAt: apiTime(-1000) });
    const second = renderRoute(CASHIER);
    await screen.findByTestId('mall-cashier-closed');
    second.unmount();

    order = mallOrderDetailsFixture({ status: 1, payStatus: 2 });
    const { router } = renderRoute(CASHIER);
    await screen.findByTestId('mall-cashier-success');
    fireEvent.click(screen.getByTestId('mall-cashier-mall'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/index'));
  });

  it('without a pay password asks to set one first', async () => {
    const api = mockApi({ '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture({ existPayPassword: 0 }) });
    const { router } = renderRoute(CASHIER);
    fireEvent.click(await screen.findByTestId('mall-cashier-submit'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '去设置']));
    fireEvent.click(screen.getByText('去设置'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages/iot/index/payPassword/index?redirect=${encodeURIComponent(CASHIER)}`),
    );
    expect(api.callsTo('/api/iot/repayShopOrder')).toHaveLength(0);
  });

  it('订单支付: a 30003 while paying shows the dialog and goes to the order', async () => {
    mockApi({
      '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture({ balance: '0.00' }),
      '/api/iot/repayShopOrder': () => new Fail(30003, '订单已关闭，请重新下单'),
    });
    const { router } = renderRoute(`/pages-sub/iot/integralShop/order/orderDetails/pay?orderSn=${ORDER_SN}`);
    await screen.findByTestId('mall-cashier-form');
    expect(screen.getByTestId('page-title').textContent).toContain('订单支付');
    fireEvent.click(screen.getByTestId('mall-cashier-submit'));
    await waitFor(() => expect(document.body.textContent).toContain('订单已关闭，请重新下单'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages-sub/iot/integralShop/order/orderDetails/index?orderSn=${ORDER_SN}`),
    );
  });
});
