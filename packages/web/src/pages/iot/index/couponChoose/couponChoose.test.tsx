import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activityFixture,
  freshDay,
  iotOrderFixture,
  launchFixture,
  payStatusFixture,
} from '../../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { browser } from '../../../../features/order/browser';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, dialogButtons, expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const CARD = '89860012345678901234';
const CP_SN = 'CP20260101100000654321';
const RETURN = 'http://localhost/shop/#/pages/iot/index/couponChoose/pay/index?activityId=7';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

function stubBrowser() {
  vi.spyOn(browser, 'currentUrl').mockReturnValue(RETURN);
  return vi.spyOn(browser, 'go').mockImplementation(() => {});
}

const cardOf = (id: number) =>
  screen.getAllByTestId('coupon-activity').find((el) => el.dataset.id === String(id)) as HTMLElement;

describe('充值活动', () => {
  it('lists the activities with price, value, months, coupons, stock and limit; the banner when required', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture({ needBuyCoupon: 1 }),
      '/api/iot/couponChoose': () => ({
        needBuyCoupon: 1,
        list: [
          activityFixture(),
          activityFixture({ id: 8, name: '售罄活动', stock: 0, rules: '' }),
          activityFixture({ id: 9, name: '已参与活动', stock: null, limitTimes: 1, boughtTimes: 1, coinAmount: 0 }),
        ],
      }),
    });
    const { router } = renderRoute('/pages/iot/index/couponChoose/index');
    await screen.findByTestId('coupon-choose-page');
    await screen.findAllByTestId('coupon-activity');
    expect(screen.getByTestId('page-title').textContent).toContain('充值活动');
    expect(screen.getByTestId('coupon-must-buy').textContent).toContain('请先参与充值活动后使用');

    const first = within(cardOf(7));
    expect(first.getByTestId('coupon-activity-name').textContent).toBe('充100得120话费券');
    expect(first.getByTestId('coupon-activity-price').textContent).toBe('¥100.00');
    expect(first.getByTestId('coupon-activity-face').textContent).toBe('总面值 ¥120.00');
    expect(first.getByText('分2个月发放')).toBeTruthy();
    expect(first.getByTestId('coupon-stock').textContent).toBe('仅剩5份');
    expect(first.getByTestId('coupon-limit').textContent).toBe('每卡限参与1次，已参与0次');
    expect(first.getAllByTestId('coupon-month').map((m) => m.textContent)).toEqual([
      '第1个月套餐抵扣券 ¥30.00 ×2',
      '第2个月套餐抵扣券 ¥30.00 ×2',
    ]);
    expect(first.getByTestId('coupon-coin').textContent).toBe('另赠 20 券币');
    expect(first.getByText('活动规则')).toBeTruthy();

    const soldOut = within(cardOf(8));
    expect(soldOut.getByTestId('coupon-sold-out').textContent).toBe('已售罄');
    expect((soldOut.getByTestId('coupon-join-8') as HTMLButtonElement).disabled).toBe(true);
    expect(soldOut.queryByText('活动规则')).toBeNull();
    const limited = within(cardOf(9));
    expect(limited.getByTestId('coupon-limit').textContent).toBe('已达参与上限');
    expect((limited.getByTestId('coupon-join-9') as HTMLButtonElement).disabled).toBe(true);
    expect(limited.queryByTestId('coupon-stock')).toBeNull();

    fireEvent.click(first.getByTestId('coupon-join-7'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/couponChoose/pay/index?activityId=7'));
  });

  it('says 暂无活动 when there is none, without the banner for a card that need not join', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/couponChoose': () => ({ needBuyCoupon: 0, list: [] }),
    });
    renderRoute('/pages/iot/index/couponChoose/index');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无活动');
    expect(screen.queryByTestId('coupon-must-buy')).toBeNull();
  });
});

