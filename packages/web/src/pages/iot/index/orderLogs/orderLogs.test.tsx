import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiTime,
  balanceLogFixture,
  balanceOrderFixture,
  freshDay,
  packageOrderFixture,
  page,
} from '../../../../features/iot-buy/test-fixtures';
import { setLocale } from '../../../../i18n';
import { useDictionaryStore } from '../../../../stores/dictionary';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, everythingOnScreen, expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
  useDictionaryStore.getState().setOptions({});
});

const rowOf = (testId: string, sn: string) =>
  within(screen.getAllByTestId(testId).find((el) => el.dataset.sn === sn) as HTMLElement);

describe('订单记录', () => {
  it('opens 套餐订单 by default and switches tabs through ?tab=', async () => {
    const api = mockApi({
      '/api/iot/simPackageList': () => page([packageOrderFixture()]),
      '/api/iot/simBalanceList': () => page([balanceOrderFixture()]),
      '/api/iot/simBalanceLogList': () => page([balanceLogFixture()]),
    });
    const { router } = renderRoute('/pages/iot/index/orderLogs/index');
    await screen.findByTestId('pkg-order');
    expect(screen.getByTestId('page-title').textContent).toContain('订单记录');
    expect(screen.getByTestId('order-logs-page').dataset.tab).toBe('package');
    expect(api.callsTo('/api/iot/simPackageList')[0]?.query).toEqual({ page: '1', pageSize: '10' });

    fireEvent.click(screen.getByTestId('order-logs-tab-balance'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/orderLogs/index?tab=balance'));
    await screen.findByTestId('bal-order');

    fireEvent.click(screen.getByTestId('order-logs-tab-balanceLog'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/orderLogs/index?tab=balanceLog'));
    await screen.findByTestId('ledger-row');
  });

  it('套餐订单 rows: name, flow, price and paid, coupon, effect, status, period, usage; 去支付 opens the package cashier', async () => {
    mockApi({
      '/api/iot/simPackageList': () =>
        page([
          packageOrderFixture(),
          packageOrderFixture({
            orderSn: 'PK20260101100000000002',
            packageName: '无限畅享',
            isInfiniteFlow: 1,
            status: 0,
            couponAmount: '0.00',
            payType: 'wxpay',
            effectType: 3,
            startAt: null,
            endAt: null,
          }),
          packageOrderFixture({ orderSn: 'PK20260101100000000003', status: 5, durationUnit: 3, duration: 20 }),
        ]),
    });
    const { router } = renderRoute('/pages/iot/index/orderLogs/PackageList');
    await screen.findAllByTestId('pkg-order');
    expect(screen.getByTestId('page-title').textContent).toContain('套餐订单');

    const active = rowOf('pkg-order', 'PK20260101100000000001');
    expect(active.getByTestId('pkg-order-name').textContent).toBe('月享100G');
    expect(active.getByTestId('pkg-order-status').textContent).toBe('生效中');
    expect(active.getByTestId('pkg-order-flow').textContent).toBe('100.00GB · 1个月');
    expect(active.getByTestId('pkg-order-paid').textContent).toBe('¥29.00');
    expect(active.getByTestId('pkg-order-price').textContent).toContain('¥39.00');
    expect(active.getByTestId('pkg-order-coupon').textContent).toBe('-¥10.00');
    expect(active.getByTestId('pkg-order-effect').textContent).toBe('立即生效');
    expect(active.getByTestId('pkg-order-pay-type').textContent).toBe('余额支付');
    expect(active.getByTestId('pkg-order-period').textContent).toBe('2026-01-01 00:00:00 至 2026-01-31 23:59:59');
    expect(active.getByTestId('pkg-order-usage').dataset.percent).toBe('25');
    expect(active.getByTestId('pkg-order-usage').textContent).toBe('已用 25.00GB / 100.00GB');
    expect(active.queryByText('去支付')).toBeNull();

    const unpaid = rowOf('pkg-order', 'PK20260101100000000002');
    expect(unpaid.getByTestId('pkg-order-status').textContent).toBe('待支付');
    expect(unpaid.getByTestId('pkg-order-flow').textContent).toBe('无限 · 1个月');
    expect(unpaid.getByTestId('pkg-order-effect').textContent).toBe('到期续接');
    expect(unpaid.queryByTestId('pkg-order-coupon')).toBeNull();
    expect(unpaid.queryByTestId('pkg-order-period')).toBeNull();
    expect(unpaid.queryByTestId('pkg-order-usage')).toBeNull();

    const cancelled = rowOf('pkg-order', 'PK20260101100000000003');
    expect(cancelled.getByTestId('pkg-order-status').textContent).toBe('已取消');
    expect(cancelled.getByTestId('pkg-order-flow').textContent).toBe('100.00GB · 长期有效');

    fireEvent.click(unpaid.getByTestId('pkg-order-pay-PK20260101100000000002'));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/pages/iot/index/package/details/index?orderSn=PK20260101100000000002'),
    );
  });

  it('the opening package reads its translated name; a package of the shop keeps its own', async () => {
    await setLocale('en');
    mockApi({
      '/api/iot/simPackageList': () =>
        page([
          packageOrderFixture({ orderSn: 'OPEN1', packageId: 0, packageName: '开卡套餐' }),
          packageOrderFixture({ orderSn: 'SHOP1' }),
        ]),
    });
    renderRoute('/pages/iot/index/orderLogs/PackageList');
    await waitFor(() => expect(screen.getAllByTestId('pkg-order-name')).toHaveLength(2));
    expect(screen.getAllByTestId('pkg-order-name').map((e) => e.textContent)).toEqual(['Starter plan', '月享100G']);
    expect(screen.getAllByTestId('pkg-order-status').map((e) => e.textContent)).toEqual(['Active', 'Active']);
  });

  it('a known package_order_status reads the catalogue, not the dictionary’s label', async () => {
    useDictionaryStore.getState().setOptions({
      package_order_status: [{ label: '使用中', value: '2', key: 'active', listClass: 'success' }],
    });
    mockApi({ '/api/iot/simPackageList': () => page([packageOrderFixture()]) });
    renderRoute('/pages/iot/index/orderLogs/PackageList');
    expect((await screen.findByTestId('pkg-order-status')).textContent).toBe('生效中');
  });

  it('套餐订单 empty: 暂无套餐订单 + 去订购', async () => {
    mockApi({ '/api/iot/simPackageList': () => page([]) });
    const { router } = renderRoute('/pages/iot/index/orderLogs/PackageList');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无套餐订单');
    fireEvent.click(screen.getByTestId('pkg-order-buy'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/package/index'));
  });

  it('loads the next page on scroll until the total', async () => {
    // The list's footer on screen, as at the end of a scrolled list.
    everythingOnScreen();
    const api = mockApi({
      '/api/iot/simPackageList': (call) =>
        call.query.page === '1'
          ? page(
              Array.from({ length: 10 }, (_, i) =>
                packageOrderFixture({ orderSn: `PK2026010110000000010${i}`, status: 3 }),
              ),
              11,
            )
          : page([packageOrderFixture({ orderSn: 'PK20260101100000000200', status: 3 })], 11, 2),
    });
    renderRoute('/pages/iot/index/orderLogs/PackageList');
    await waitFor(() => expect(screen.getAllByTestId('pkg-order')).toHaveLength(11));
    expect(api.callsTo('/api/iot/simPackageList').map((c) => c.query.page)).toEqual(['1', '2']);
    await waitFor(() => expect(bodyText()).toContain('没有更多了'));
  });

  it('充值订单 rows: amount, gift, pay type, status, times, copy; a payable 待支付 → balance/pay', async () => {
    mockApi({
      '/api/iot/simBalanceList': () =>
        page([
          balanceOrderFixture(),
          balanceOrderFixture({
            orderSn: 'BL20260101100000000002',
            status: 0,
            gift: '0.00',
            payType: 'alipay',
            paidAt: null,
            expireAt: apiTime(5 * 60_000),
          }),
          balanceOrderFixture({ orderSn: 'BL20260101100000000003', status: 0, expireAt: apiTime(-60_000) }),
          balanceOrderFixture({ orderSn: 'BL20260101100000000004', status: 2 }),
        ]),
    });
    const { router } = renderRoute('/pages/iot/index/orderLogs/BalanceList');
    await screen.findAllByTestId('bal-order');
    expect(screen.getByTestId('page-title').textContent).toContain('充值订单');

    const paid = rowOf('bal-order', 'BL20260101100000000001');
    expect(paid.getByTestId('bal-order-amount').textContent).toBe('¥100.00');
    expect(paid.getByTestId('bal-order-gift').textContent).toBe('¥10.00');
    expect(paid.getByTestId('bal-order-pay-type').textContent).toBe('微信支付');
    expect(paid.getByTestId('bal-order-status').textContent).toBe('已到账');
    expect(paid.getByTestId('bal-order-sn').textContent).toBe('BL20260101100000000001');
    expect(paid.getByTestId('bal-order-created').textContent).toBe('2026-01-01 10:00:00');

    const unpaid = rowOf('bal-order', 'BL20260101100000000002');
    expect(unpaid.getByTestId('bal-order-status').textContent).toBe('待支付');
    expect(unpaid.queryByTestId('bal-order-gift')).toBeNull();
    const expired = rowOf('bal-order', 'BL20260101100000000003');
    expect(expired.queryByText('去支付')).toBeNull();
    expect(rowOf('bal-order', 'BL20260101100000000004').getByTestId('bal-order-status').textContent).toBe('已关闭');

    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.resolve() },
      configurable: true,
    });
    fireEvent.click(paid.getByTestId('bal-order-copy'));
    await expectToast('复制成功');

    fireEvent.click(unpaid.getByTestId('bal-order-pay-BL20260101100000000002'));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/pages/iot/index/balance/pay/index?orderSn=BL20260101100000000002'),
    );
  });

  it('充值订单 empty: 暂无充值记录', async () => {
    mockApi({ '/api/iot/simBalanceList': () => page([]) });
    renderRoute('/pages/iot/index/orderLogs/BalanceList');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无充值记录');
  });

  it('余额明细: type, signed amount in colour, balance after, remark; chips filter by type', async () => {
    const api = mockApi({
      '/api/iot/simBalanceLogList': (call) =>
        call.query.type === '2'
          ? page([
              balanceLogFixture({ id: 2, type: 2, amount: '-29.00', balanceAfter: '83.50', remark: '购买月享100G' }),
            ])
          : call.query.type === '5'
            ? page([])
            : page([
                balanceLogFixture(),
                balanceLogFixture({ id: 2, type: 2, amount: '-29.00', balanceAfter: '83.50', remark: '购买月享100G' }),
              ]),
    });
    renderRoute('/pages/iot/index/orderLogs/BalanceLogList');
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(2));
    expect(screen.getByTestId('page-title').textContent).toContain('余额明细');
    const [credit, debit] = screen.getAllByTestId('ledger-row').map((r) => within(r));
    expect(credit?.getByTestId('ledger-type').textContent).toBe('充值');
    expect(credit?.getByTestId('ledger-amount').textContent).toBe('+¥100.00');
    expect(credit?.getByTestId('ledger-amount').className).toContain('money-ledger__amount--credit');
    expect(credit?.getByTestId('ledger-after').textContent).toBe('余额 ¥112.50');
    expect(credit?.getByTestId('ledger-remark').textContent).toBe('余额充值');
    expect(debit?.getByTestId('ledger-type').textContent).toBe('购买套餐');
    expect(debit?.getByTestId('ledger-amount').textContent).toBe('-¥29.00');
    expect(debit?.getByTestId('ledger-amount').className).toContain('money-ledger__amount--debit');
    expect(screen.getAllByRole('tab').map((c) => c.textContent)).toEqual([
      '全部',
      '充值',
      '购买套餐',
      '退款',
      '后台调整',
      '按量扣费',
      '活动赠送',
    ]);

    fireEvent.click(screen.getByTestId('ledger-filter-2'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    expect(api.callsTo('/api/iot/simBalanceLogList').at(-1)?.query).toEqual({ page: '1', pageSize: '10', type: '2' });

    fireEvent.click(screen.getByTestId('ledger-filter-5'));
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无明细');

    fireEvent.click(screen.getByTestId('ledger-filter-0'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(2));
  });

  it('a failed first load shows the reload state', async () => {
    let fail = true;
    mockApi({
      '/api/iot/simBalanceLogList': () => (fail ? new Fail(-1, '查询失败') : page([balanceLogFixture()])),
    });
    renderRoute('/pages/iot/index/orderLogs/BalanceLogList');
    await expectToast('查询失败');
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('ledger-row');
  });
});
