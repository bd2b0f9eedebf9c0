import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cashierPolling } from '../../../../features/iot-buy/components/iot-cashier';
import {
  apiTime,
  balanceChoiceFixture,
  freshDay,
  iotOrderFixture,
  launchFixture,
  payStatusFixture,
} from '../../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { browser } from '../../../../features/order/browser';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, dialogButtons, expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute, SIM_LOGIN_CONFIG } from '../../../../test/render-route';

const CARD = '89860012345678901234';
const RETURN = 'http://localhost/shop/#/pages/iot/index/balance/index';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
  cashierPolling.intervalMs = 2000;
  cashierPolling.maxTries = 10;
});

function stubBrowser() {
  vi.spyOn(browser, 'currentUrl').mockReturnValue(RETURN);
  return vi.spyOn(browser, 'go').mockImplementation(() => {});
}

describe('余额充值', () => {
  it('shows balance, arrears, the recharge number and the amounts; 立即充值 sends the option and leaves for payUrl', async () => {
    const go = stubBrowser();
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/balanceChoose': () => balanceChoiceFixture({ arrearsBalance: '3.20' }),
      '/api/iot/createBalanceOrder': () => launchFixture(),
    });
    renderRoute('/pages/iot/index/balance/index');
    await screen.findByTestId('balance-page');
    expect(screen.getByTestId('page-title').textContent).toContain('余额充值');
    expect(screen.getByTestId('balance-current').textContent).toBe('¥12.50');
    expect(screen.getByTestId('balance-arrears').textContent).toBe('欠费 ¥3.20充值后优先抵扣欠费');
    expect(screen.getByTestId('balance-recharge-no').textContent).toBe(CARD);
    expect(screen.getByTestId('balance-option-11').textContent).toBe('¥50.00');
    expect(screen.getByTestId('balance-option-12').textContent).toBe('热门¥100.00赠送¥10.00');
    // The first amount and the first pay type are preselected.
    expect(screen.getByTestId('balance-to-pay').textContent).toBe('¥50.00');

    fireEvent.click(screen.getByTestId('balance-option-12'));
    expect(screen.getByTestId('balance-to-pay').textContent).toBe('¥100.00');
    fireEvent.click(screen.getByTestId('money-pay-type-alipay'));
    fireEvent.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/h5?trade=1'));
    const first = api.callsTo('/api/iot/createBalanceOrder')[0]?.body as Record<string, unknown>;
    expect(first).toMatchObject({ optionId: 12, rechargeNo: CARD, payType: 'alipay', returnUrl: RETURN });
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toHaveProperty('amount');

    // The same intent again (a retry) keeps its uuid; a different one gets a new uuid.
    fireEvent.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(api.callsTo('/api/iot/createBalanceOrder')).toHaveLength(2));
    const uuidOf = (i: number) =>
      (api.callsTo('/api/iot/createBalanceOrder')[i]?.body as { uuid?: string } | undefined)?.uuid;
    expect(uuidOf(1)).toBe(first.uuid);
    fireEvent.click(screen.getByTestId('balance-option-11'));
    fireEvent.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(api.callsTo('/api/iot/createBalanceOrder')).toHaveLength(3));
    expect(uuidOf(2)).not.toBe(first.uuid);
  });

  it('uses the device number of a device and validates 其他金额; without payUrl it opens the cashier', async () => {
    stubBrowser();
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture({ sourceType: 2, deviceNo: 'DEV20260001' }),
      '/api/iot/balanceChoose': () =>
        balanceChoiceFixture({ rechargeNo: 'DEV20260001', customMin: 10, customMax: 500, payTypes: ['wxpay'] }),
      '/api/iot/createBalanceOrder': () => launchFixture({ payUrl: undefined }),
      '/api/iot/orderInfo': () => iotOrderFixture(),
    });
    const { router } = renderRoute('/pages/iot/index/balance/index');
    await screen.findByTestId('balance-page');
    expect(screen.getByTestId('balance-recharge-no').textContent).toBe('DEV20260001');
    expect(screen.queryByTestId('money-pay-type-alipay')).toBeNull();

    fireEvent.click(screen.getByTestId('balance-option-custom'));
    const input = screen.getByTestId('balance-custom-input').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('balance-submit'));
    await expectToast('请输入10-500元的整数金额');
    fireEvent.change(input, { target: { value: '8a8' } });
    expect(input.value).toBe('88');
    expect(screen.getByTestId('balance-to-pay').textContent).toBe('¥88.00');
    fireEvent.click(screen.getByTestId('balance-submit'));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456'),
    );
    expect(api.callsTo('/api/iot/createBalanceOrder')[0]?.body).toMatchObject({
      amount: 88,
      rechargeNo: 'DEV20260001',
      payType: 'wxpay',
    });
    expect(api.callsTo('/api/iot/createBalanceOrder')[0]?.body).not.toHaveProperty('optionId');
    await screen.findByTestId('cashier-form');
  });

  it('links 充值记录 to the 充值订单 tab of 订单记录', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/balanceChoose': () => balanceChoiceFixture(),
      '/api/iot/simBalanceList': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    });
    const { router } = renderRoute('/pages/iot/index/balance/index');
    fireEvent.click(await screen.findByTestId('balance-records'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/orderLogs/index?tab=balance'));
  });

  it('without amounts says 暂无充值档位，请联系客服 with a way to customer service', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/balanceChoose': () => balanceChoiceFixture({ list: [], allowCustom: 0 }),
    });
    const { router } = renderRoute('/pages/iot/index/balance/index');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无充值档位，请联系客服');
    fireEvent.click(screen.getByTestId('balance-kefu'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/customer/index'));
  });

  it('shows 40001 as a toast and a reload state; the reload loads the amounts', async () => {
    let closed = true;
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/balanceChoose': () => (closed ? new Fail(40001, '该卡暂不支持充值') : balanceChoiceFixture()),
    });
    renderRoute('/pages/iot/index/balance/index');
    await expectToast('该卡暂不支持充值');
    await screen.findByTestId('page-error-state');
    closed = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('balance-page');
  });

  it('without a card goes to the card login with the page as redirect', async () => {
    useIotStore.setState({ simNo: '' });
    const api = mockApi({ '/api/simLoginConfig': () => SIM_LOGIN_CONFIG });
    const { router } = renderRoute('/pages/iot/index/balance/index');
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/iot/login/index?redirect=${encodeURIComponent('/pages/iot/index/balance/index')}`,
      ),
    );
    expect(api.callsTo('/api/iot/balanceChoose')).toHaveLength(0);
  });
});

describe('充值支付 (IoT cashier)', () => {
  it('shows the order and launches the chosen pay type, leaving for payUrl', async () => {
    const go = stubBrowser();
    const api = mockApi({
      '/api/iot/orderInfo': () => iotOrderFixture(),
      '/api/iot/payOrder': () => launchFixture({ payType: 'alipay', payUrl: 'https://pay.example.com/ali' }),
    });
    renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456');
    await screen.findByTestId('cashier-form');
    expect(screen.getByTestId('page-title').textContent).toContain('充值支付');
    expect(api.callsTo('/api/iot/orderInfo')[0]?.query).toEqual({ orderSn: 'BL20260101100000123456' });
    expect(screen.getByTestId('cashier-amount').textContent).toBe('¥100.00');
    expect(screen.getByTestId('cashier-title').textContent).toBe('余额充值 ¥100.00');
    expect(screen.getByTestId('cashier-gift').textContent).toBe('¥10.00');
    expect(screen.queryByTestId('cashier-coupon')).toBeNull();
    expect(screen.getByTestId('cashier-countdown').textContent).toMatch(/^请在 (10:00|09:5\d) 内完成支付$/);
    // The order's own pay type is preselected.
    expect((screen.getByTestId('money-pay-type-alipay').querySelector('input') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('cashier-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/ali'));
    expect(api.callsTo('/api/iot/payOrder')[0]?.body).toEqual({
      orderSn: 'BL20260101100000123456',
      payType: 'alipay',
      returnUrl: RETURN,
    });
  });

  it('back from paying polls the status: 充值成功 refreshes the card and shows the new balance', async () => {
    const api = mockApi({
      '/api/iot/orderInfo': () => iotOrderFixture(),
      '/api/pay/status': () => payStatusFixture(2),
      '/api/iot/simRefresh': () => simFixture({ balance: '122.50' }),
    });
    const { router } = renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456&from=pay');
    await screen.findByTestId('cashier-success');
    expect(bodyText()).toContain('充值成功');
    expect(bodyText()).toContain('¥100.00 已充入卡片余额，另赠 ¥10.00');
    await waitFor(() => expect(screen.getByTestId('cashier-balance-now').textContent).toBe('当前余额 ¥122.50'));
    expect(api.callsTo('/api/pay/status')[0]?.query).toEqual({ orderSn: 'BL20260101100000123456' });
    expect(api.callsTo('/api/iot/simRefresh')[0]?.body).toEqual({ force: 0 });
    expect(useIotStore.getState().simInfo?.balance).toBe('122.50');
    fireEvent.click(screen.getByTestId('cashier-records'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/orderLogs/index?tab=balance'));
  });

  it('a recharge that paid arrears says where the money went: the arrears first, the rest to the balance', async () => {
    const paid = (arrearsPaid: string, payAmount: string) =>
      iotOrderFixture({ payAmount, gift: '0.00', arrearsPaid, title: `余额充值 ¥${payAmount}` });
    let order = paid('23.50', '23.50');
    mockApi({
      '/api/iot/orderInfo': () => order,
      '/api/pay/status': () => payStatusFixture(2),
      '/api/iot/simRefresh': () => simFixture({ balance: '12.50' }),
    });
    const first = renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456&from=pay');
    await screen.findByTestId('cashier-success');
    expect(bodyText()).toContain('¥23.50 已抵扣欠费');
    expect(bodyText()).not.toContain('已充入卡片余额');
    first.unmount();
    freshDay();
    order = paid('23.50', '50.00');
    renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456&from=pay');
    await screen.findByTestId('cashier-success');
    expect(bodyText()).toContain('¥23.50 已抵扣欠费，¥26.50 已充入卡片余额');
  });

  it('still unpaid after the polls: 支付结果确认中, 我已支付 polls again, 重新支付 shows the form', async () => {
    cashierPolling.intervalMs = 5;
    cashierPolling.maxTries = 2;
    let payStatus = 1;
    const api = mockApi({
      '/api/iot/orderInfo': () => iotOrderFixture(),
      '/api/pay/status': () => payStatusFixture(payStatus),
      '/api/iot/payOrder': () => launchFixture({ payUrl: undefined }),
      '/api/iot/simRefresh': () => simFixture(),
      '/api/iot/simInfo': () => simFixture(),
    });
    const { router } = renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456&from=pay');
    await screen.findByTestId('cashier-pending');
    expect(bodyText()).toContain('支付结果确认中');
    expect(api.callsTo('/api/pay/status')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('cashier-paid-already'));
    await screen.findByTestId('cashier-pending');
    await waitFor(() => expect(api.callsTo('/api/pay/status')).toHaveLength(4));

    fireEvent.click(screen.getByTestId('cashier-repay'));
    await screen.findByTestId('cashier-form');

    payStatus = 2;
    fireEvent.click(screen.getByTestId('cashier-submit'));
    // This launch has neither payUrl nor JSAPI: the cashier looks for the result itself.
    await screen.findByTestId('cashier-success');
    expect(api.callsTo('/api/iot/payOrder')[0]?.body).toMatchObject({ orderSn: 'BL20260101100000123456' });
    fireEvent.click(screen.getByTestId('cashier-done'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });

  it('a closed order shows 订单已关闭 with 重新充值', async () => {
    mockApi({ '/api/iot/orderInfo': () => iotOrderFixture({ payStatus: 3, orderStatus: 2 }) });
    const { router } = renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456');
    await screen.findByTestId('cashier-closed');
    expect(bodyText()).toContain('订单已关闭');
    fireEvent.click(screen.getByTestId('cashier-again'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/balance/index'));
  });

  it('an expired unpaid order is closed', async () => {
    mockApi({ '/api/iot/orderInfo': () => iotOrderFixture({ expireAt: apiTime(-60_000) }) });
    renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456');
    await screen.findByTestId('cashier-closed');
  });

  it('a paid order shows its result without polling', async () => {
    const api = mockApi({
      '/api/iot/orderInfo': () => iotOrderFixture({ payStatus: 2, orderStatus: 1 }),
      '/api/iot/simRefresh': () => simFixture({ balance: '122.50' }),
    });
    renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456');
    await screen.findByTestId('cashier-success');
    expect(api.callsTo('/api/pay/status')).toHaveLength(0);
  });

  it('30003 on paying shows the dialog and then the order as it is now', async () => {
    stubBrowser();
    let closed = false;
    mockApi({
      '/api/iot/orderInfo': () => (closed ? iotOrderFixture({ payStatus: 3, orderStatus: 2 }) : iotOrderFixture()),
      '/api/iot/payOrder': () => {
        closed = true;
        return new Fail(30003, '订单已关闭，请重新下单');
      },
    });
    renderRoute('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000123456');
    fireEvent.click(await screen.findByTestId('cashier-submit'));
    await waitFor(() => expect(bodyText()).toContain('订单已关闭，请重新下单'));
    expect(dialogButtons()).toEqual(['联系客服', '确定']);
    await screen.findByTestId('cashier-closed');
  });

  it('without an orderSn says so', async () => {
    mockApi({});
    renderRoute('/pages/iot/index/balance/pay/index');
    await screen.findByTestId('cashier-missing');
    expect(bodyText()).toContain('缺少订单号');
  });
});