describe('充值活动支付', () => {
  it('shows what the card receives, requires the rules, and leaves for payUrl', async () => {
    const go = stubBrowser();
    const api = mockApi({
      '/api/iot/couponChoose': () => ({ needBuyCoupon: 1, list: [activityFixture()] }),
      '/api/iot/createCouponOrder': () => launchFixture({ orderSn: CP_SN, payUrl: 'https://pay.example.com/cp' }),
    });
    renderRoute('/pages/iot/index/couponChoose/pay/index?activityId=7');
    await screen.findByTestId('coupon-pay-form');
    expect(screen.getByTestId('page-title').textContent).toContain('充值活动支付');
    expect(screen.getByTestId('coupon-pay-name').textContent).toBe('充100得120话费券');
    expect(screen.getByTestId('coupon-pay-price').textContent).toBe('¥100.00');
    expect(screen.getByTestId('coupon-pay-face').textContent).toBe('¥120.00');
    expect(screen.getAllByTestId('coupon-month')).toHaveLength(2);
    // Online only: no balance.
    expect(screen.getByTestId('money-pay-type-wxpay')).toBeTruthy();
    expect(screen.getByTestId('money-pay-type-alipay')).toBeTruthy();
    expect(screen.queryByTestId('money-pay-type-balance')).toBeNull();

    fireEvent.click(screen.getByTestId('coupon-submit'));
    await expectToast('请先阅读并同意《活动规则》');
    expect(api.callsTo('/api/iot/createCouponOrder')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('coupon-rules-link'));
    await waitFor(() => expect(screen.getByTestId('coupon-rules-content').textContent).toBe('活动期间每卡限参与一次'));
    fireEvent.click(screen.getByTestId('coupon-rules-ok'));
    fireEvent.click(screen.getByTestId('coupon-agree'));
    fireEvent.click(screen.getByTestId('money-pay-type-alipay'));
    fireEvent.click(screen.getByTestId('coupon-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/cp'));
    const body = api.callsTo('/api/iot/createCouponOrder')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ activityId: 7, payType: 'alipay', returnUrl: RETURN });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('30001 shows the sold-out dialog and reloads the stock', async () => {
    stubBrowser();
    let stock = 1;
    const api = mockApi({
      '/api/iot/couponChoose': () => ({ needBuyCoupon: 0, list: [activityFixture({ stock })] }),
      '/api/iot/createCouponOrder': () => {
        stock = 0;
        return new Fail(30001, '');
      },
    });
    renderRoute('/pages/iot/index/couponChoose/pay/index?activityId=7');
    await screen.findByTestId('coupon-pay-form');
    fireEvent.click(screen.getByTestId('coupon-agree'));
    fireEvent.click(screen.getByTestId('coupon-submit'));
    await waitFor(() => expect(bodyText()).toContain('哎呀！客官来晚了，该商品卖光啦！'));
    expect(dialogButtons()).toEqual(['联系客服', '返回商城']);
    await waitFor(() => expect(api.callsTo('/api/iot/couponChoose')).toHaveLength(2));
    await waitFor(() => expect((screen.getByTestId('coupon-submit') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('coupon-submit').textContent).toBe('已售罄');
  });

  it('-1 已达参与上限 is a toast', async () => {
    stubBrowser();
    mockApi({
      '/api/iot/couponChoose': () => ({ needBuyCoupon: 0, list: [activityFixture()] }),
      '/api/iot/createCouponOrder': () => new Fail(-1, '已达参与上限'),
    });
    renderRoute('/pages/iot/index/couponChoose/pay/index?activityId=7');
    await screen.findByTestId('coupon-pay-form');
    fireEvent.click(screen.getByTestId('coupon-agree'));
    fireEvent.click(screen.getByTestId('coupon-submit'));
    await expectToast('已达参与上限');
  });

  it('a launch without payUrl opens the cashier in place; back from paying, success goes to the IoT home', async () => {
    stubBrowser();
    mockApi({
      '/api/iot/couponChoose': () => ({ needBuyCoupon: 1, list: [activityFixture()] }),
      '/api/iot/createCouponOrder': () => launchFixture({ orderSn: CP_SN, payUrl: undefined }),
      '/api/iot/orderInfo': () =>
        iotOrderFixture({ orderSn: CP_SN, kind: 'coupon', title: '充100得120话费券', gift: '0.00' }),
      '/api/pay/status': () => payStatusFixture(2, CP_SN),
      '/api/iot/simRefresh': () => simFixture({ needBuyCoupon: 0 }),
      '/api/iot/simInfo': () => simFixture({ needBuyCoupon: 0 }),
    });
    const { router } = renderRoute('/pages/iot/index/couponChoose/pay/index?activityId=7');
    await screen.findByTestId('coupon-pay-form');
    fireEvent.click(screen.getByTestId('coupon-agree'));
    fireEvent.click(screen.getByTestId('coupon-submit'));
    await waitFor(() => expect(locationOf(router)).toBe(`/pages/iot/index/couponChoose/pay/index?orderSn=${CP_SN}`));
    await screen.findByTestId('cashier-form');
    expect(screen.getByTestId('cashier-title').textContent).toBe('充100得120话费券');
    expect(screen.queryByTestId('cashier-gift')).toBeNull();

    router.navigate(`/pages/iot/index/couponChoose/pay/index?orderSn=${CP_SN}&from=pay`);
    await screen.findByTestId('cashier-success');
    expect(bodyText()).toContain('支付成功');
    await waitFor(() => expect(useIotStore.getState().simInfo?.needBuyCoupon).toBe(0));
    fireEvent.click(screen.getByTestId('cashier-done'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });

  it('an unknown activity says so and leads back to the list', async () => {
    mockApi({
      '/api/iot/couponChoose': () => ({ needBuyCoupon: 0, list: [activityFixture()] }),
      '/api/iot/simInfo': () => simFixture(),
    });
    const { router } = renderRoute('/pages/iot/index/couponChoose/pay/index?activityId=99');
    await screen.findByTestId('coupon-pay-not-found');
    expect(bodyText()).toContain('活动不存在或已结束');
    fireEvent.click(screen.getByText('返回活动列表'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/couponChoose/index'));
  });
});
