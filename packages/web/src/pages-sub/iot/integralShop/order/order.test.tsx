/**
 * 商城订单, 订单详情 and 物流详情 (SCREENS §4 integralShop/order/**): tabs and rows with their actions
 * (cancel, pay, logistics, confirm receipt), the details of each kind of order (countdown, pick code,
 * address, copy), the trace timeline, and the empty, missing and error states.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiTime,
  MALL_CARD,
  mallOrderDetailsFixture,
  mallOrderFixture,
  ORDER_SN,
  storeFixture,
} from '../../../../features/iot-mall/test-fixtures';
import { useIotStore } from '../../../../stores/iot';
import { dialogButtons, expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const ORDERS = '/pages-sub/iot/integralShop/order/index';
const DETAILS = `/pages-sub/iot/integralShop/order/orderDetails/index?orderSn=${ORDER_SN}`;
const page = <T,>(list: T[], total = list.length) => ({ list, total, page: 1, pageSize: 10 });

const SHIPPED = {
  company: '顺丰速运',
  trackingNo: 'SF20260101100000',
  state: 2,
  traces: [
    { time: '2026-01-01 10:00:00', desc: '【顺丰速运】已揽收' },
    { time: '2026-01-02 12:00:00', desc: '快件正在派送中，派件员电话 95338' },
  ],
};

beforeEach(() => {
  useIotStore.setState({ loginSns: [MALL_CARD], simNo: MALL_CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

describe('商城订单', () => {
  it('lists the orders of a tab with their status and actions; tabs change ?status=', async () => {
    const api = mockApi({
      '/api/iot/shopOrderList': (call) =>
        call.query.status === '1'
          ? page([mallOrderFixture({ orderSn: 'IS20260101100000000002', status: 1, payStatus: 2, payAmount: '0.00' })])
          : page([
              mallOrderFixture(),
              mallOrderFixture({
                orderSn: 'IS20260101100000000003',
                status: 2,
                payStatus: 2,
                logistics: { ...SHIPPED, traces: [] },
              }),
              mallOrderFixture({
                orderSn: 'IS20260101100000000004',
                status: 2,
                deliveryType: 2,
                payStatus: 2,
                store: storeFixture(),
                address: undefined,
              }),
            ]),
    });
    const { router } = renderRoute(ORDERS);
    const unpaid = await screen.findByTestId(`order-${ORDER_SN}`);
    expect(screen.getByTestId('page-title').textContent).toContain('商城订单');
    expect(api.callsTo('/api/iot/shopOrderList')[0]?.query).toEqual({ page: '1', pageSize: '10' });
    expect(screen.getByTestId('orders-tabs').textContent).toBe('全部待支付待发货待收货已完成已取消');
    expect(within(unpaid).getByTestId('order-status').textContent).toBe('待支付');
    expect(within(unpaid).getByTestId('order-total').textContent).toBe('合计 500积分 + ¥9.90');
    expect(within(unpaid).getByTestId('order-pay')).toBeTruthy();
    expect(within(unpaid).getByTestId('order-cancel')).toBeTruthy();
    const shipped = screen.getByTestId('order-IS20260101100000000003');
    expect(within(shipped).getByTestId('order-status').textContent).toBe('待收货');
    expect(within(shipped).getByTestId('order-logistics')).toBeTruthy();
    expect(within(shipped).getByTestId('order-confirm-receipt')).toBeTruthy();
    expect(within(shipped).queryByTestId('order-cancel')).toBeNull();
    const pickup = screen.getByTestId('order-IS20260101100000000004');
    expect(within(pickup).getByTestId('order-status').textContent).toBe('待自提');
    expect(within(pickup).queryByTestId('order-actions')).toBeNull();

    fireEvent.click(screen.getByText('待发货'));
    await waitFor(() => expect(locationOf(router)).toBe(`${ORDERS}?status=1`));
    const pointsOnly = await screen.findByTestId('order-IS20260101100000000002');
    expect(api.callsTo('/api/iot/shopOrderList').at(-1)?.query).toEqual({ status: '1', page: '1', pageSize: '10' });
    // A points-only order not yet shipped can still be cancelled; there is nothing to pay.
    expect(within(pointsOnly).getByTestId('order-cancel')).toBeTruthy();
    expect(within(pointsOnly).queryByTestId('order-pay')).toBeNull();
  });

  it('去支付 opens 订单支付; 查看物流 the traces; a tap the details', async () => {
    mockApi({
      '/api/iot/shopOrderList': () =>
        page([
          mallOrderFixture(),
          mallOrderFixture({ orderSn: 'IS20260101100000000003', status: 2, payStatus: 2, logistics: SHIPPED }),
        ]),
      '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture(),
    });
    const { router } = renderRoute(ORDERS);
    fireEvent.click(within(await screen.findByTestId(`order-${ORDER_SN}`)).getByTestId('order-pay'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages-sub/iot/integralShop/order/orderDetails/pay?orderSn=${ORDER_SN}`),
    );
    router.navigate(-1);
    fireEvent.click(within(await screen.findByTestId('order-IS20260101100000000003')).getByTestId('order-logistics'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        '/pages-sub/iot/integralShop/order/orderDetails/logistics?orderSn=IS20260101100000000003',
      ),
    );
    router.navigate(-1);
    fireEvent.click(within(await screen.findByTestId(`order-${ORDER_SN}`)).getByTestId('order-open'));
    await waitFor(() => expect(locationOf(router)).toBe(DETAILS));
  });

  it('取消订单 after confirming, then the list refreshes; 确认收货 likewise', async () => {
    let cancelled = false;
    let received = false;
    const api = mockApi({
      '/api/iot/shopOrderList': () =>
        page([
          mallOrderFixture(cancelled ? { status: 4, payStatus: 3 } : {}),
          mallOrderFixture({
            orderSn: 'IS20260101100000000003',
            status: received ? 3 : 2,
            payStatus: 2,
            logistics: SHIPPED,
          }),
        ]),
      '/api/iot/cancelShopOrder': () => {
        cancelled = true;
        return { status: 4 };
      },
      '/api/iot/confirmShopOrder': () => {
        received = true;
        return { status: 3 };
      },
    });
    renderRoute(ORDERS);
    fireEvent.click(within(await screen.findByTestId(`order-${ORDER_SN}`)).getByTestId('order-cancel'));
    await waitFor(() => expect(dialogButtons()).toHaveLength(2));
    expect(document.body.textContent).toContain('已扣积分将退回您的账户');
    fireEvent.click(screen.getByText('确定'));
    await expectToast('订单已取消');
    expect(api.callsTo('/api/iot/cancelShopOrder')[0]?.body).toEqual({ orderSn: ORDER_SN });
    await waitFor(() =>
      expect(within(screen.getByTestId(`order-${ORDER_SN}`)).getByTestId('order-status').textContent).toBe('已取消'),
    );

    const shipped = screen.getByTestId('order-IS20260101100000000003');
    fireEvent.click(within(shipped).getByTestId('order-confirm-receipt'));
    await waitFor(() => expect(dialogButtons()).toHaveLength(2));
    fireEvent.click(screen.getAllByText('确定').at(-1) as HTMLElement);
    await expectToast('已确认收货');
    await waitFor(() =>
      expect(within(screen.getByTestId('order-IS20260101100000000003')).getByTestId('order-status').textContent).toBe(
        '已完成',
      ),
    );
  });

  it('empty: 暂无订单 + 去逛逛', async () => {
    mockApi({
      '/api/iot/shopOrderList': () => page([]),
      '/api/iot/integralShopIndex': () => new Fail(40001, ''),
    });
    const { router } = renderRoute(`${ORDERS}?status=3`);
    expect((await screen.findByTestId('page-empty-state')).textContent).toContain('暂无订单');
    fireEvent.click(screen.getByTestId('orders-browse'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/index'));
  });
});

describe('订单详情', () => {
  it('unpaid: banner with the pay countdown, address, amounts, copyable number, 去支付 and 取消订单', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockApi({ '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture({ remark: '工作日送达' }) });
    const { router } = renderRoute(DETAILS);
    await screen.findByTestId('detail-page');
    expect(screen.getByTestId('page-title').textContent).toContain('订单详情');
    expect(screen.getByTestId('detail-status').textContent).toBe('待支付');
    expect(screen.getByTestId('detail-hint').textContent).toMatch(/^剩余支付时间 (09|10):\d\d$/);
    expect(screen.getByTestId('detail-address').textContent).toContain('广东省 广州市 天河区 天河路 385 号 1201 室');
    expect(screen.getByTestId('detail-points').textContent).toBe('500积分');
    expect(screen.getByTestId('detail-cash').textContent).toBe('¥9.90');
    expect(screen.getByTestId('detail-freight').textContent).toBe('¥0.00');
    expect(screen.getByTestId('detail-pay-amount').textContent).toBe('¥9.90');
    expect(screen.getByTestId('detail-pay-type').textContent).toBe('未支付');
    expect(screen.getByTestId('detail-remark').textContent).toBe('工作日送达');
    expect(screen.queryByTestId('detail-paid')).toBeNull();
    fireEvent.click(screen.getByTestId('detail-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ORDER_SN));
    fireEvent.click(screen.getByTestId('order-pay'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages-sub/iot/integralShop/order/orderDetails/pay?orderSn=${ORDER_SN}`),
    );
  });

  it('pickup waiting at its store: the pick code and the store; virtual done; cancelled with its reason', async () => {
    let order = mallOrderDetailsFixture({
      status: 2,
      payStatus: 2,
      payType: 'points',
      payAmount: '0.00',
      cashAmount: '0.00',
      expireAt: null,
      deliveryType: 2,
      address: undefined,
      store: storeFixture(),
      pickCode: '48213067',
      paidAt: apiTime(-60_000),
    });
    mockApi({ '/api/iot/shopOrderDetails': () => order, '/api/iot/customer': () => null });
    const first = renderRoute(DETAILS);
    await screen.findByTestId('detail-page');
    expect(screen.getByTestId('detail-status').textContent).toBe('待自提');
    expect(screen.getByTestId('detail-pick-code').textContent).toBe('48213067');
    expect(screen.getByTestId('detail-store').textContent).toContain('好卡营业厅（天河店）');
    expect(screen.queryByTestId('detail-freight')).toBeNull();
    expect(screen.getByTestId('detail-pay-type').textContent).toBe('积分兑换');
    expect(screen.queryByTestId('order-actions')).toBeNull();
    first.unmount();

    order = mallOrderDetailsFixture({ status: 3, payStatus: 2, expireAt: null, deliveryType: 3, address: undefined });
    const second = renderRoute(DETAILS);
    expect((await screen.findByTestId('detail-hint')).textContent).toBe('虚拟商品已发放至您的账户');
    second.unmount();

    order = mallOrderDetailsFixture({ status: 4, payStatus: 3, expireAt: null, cancelReason: '超时未支付' });
    const { router } = renderRoute(DETAILS);
    expect((await screen.findByTestId('detail-status')).textContent).toBe('已取消');
    expect(screen.getByTestId('detail-hint').textContent).toBe('超时未支付');
    fireEvent.click(screen.getByTestId('detail-contact'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/customer/index'));
  });

  it('shipped: the latest trace opens 物流详情; 确认收货 asks first', async () => {
    const api = mockApi({
      '/api/iot/shopOrderDetails': () =>
        mallOrderDetailsFixture({ status: 2, payStatus: 2, expireAt: null, logistics: SHIPPED, shippedAt: apiTime() }),
      '/api/iot/confirmShopOrder': () => ({ status: 3 }),
    });
    const { router } = renderRoute(DETAILS);
    const trace = await screen.findByTestId('detail-trace');
    expect(trace.textContent).toContain('快件正在派送中');
    fireEvent.click(screen.getByTestId('order-confirm-receipt'));
    await waitFor(() => expect(dialogButtons()).toHaveLength(2));
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(api.callsTo('/api/iot/confirmShopOrder')).toHaveLength(1));
    fireEvent.click(trace);
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages-sub/iot/integralShop/order/orderDetails/logistics?orderSn=${ORDER_SN}`),
    );
  });

  it('another card’s order (or none) says 订单不存在; other errors offer 重新加载', async () => {
    let fail = new Fail(-1, '订单不存在');
    mockApi({ '/api/iot/shopOrderDetails': () => fail });
    const first = renderRoute(DETAILS);
    expect((await screen.findByTestId('detail-missing')).textContent).toContain('订单不存在');
    first.unmount();
    fail = new Fail(500, '');
    renderRoute(DETAILS);
    expect((await screen.findByTestId('page-error-state')).textContent).toContain('重新加载');
  });
});

describe('物流详情', () => {
  it('shows the courier, the number, the state and the traces newest first', async () => {
    mockApi({
      '/api/iot/shopOrderDetails': () => mallOrderDetailsFixture({ status: 2, payStatus: 2, logistics: SHIPPED }),
    });
    renderRoute(`/pages-sub/iot/integralShop/order/orderDetails/logistics?orderSn=${ORDER_SN}`);
    await screen.findByTestId('logistics-traces');
    expect(screen.getByTestId('page-title').textContent).toContain('物流详情');
    expect(screen.getByTestId('logistics-company').textContent).toBe('顺丰速运');
    expect(screen.getByTestId('logistics-tracking-no').textContent).toBe('SF20260101100000');
    expect(screen.getByTestId('logistics-state').textContent).toBe('派送中');
    const steps = screen.getByTestId('logistics-traces').querySelectorAll('.adm-step-title');
    expect(Array.from(steps, (s) => s.textContent)).toEqual(['快件正在派送中，派件员电话 95338', '【顺丰速运】已揽收']);
  });

  it('no traces yet: 暂无物流信息; not shipped: 订单尚未发货', async () => {
    let order = mallOrderDetailsFixture({ status: 2, payStatus: 2, logistics: { ...SHIPPED, state: 0, traces: [] } });
    mockApi({ '/api/iot/shopOrderDetails': () => order });
    const first = renderRoute(`/pages-sub/iot/integralShop/order/orderDetails/logistics?orderSn=${ORDER_SN}`);
    expect((await screen.findByTestId('logistics-empty')).textContent).toContain('暂无物流信息');
    first.unmount();
    order = mallOrderDetailsFixture({ status: 1, payStatus: 2 });
    renderRoute(`/pages-sub/iot/integralShop/order/orderDetails/logistics?orderSn=${ORDER_SN}`);
    expect((await screen.findByTestId('page-empty-state')).textContent).toContain('订单尚未发货');
  });
});
