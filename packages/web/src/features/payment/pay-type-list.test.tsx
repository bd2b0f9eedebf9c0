/**
 * The one pay-type list inside and outside WeChat (the user agent stubbed): WeChat's browser blocks
 * Alipay's pages, so there the list leaves Alipay out, the cashier chooses and launches WeChat Pay, and an
 * order payable by Alipay only says to open the page in another browser instead of an empty list.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n';
import { useIotStore } from '../../stores/iot';
import { mockApi, renderRoute } from '../../test/render-route';
import { balanceChoiceFixture, freshDay, launchFixture } from '../iot-buy/test-fixtures';
import { simFixture } from '../iot-core/sim-fixture';
import { browser } from '../order/browser';
import { orderDetailFixture, shanghaiIn } from '../order/test-orders';
import { PayTypeList } from './pay-type-list';

const SN = 'SO20260101120000654399';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const inBrowser = (userAgent: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);

beforeEach(() => {
  vi.spyOn(browser, 'go').mockImplementation(() => {});
  vi.spyOn(browser, 'currentUrl').mockReturnValue(`http://shop.test/shop/#/pages/order/pay/index?orderSn=${SN}`);
});

/** The shop's 订单支付 of an order offering these methods, Alipay first. */
function payPage(payTypes: ('wxpay' | 'alipay')[]) {
  const api = mockApi({
    '/api/shop/order/detail': () => orderDetailFixture({ orderSn: SN, expireAt: shanghaiIn(20 * 60_000), payTypes }),
    '/api/shop/order/pay': () => ({
      orderSn: SN,
      payAmount: '520.00',
      payType: 'wxpay',
      payStatus: 1,
      paid: false,
      expireAt: null,
      payUrl: 'https://pay.example.com/h5?trade=1',
    }),
  });
  renderRoute(`/pages/order/pay/index?orderSn=${SN}`);
  return api;
}

describe('the pay-type list by browser', () => {
  it('outside WeChat it offers Alipay and WeChat Pay, Alipay first as the order says', async () => {
    inBrowser(SAFARI_UA);
    payPage(['alipay', 'wxpay']);
    await screen.findByTestId('pay-methods');
    expect(screen.getByTestId('pay-type-alipay')).toBeTruthy();
    expect(screen.getByTestId('pay-type-wxpay')).toBeTruthy();
    expect(screen.queryByTestId('pay-methods-open-in-browser')).toBeNull();
  });

  it('inside WeChat it leaves Alipay out, and paying launches WeChat Pay', async () => {
    inBrowser(WECHAT_UA);
    const api = payPage(['alipay', 'wxpay']);
    await screen.findByTestId('pay-methods');
    expect(screen.queryByTestId('pay-type-alipay')).toBeNull();
    expect(screen.getByTestId('pay-type-wxpay')).toBeTruthy();
    expect(screen.getByTestId('pay-methods').textContent).not.toContain('支付宝');
    expect(screen.queryByTestId('pay-methods-open-in-browser')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(api.callsTo('/api/shop/order/pay')).toHaveLength(1));
    expect(api.callsTo('/api/shop/order/pay')[0]?.body).toMatchObject({ orderSn: SN, payType: 'wxpay' });
  });

  it('inside WeChat, an order payable by Alipay only says to open the page in a browser, and cannot be submitted', async () => {
    inBrowser(WECHAT_UA);
    const api = payPage(['alipay']);
    const notice = await screen.findByTestId('pay-methods-open-in-browser');
    expect(notice.textContent).toBe('微信内无法使用支付宝，请点击右上角“…”，选择在浏览器中打开后支付');
    expect(screen.queryByTestId('pay-type-alipay')).toBeNull();
    expect(screen.getByTestId('pay-methods').textContent).not.toContain('暂无可用支付方式');
    expect((screen.getByTestId('pay-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('/api/shop/order/pay')).toHaveLength(0);
  });

  it('a card recharge inside WeChat: Alipay left out, WeChat Pay preselected and sent; Alipay only → the notice', async () => {
    inBrowser(WECHAT_UA);
    freshDay();
    const card = '89860012345678901234';
    useIotStore.setState({ loginSns: [card], simNo: card, iotIndexPopupPrevent: {}, simInfo: null });
    let payTypes: ('wxpay' | 'alipay')[] = ['alipay', 'wxpay'];
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/balanceChoose': () => balanceChoiceFixture({ payTypes }),
      '/api/iot/createBalanceOrder': () => launchFixture(),
    });
    const first = renderRoute('/pages/iot/index/balance/index');
    await screen.findByTestId('balance-page');
    expect(screen.queryByTestId('money-pay-type-alipay')).toBeNull();
    expect(screen.getByTestId('money-pay-type-wxpay')).toBeTruthy();
    fireEvent.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(api.callsTo('/api/iot/createBalanceOrder')).toHaveLength(1));
    expect(api.callsTo('/api/iot/createBalanceOrder')[0]?.body).toMatchObject({ payType: 'wxpay' });
    first.unmount();

    payTypes = ['alipay'];
    renderRoute('/pages/iot/index/balance/index');
    expect(await screen.findByTestId('money-pay-types-open-in-browser')).toBeTruthy();
    expect((screen.getByTestId('balance-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('inside WeChat, a card balance that does not cover the amount is no way to pay either: the notice shows under it', () => {
    inBrowser(WECHAT_UA);
    render(
      <PayTypeList
        payTypes={['balance', 'alipay']}
        value={null}
        onChange={() => {}}
        balance={{ amount: '1.00', enough: false }}
        testId="money-pay-types"
        itemTestId={(type) => `money-pay-type-${type}`}
      />,
    );
    expect(screen.getByTestId('money-pay-type-balance')).toBeTruthy();
    expect(screen.queryByTestId('money-pay-type-alipay')).toBeNull();
    expect(screen.getByTestId('money-pay-types-open-in-browser')).toBeTruthy();
  });

  it('in English the notice is in English', async () => {
    inBrowser(WECHAT_UA);
    await setLocale('en');
    render(
      <PayTypeList
        payTypes={['alipay']}
        value={null}
        onChange={() => {}}
        testId="money-pay-types"
        itemTestId={(type) => `money-pay-type-${type}`}
      />,
    );
    expect(screen.getByTestId('money-pay-types-open-in-browser').textContent).toContain(
      'Alipay cannot be used inside WeChat',
    );
  });
});
