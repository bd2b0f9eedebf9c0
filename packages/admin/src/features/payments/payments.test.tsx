/** The payments page (records, callbacks with their raw body, refunds, reconciliation) and the SMS log. */
import type { AdminPaymentCallback, AdminPaymentRecord, AdminRefund, AdminSmsLine } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyPage, findDialog, meOf, mockApi, renderConsole } from '../../test/render-console';

const NOW = 1_790_000_000_000;
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

const payment: AdminPaymentRecord = {
  id: 3,
  orderSn: 'HK20260101000001',
  kind: 'shop',
  channel: 'wechatpay',
  payType: 'wxpay',
  amount: '39.00',
  status: 1,
  tradeNo: '4200001',
  refundSn: null,
  createdAt: NOW,
  updatedAt: NOW,
};

const callback: AdminPaymentCallback = {
  id: 11,
  source: 'notify',
  channel: 'wechatpay',
  orderSn: 'HK20260101000001',
  verified: true,
  outcome: 'paid',
  reason: null,
  amount: '39.00',
  tradeNo: '4200001',
  at: NOW,
};

describe('payments page', () => {
  it('lists the records, filters by status, and shows a callback with its headers and raw body', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('finance'),
      '/api/admin/payments/list': () => page([payment]),
      '/api/admin/payments/callbacks': () => page([callback]),
      '/api/admin/payments/callback': () => ({
        ...callback,
        headers: { 'wechatpay-serial': 'ABC', authorization: '[redacted]' },
        body: '{"resource":{"ciphertext":"xyz"}}',
      }),
    });
    renderConsole('/payments');
    await screen.findByRole('heading', { name: '支付' });
    const row = (await screen.findByText('HK20260101000001')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('39.00');
    expect(row.textContent).toContain('已支付');

    fireEvent.change(screen.getByLabelText('交易号'), { target: { value: '4200001' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/payments/list').at(-1)?.query).toEqual({
        page: '1',
        pageSize: '20',
        tradeNo: '4200001',
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: '回调日志' }));
    const line = (await screen.findByText('已入账')).closest('tr') as HTMLElement;
    fireEvent.click(within(line).getByRole('button', { name: '查看' }));
    const dialog = await findDialog('回调 #11');
    expect(api.callsTo('/api/admin/payments/callback')[0]?.query).toEqual({ id: '11' });
    expect((await within(dialog).findByTestId('callback-headers')).textContent).toContain('authorization: [redacted]');
    expect(within(dialog).getByTestId('callback-body').textContent).toBe('{"resource":{"ciphertext":"xyz"}}');
  });

  it('the reconciliation tab asks for the reconcile source; refunds name who refunded', async () => {
    const refund: AdminRefund = {
      paymentId: 3,
      orderSn: 'HK20260101000002',
      kind: 'shop',
      channel: 'sandbox',
      amount: '39.00',
      status: 3,
      refundSn: 'RFHK2026010100000212345678',
      tradeNo: 'SBX1',
      updatedAt: NOW,
      refundedBy: 'fiona',
    };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('support'),
      '/api/admin/payments/list': () => emptyPage,
      '/api/admin/payments/callbacks': () => page([{ ...callback, source: 'reconcile' }]),
      '/api/admin/payments/refunds': () => page([refund, { ...refund, paymentId: 4, refundedBy: null }]),
    });
    renderConsole('/payments');
    await screen.findByRole('heading', { name: '支付' });
    fireEvent.click(screen.getByRole('tab', { name: '对账结果' }));
    await screen.findByText('对账');
    expect(api.callsTo('/api/admin/payments/callbacks').at(-1)?.query).toMatchObject({ source: 'reconcile' });

    fireEvent.click(screen.getByRole('tab', { name: '退款' }));
    expect(await screen.findByText('fiona')).toBeTruthy();
    expect(screen.getByText('系统自动')).toBeTruthy();
  });
});

describe('SMS log page', () => {
  it('shows masked mobiles with the provider answer and cost, and searches by the full mobile', async () => {
    const line: AdminSmsLine = {
      id: 1,
      mobileMasked: '139****1234',
      purpose: 'login',
      template: 'login',
      provider: 'aliyun',
      ok: false,
      answer: 'isv.BUSINESS_LIMIT_CONTROL: too many',
      cost: 0,
      at: NOW,
    };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('owner'),
      '/api/admin/sms/list': () => page([line]),
    });
    renderConsole('/sms');
    await screen.findByRole('heading', { name: '短信日志' });
    const row = (await screen.findByText('139****1234')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(row.textContent).toContain('失败');
    expect(row.textContent).toContain('登录');

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900001234' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/sms/list').at(-1)?.query).toEqual({
        page: '1',
        pageSize: '20',
        mobile: '13900001234',
      }),
    );
  });
});
