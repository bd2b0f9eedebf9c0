/** The orders page by role: what each role sees, the refund's idempotency key, batch ship's result per line. */
import { type AdminShopOrder, type AdminShopOrderDetail, CSRF_HEADER, type StaffRole } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, meOf, mockApi, queryDialog, renderConsole } from '../../test/render-console';

const NOW = 1_790_000_000_000;

function order(overrides: Partial<AdminShopOrder> = {}): AdminShopOrder {
  return {
    orderSn: 'HK20260101000001',
    orderType: 1,
    title: '靓号 13800138000',
    number: '13800138000',
    contactName: '张三',
    contactMobileMasked: '139****0000',
    payAmount: '99.00',
    payType: 'wxpay',
    orderStatus: 2,
    payStatus: 2,
    promoCode: 'demo',
    expressCompany: '',
    trackingNo: '',
    createdAt: NOW,
    paidAt: NOW,
    shippedAt: null,
    ...overrides,
  };
}

function detailOf(row: AdminShopOrder): AdminShopOrderDetail {
  return {
    ...row,
    contactMobile: '13900000000',
    idCardMasked: '110101********1234',
    address: { provinceName: '北京市', cityName: '北京市', countyName: '东城区', detail: '某街 1 号' },
    cancelReason: '',
    tradeNo: 'T1',
    payments: [],
    notes: [],
    history: [],
  };
}

function consoleOf(role: StaffRole, row = order()) {
  return mockApi({
    '/api/admin/auth/me': () => meOf(role),
    '/api/admin/orders/list': () => ({ list: [row], total: 1, page: 1, pageSize: 20 }),
    '/api/admin/orders/detail': () => detailOf(row),
    '/api/admin/orders/refund': (call) => ({
      orderSn: (call.body as { orderSn: string }).orderSn,
      orderStatus: 7,
      payStatus: 5,
    }),
    '/api/admin/orders/batchShip': () => ({
      shipped: 1,
      failed: 1,
      lines: [
        { line: 1, orderSn: 'HK20260101000001', ok: true },
        { line: 2, orderSn: 'HK404', ok: false, reason: 'orderNotFound' },
      ],
    }),
  });
}

async function openDetail(orderSn = 'HK20260101000001') {
  fireEvent.click(await screen.findByRole('button', { name: `详情 ${orderSn}` }));
  return findDialog(`订单 ${orderSn}`);
}

describe('what each role sees', () => {
  it.each([
    [
      'owner',
      [
        '订单',
        '实名审核',
        '号码库存',
        '物联卡',
        '内容管理',
        '推广商',
        '卡片页布局',
        '支付',
        '短信日志',
        '员工',
        '操作日志',
        '数据看板',
        '后台任务',
      ],
    ],
    ['operator', ['订单', '实名审核', '号码库存', '物联卡', '内容管理', '推广商', '卡片页布局', '数据看板']],
    ['finance', ['订单', '实名审核', '物联卡', '支付', '短信日志', '数据看板']],
    [
      'support',
      [
        '订单',
        '实名审核',
        '号码库存',
        '物联卡',
        '内容管理',
        '推广商',
        '卡片页布局',
        '支付',
        '短信日志',
        '数据看板',
        '后台任务',
      ],
    ],
  ] as const)('the %s menu shows only the pages of the role', async (role, pages) => {
    consoleOf(role);
    renderConsole('/orders');
    await screen.findByRole('heading', { name: '订单' });
    const menu = screen.getByRole('navigation', { name: '导航' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(pages);
  });

  it('support sees an order to ship without ship, refund, batch ship or export; the note form stays', async () => {
    consoleOf('support');
    renderConsole('/orders');
    await screen.findByRole('heading', { name: '订单' });
    expect(screen.queryByRole('button', { name: '批量发货' })).toBeNull();
    expect(screen.queryByRole('link', { name: '导出' })).toBeNull();
    const drawer = await openDetail();
    await within(drawer).findByText('13900000000', { exact: false });
    expect(within(drawer).queryByRole('button', { name: '发货' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: '退款' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: '添加备注' })).toBeTruthy();
  });

  it('an operator ships but does not refund; finance refunds and exports but does not ship', async () => {
    consoleOf('operator');
    const first = renderConsole('/orders');
    let drawer = await openDetail();
    expect(await within(drawer).findByRole('button', { name: '发货' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '退款' })).toBeNull();
    expect(screen.getByRole('button', { name: '批量发货' })).toBeTruthy();
    first.unmount();

    consoleOf('finance');
    renderConsole('/orders');
    drawer = await openDetail();
    expect(await within(drawer).findByRole('button', { name: '退款' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '发货' })).toBeNull();
    expect(screen.getByRole('link', { name: '导出' }).getAttribute('href')).toBe('/api/admin/orders/export');
  });

  it('the staff and audit pages are not reachable by URL for a role without them', async () => {
    consoleOf('operator');
    renderConsole('/staff');
    await screen.findByRole('heading', { name: '订单' });
    expect(screen.queryByRole('heading', { name: '员工' })).toBeNull();
  });
});

describe('refund', () => {
  it('sends one idempotency key per opened dialog, however often its OK is clicked', async () => {
    const api = consoleOf('finance');
    renderConsole('/orders');
    let drawer = await openDetail();
    fireEvent.click(await within(drawer).findByRole('button', { name: '退款' }));
    let dialog = await findDialog('退款订单 HK20260101000001');
    expect(dialog.textContent).toContain('¥99.00');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '买家要求退款' } });
    const ok = within(dialog).getByRole('button', { name: '确定' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await screen.findByText('订单 HK20260101000001：已退款');

    const first = api.callsTo('/api/admin/orders/refund');
    expect(first.length).toBeGreaterThanOrEqual(1);
    const keys = new Set(first.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey));
    expect(keys.size).toBe(1);
    const [key] = [...keys];
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first[0]?.body).toEqual({ orderSn: 'HK20260101000001', reason: '买家要求退款', idempotencyKey: key });
    expect(first[0]?.headers[CSRF_HEADER]).toBe('csrf-of-finance');

    // A dialog opened again is another refund attempt: a new key.
    drawer = queryDialog('订单 HK20260101000001')!;
    await waitFor(() => expect(queryDialog('退款订单 HK20260101000001')).toBeNull());
    fireEvent.click(within(drawer).getByRole('button', { name: '退款' }));
    dialog = await findDialog('退款订单 HK20260101000001');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '再次' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.callsTo('/api/admin/orders/refund').length).toBeGreaterThan(first.length));
    const later = api.callsTo('/api/admin/orders/refund').at(-1)?.body as { idempotencyKey: string };
    expect(later.idempotencyKey).not.toBe(key);
  });
});

describe('batch ship', () => {
  it('sends the pasted list and shows the result of every line, refusals in words', async () => {
    const api = consoleOf('operator');
    renderConsole('/orders');
    fireEvent.click(await screen.findByRole('button', { name: '批量发货' }));
    const dialog = await findDialog('批量发货');
    const text = 'orderSn,company,trackingNo\nHK20260101000001,顺丰,SF1234567890\nHK404,顺丰,SF1234567891\n';
    fireEvent.change(within(dialog).getByLabelText('发货清单'), { target: { value: text } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交发货' }));

    const result = await within(dialog).findByTestId('batch-result');
    expect(api.callsTo('/api/admin/orders/batchShip')[0]?.body).toEqual({ text });
    expect(result.textContent).toContain('发货 1 单，失败 1 单');
    const rows = within(result).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['1', 'HK20260101000001', '已发货'],
      ['2', 'HK404', REASONS.orderNotFound.zh],
    ]);
  });
});
