/** The operator's order steps through their confirmations: audit, reject with a reason, ship; the mall tab's ship. */
import type { AdminMallOrder, AdminShopOrder, AdminShopOrderDetail } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, meOf, mockApi, renderConsole } from '../../test/render-console';

const NOW = 1_790_000_000_000;
const ROW: AdminShopOrder = {
  orderSn: 'SO1',
  orderType: 1,
  title: '靓号',
  number: '13800138000',
  contactName: '张三',
  contactMobileMasked: '139****0000',
  payAmount: '99.00',
  payType: 'wxpay',
  orderStatus: 1,
  payStatus: 2,
  promoCode: 'demo',
  expressCompany: '',
  trackingNo: '',
  createdAt: NOW,
  paidAt: NOW,
  shippedAt: null,
};
const DETAIL: AdminShopOrderDetail = {
  ...ROW,
  contactMobile: '13900000000',
  idCardMasked: '110101********1234',
  address: { provinceName: '北京市', cityName: '北京市', countyName: '东城区', detail: '某街 1 号' },
  cancelReason: '',
  tradeNo: null,
  payments: [],
  notes: [],
  history: [],
};

function shopApi(status: number) {
  return mockApi({
    '/api/admin/auth/me': () => meOf('operator'),
    '/api/admin/orders/list': () => ({ list: [{ ...ROW, orderStatus: status }], total: 1, page: 1, pageSize: 20 }),
    '/api/admin/orders/detail': () => ({ ...DETAIL, orderStatus: status }),
    '/api/admin/orders/audit': () => ({ orderSn: 'SO1', orderStatus: 2, payStatus: 2 }),
    '/api/admin/orders/reject': () => ({ orderSn: 'SO1', orderStatus: 7, payStatus: 5 }),
    '/api/admin/orders/ship': () => ({ orderSn: 'SO1', orderStatus: 3, payStatus: 2 }),
  });
}

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: '详情 SO1' }));
  const drawer = await findDialog('订单 SO1');
  await within(drawer).findByText('13900000000', { exact: false });
  return drawer;
}

describe('order steps', () => {
  it('audit asks first, then says the new state', async () => {
    const api = shopApi(1);
    renderConsole('/orders');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '审核通过' }));
    const confirm = await findDialog('审核通过订单 SO1？');
    expect(api.callsTo('/api/admin/orders/audit')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('订单 SO1：待发货')).toBeTruthy();
    expect(api.callsTo('/api/admin/orders/audit')[0]?.body).toEqual({ orderSn: 'SO1' });
  });

  it('reject needs a reason', async () => {
    const api = shopApi(1);
    renderConsole('/orders');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '驳回' }));
    const dialog = await findDialog('驳回订单 SO1');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '资料不全' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('订单 SO1：已退款')).toBeTruthy();
    expect(api.callsTo('/api/admin/orders/reject')[0]?.body).toEqual({ orderSn: 'SO1', reason: '资料不全' });
  });

  it('ship sends the courier and the tracking number', async () => {
    const api = shopApi(2);
    renderConsole('/orders');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '发货' }));
    const dialog = await findDialog('订单 SO1 发货');
    fireEvent.change(within(dialog).getByLabelText('快递公司'), { target: { value: '顺丰速运' } });
    fireEvent.change(within(dialog).getByLabelText('快递单号'), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发货' }));
    expect(await screen.findByText('订单 SO1：已发货')).toBeTruthy();
    expect(api.callsTo('/api/admin/orders/ship')[0]?.body).toEqual({
      orderSn: 'SO1',
      company: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
  });

  it('the mall tab ships a courier order waiting for shipment', async () => {
    const mall: AdminMallOrder = {
      orderSn: 'MO1',
      simNo: '1440312345608',
      title: '充电宝',
      points: 500,
      payAmount: '0.00',
      status: 1,
      payStatus: 2,
      deliveryType: 1,
      consigneeName: '李四',
      consigneeMobileMasked: '138****0001',
      expressCompany: '',
      trackingNo: '',
      createdAt: NOW,
    };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/orders/mallList': () => ({ list: [mall], total: 1, page: 1, pageSize: 20 }),
      '/api/admin/orders/mallShip': () => ({ orderSn: 'MO1', status: 2 }),
    });
    renderConsole('/orders');
    fireEvent.click(await screen.findByRole('tab', { name: '积分商城订单' }));
    const row = (await screen.findByText('MO1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '发货' }));
    const dialog = await findDialog('积分订单 MO1 发货');
    fireEvent.change(within(dialog).getByLabelText('快递公司'), { target: { value: '圆通' } });
    fireEvent.change(within(dialog).getByLabelText('快递单号'), { target: { value: 'YT0000000001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发货' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/orders/mallShip')[0]?.body).toEqual({
        orderSn: 'MO1',
        company: '圆通',
        trackingNo: 'YT0000000001',
      }),
    );
    expect(await screen.findByText('订单 MO1：待收货/待自提')).toBeTruthy();
  });
});
