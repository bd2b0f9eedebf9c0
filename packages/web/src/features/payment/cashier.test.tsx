/** The one cashier through a screen that uses it (the shop's 订单支付): one launch per intent, busy meanwhile. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '../../test/render-route';
import { launchFixture } from '../iot-buy/test-fixtures';
import { browser } from '../order/browser';
import { orderDetailFixture, shanghaiIn } from '../order/test-orders';

const SN = 'SO20260101120000654322';

beforeEach(() => {
  vi.spyOn(browser, 'go').mockImplementation(() => {});
  vi.spyOn(browser, 'currentUrl').mockReturnValue(`http://shop.test/shop/#/pages/order/pay/index?orderSn=${SN}`);
});

describe('the cashier', () => {
  it('a second tap while the launch is under way sends nothing, and the button is busy', async () => {
    const api = mockApi({
      '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN, expireAt: shanghaiIn(20 * 60_000) }),
      '/api/shop/order/pay': () => launchFixture({ orderSn: SN, payAmount: '520.00', payStatus: 1, expireAt: null }),
    });
    // The launch answers only when released; every request that reaches the stub is recorded.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).includes('/api/shop/order/pay')) await gate;
      return stubbed(url, init);
    });
    renderRoute(`/pages/order/pay/index?orderSn=${SN}`);
    const submit = await screen.findByTestId('pay-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect((screen.getByTestId('pay-submit') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByTestId('pay-submit'));
    release();
    await waitFor(() => expect(browser.go).toHaveBeenCalledWith('https://pay.example.com/h5?trade=1'));
    expect(api.callsTo('/api/shop/order/pay')).toHaveLength(1);
  });
});
