/**
 * 网络加速, 加速包支付 and 加速记录 (SCREENS §4, §5.6), rendered in the real app with the API mocked: the
 * running pass and the shelf, 40001, the agreement and pay flows, an operator refusal (30003), the
 * result of an online payment refused after it was paid, and the records with their filters and refunds.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDay } from '../../../../features/iot-buy/test-fixtures';
import { memberPolling } from '../../../../features/iot-member/components/member-pay-result';
import {
  accelerateListFixture,
  accelerateOrderFixture,
  launchFixture,
} from '../../../../features/iot-member/test-fixtures';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, dialogButtons, settle, toastText } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const CARD = '89860012345678901234';
const ACCELERATE = '/pages-sub/iot/index/accelerate/index';
const CASHIER = '/pages-sub/iot/index/accelerate/cashier?accelerateId=11';
const RECORDS = '/pages-sub/iot/index/accelerate/order';

beforeEach(() => {
  freshDay();
  memberPolling.intervalMs = 10;
  memberPolling.maxTries = 2;
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, vipPopupShown: {}, simInfo: null });
});

const type = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByTestId(`pay-kb-key-${d}`));
};

describe('网络加速', () => {
  it('shows the running pass with its speed and time left, the shelf, and opens 加速包支付 and 加速记录', async () => {
    // 2026-01-xx 10:00 local; the pass ends 3 days and 5 hours later.
    const end = new Date(Date.now() + (3 * 24 + 5) * 3600_000 + 8 * 3600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    mockApi({
      '/api/iot/accelerateList': () =>
        accelerateListFixture({ accelerateOrder: accelerateOrderFixture({ endAt: end }) }),
    });
    const { router } = renderRoute(ACCELERATE);
    expect(screen.getByTestId('page-title').textContent).toContain('网络加速');
    await screen.findByTestId('accelerate-passes');
    const current = screen.getByTestId('accelerate-current');
    expect(current.dataset.state).toBe('valid');
    expect(within(current).getByTestId('accelerate-current-name').textContent).toContain('加速周卡');
    expect(within(current).getByTestId('accelerate-current-name').textContent).toContain('加速中');
    expect(within(current).getByTestId('accelerate-current-speed').textContent).toBe('最高300Mbps');
    expect(within(current).getByTestId('accelerate-current-period').textContent).toBe(`剩余 3天5小时 · ${end} 到期`);

    const passes = screen.getAllByTestId('accelerate-pass');
    expect(passes.map((p) => within(p).getByTestId('accelerate-pass-name').textContent)).toEqual([
      '加速体验包',
      '加速周卡',
      '极速月卡',
    ]);
    expect(within(passes[2] as HTMLElement).getByTestId('accelerate-pass-speed').textContent).toContain('最高1000Mbps');
    expect(within(passes[2] as HTMLElement).getByTestId('accelerate-pass-duration').textContent).toBe('30天');
    expect(within(passes[0] as HTMLElement).getByTestId('accelerate-pass-price').textContent).toBe('¥2.00');

    fireEvent.click(screen.getByTestId('accelerate-open-12'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/index/accelerate/cashier?accelerateId=12'));
    void router.navigate(ACCELERATE);
    await screen.findByTestId('accelerate-records');
    fireEvent.click(screen.getByTestId('accelerate-records'));
    await waitFor(() => expect(locationOf(router)).toBe(RECORDS));
  });

  it('a queued pass shows when it starts; none shows the offer', async () => {
    let order: ReturnType<typeof accelerateOrderFixture> | null = accelerateOrderFixture({
      status: 2,
      validTag: 0,
      startAt: '2026-02-01 10:00:00',
    });
    const api = mockApi({ '/api/iot/accelerateList': () => accelerateListFixture({ accelerateOrder: order }) });
    const first = renderRoute(ACCELERATE);
    await screen.findByTestId('accelerate-passes');
    expect(screen.getByTestId('accelerate-current').dataset.state).toBe('queued');
    expect(screen.getByTestId('accelerate-current-period').textContent).toBe('2026-02-01 10:00:00 起生效');
    first.unmount();
    order = null;
    renderRoute(ACCELERATE);
    await waitFor(() => expect(api.callsTo('/api/iot/accelerateList')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('accelerate-current').dataset.state).toBe('none'));
    expect(bodyText()).toContain('未开通加速');
  });

  it('40001: 当前卡暂不支持加速, without a toast', async () => {
    mockApi({ '/api/iot/accelerateList': () => new Fail(40001, '当前卡暂不支持加速') });
    renderRoute(ACCELERATE);
    await screen.findByTestId('accelerate-unsupported');
    expect(bodyText()).toContain('当前卡暂不支持加速');
    expect(toastText()).toBeNull();
  });

  it('an empty shelf: 暂无加速包; a failed load offers 重新加载', async () => {
    let fail = true;
    const api = mockApi({
      '/api/iot/accelerateList': () => (fail ? new Fail(-1, '查询失败') : accelerateListFixture({ list: [] })),
    });
    renderRoute(ACCELERATE);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无加速包');
    expect(api.callsTo('/api/iot/accelerateList')).toHaveLength(2);
  });

  it('speaks French', async () => {
    const { default: i18next } = await import('../../../../i18n/translator');
    await i18next.changeLanguage('fr');
    try {
      mockApi({ '/api/iot/accelerateList': () => accelerateListFixture() });
      renderRoute(ACCELERATE);
      await screen.findByTestId('accelerate-passes');
      expect(screen.getAllByTestId('accelerate-pass-duration').map((d) => d.textContent)).toEqual([
        '1 jour',
        '7 jours',
        '30 jours',
      ]);
      expect(screen.getAllByTestId('accelerate-pass-speed')[0]?.textContent).toContain("Jusqu'à 100 Mbit/s");
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });
});

describe('加速包支付', () => {
  it('needs the agreement; then the balance keyboard → 加速已开通 → 网络加速', async () => {
    const api = mockApi({
      '/api/iot/accelerateList': () => accelerateListFixture(),
      '/api/iot/createAccelerateOrder': () => ({
        ...launchFixture('AC20260101100000000001', { payType: 'balance', payStatus: 2, paid: true }),
        accelerateOrder: accelerateOrderFixture(),
      }),
    });
    const toast = vi.spyOn(Toast, 'show');
    const { router } = renderRoute(CASHIER);
    expect(screen.getByTestId('page-title').textContent).toContain('加速包支付');
    await screen.findByTestId('member-checkout');
    expect(screen.getByTestId('accelerate-pay-name').textContent).toBe('加速周卡');
    expect(screen.getByTestId('accelerate-pay-speed').textContent).toBe('最高300Mbps');
    expect(screen.getByTestId('accelerate-pay-duration').textContent).toBe('7天');
    expect(screen.getByTestId('accelerate-pay-start').textContent).toBe('支付后立即生效');
    expect(screen.getByTestId('member-protocol').textContent).toBe('《加速服务协议》');

    fireEvent.click(screen.getByTestId('member-submit'));
    await waitFor(() => expect(toastText()).toBe('请先阅读并同意协议'));
    expect(screen.queryByTestId('pay-keyboard')).toBeNull();

    fireEvent.click(within(screen.getByTestId('member-agree')).getByText('我已阅读并同意'));
    fireEvent.click(screen.getByTestId('member-submit'));
    await screen.findByTestId('pay-keyboard');
    type('246810');
    await waitFor(() => expect(locationOf(router)).toBe(ACCELERATE));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: '加速已开通', icon: 'success' }));
    expect(api.callsTo('/api/iot/createAccelerateOrder')[0]?.body).toEqual({
      accelerateId: 11,
      payType: 'balance',
      payPassword: '246810',
      uuid: expect.any(String),
    });
  });

  it('the protocol link opens the acceleration agreement', async () => {
    mockApi({ '/api/iot/accelerateList': () => accelerateListFixture() });
    const { router } = renderRoute(CASHIER);
    await screen.findByTestId('member-checkout');
    fireEvent.click(screen.getByTestId('member-protocol'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/protocol/index?type=accelerate'));
  });

  it('an operator refusal (30003) is the 温馨提示 dialog; the shelf and balance load again', async () => {
    const api = mockApi({
      '/api/iot/accelerateList': () => accelerateListFixture(),
      '/api/iot/createAccelerateOrder': () =>
        new Fail(30003, '运营商加速受理失败：当前卡状态不支持加速，款项已退回余额'),
    });
    const { router } = renderRoute(CASHIER);
    await screen.findByTestId('member-checkout');
    fireEvent.click(within(screen.getByTestId('member-agree')).getByText('我已阅读并同意'));
    fireEvent.click(screen.getByTestId('member-submit'));
    await screen.findByTestId('pay-keyboard');
    type('246810');
    await waitFor(() => expect(bodyText()).toContain('运营商加速受理失败：当前卡状态不支持加速，款项已退回余额'));
    expect(dialogButtons().length).toBeGreaterThan(0);
    await waitFor(() => expect(api.callsTo('/api/iot/accelerateList')).toHaveLength(2));
    expect(locationOf(router)).toBe(CASHIER);
  });

  it('refused after an online payment: the result says it was refunded', async () => {
    mockApi({
      '/api/pay/status': () => ({
        orderSn: 'AC20260101100000000002',
        kind: 'accelerate',
        payStatus: 5,
        orderStatus: 4,
        payAmount: '9.90',
        paidAt: '2026-01-01 10:01:00',
        expireAt: null,
      }),
    });
    const { router } = renderRoute('/pages-sub/iot/index/accelerate/cashier?orderSn=AC20260101100000000002&from=pay');
    const closed = await screen.findByTestId('member-closed');
    expect(closed.dataset.refunded).toBe('1');
    expect(bodyText()).toContain('开通未成功，款项已原路退回');
    fireEvent.click(screen.getByTestId('member-again'));
    await waitFor(() => expect(locationOf(router)).toBe(ACCELERATE));
  });

  it('paid online: 加速已开通', async () => {
    mockApi({
      '/api/pay/status': () => ({
        orderSn: 'AC20260101100000000003',
        kind: 'accelerate',
        payStatus: 2,
        orderStatus: 1,
        payAmount: '9.90',
        paidAt: '2026-01-01 10:01:00',
        expireAt: null,
      }),
    });
    renderRoute('/pages-sub/iot/index/accelerate/cashier?orderSn=AC20260101100000000003&from=pay');
    await screen.findByTestId('member-paid');
    expect(bodyText()).toContain('加速已开通');
  });

  it('40001 on the cashier: 当前卡暂不支持加速', async () => {
    const api = mockApi({ '/api/iot/accelerateList': () => new Fail(40001, '当前卡暂不支持加速') });
    renderRoute(CASHIER);
    await screen.findByTestId('accelerate-unsupported');
    expect(api.callsTo('/api/iot/createAccelerateOrder')).toHaveLength(0);
  });
});

describe('加速记录', () => {
  const page = (list: ReturnType<typeof accelerateOrderFixture>[], total = list.length) => ({
    list,
    total,
    page: 1,
    pageSize: 10,
  });

  it('lists the orders with status, speed, payment, period and refund; the tabs filter by status', async () => {
    const api = mockApi({
      '/api/iot/accelerateOrderList': (call) =>
        call.query.status === '4'
          ? page([])
          : page([
              accelerateOrderFixture(),
              accelerateOrderFixture({
                orderSn: 'AC20251201100000000009',
                accelerateName: '极速月卡',
                speedCode: 'S1000M',
                status: 4,
                validTag: 0,
                placeType: 1,
                actualPayMoney: '29.90',
                refundType: 1,
                refundAt: '2025-12-02 09:00:00',
                refundRemark: '运营商加速受理失败：当前卡状态不支持加速',
              }),
            ]),
    });
    const { router } = renderRoute(RECORDS);
    expect(screen.getByTestId('page-title').textContent).toContain('加速记录');
    await waitFor(() => expect(screen.getAllByTestId('accelerate-order')).toHaveLength(2));
    expect(api.callsTo('/api/iot/accelerateOrderList')[0]?.query).toEqual({ page: '1', pageSize: '10' });
    const [running, refunded] = screen.getAllByTestId('accelerate-order') as [HTMLElement, HTMLElement];
    expect(within(running).getByTestId('accelerate-order-status').textContent).toBe('生效中');
    expect(within(running).getByTestId('accelerate-order-speed').textContent).toBe('最高300Mbps');
    expect(within(running).getByTestId('accelerate-order-paid').textContent).toBe('¥9.90 · 余额支付');
    expect(within(running).getByTestId('accelerate-order-period').textContent).toBe(
      '2026-01-01 10:00:00 至 2026-02-01 10:00:00',
    );
    expect(within(running).queryByTestId('accelerate-order-refund')).toBeNull();
    expect(within(refunded).getByTestId('accelerate-order-status').textContent).toBe('已退款');
    expect(within(refunded).getByTestId('accelerate-order-paid').textContent).toBe('¥29.90 · 在线支付');
    expect(within(refunded).getByTestId('accelerate-order-refund-type').textContent).toBe('原路退回');
    expect(within(refunded).getByTestId('accelerate-order-refund-remark').textContent).toBe(
      '运营商加速受理失败：当前卡状态不支持加速',
    );

    fireEvent.click(screen.getByTestId('accelerate-orders-tab-4'));
    await waitFor(() => expect(locationOf(router)).toBe(`${RECORDS}?status=4`));
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无加速记录');
    expect(api.callsTo('/api/iot/accelerateOrderList').at(-1)?.query).toEqual({
      page: '1',
      pageSize: '10',
      status: '4',
    });
    fireEvent.click(screen.getByTestId('accelerate-order-buy'));
    await waitFor(() => expect(locationOf(router)).toBe(ACCELERATE));
  });

  it('a failed load offers 重新加载', async () => {
    let fail = true;
    mockApi({
      '/api/iot/accelerateOrderList': () => (fail ? new Fail(-1, '查询失败') : page([accelerateOrderFixture()])),
    });
    renderRoute(RECORDS);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await waitFor(() => expect(screen.getAllByTestId('accelerate-order')).toHaveLength(1));
    await settle(50);
  });
});
