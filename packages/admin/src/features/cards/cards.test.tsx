/**
 * The IoT cards page by role: search sent to the server, a stopped card's reason, the balance adjustment
 * (finance: one idempotency key per dialog; no state actions), suspend after a confirmation (operator; no
 * balance adjustment), and a batch job polled until its per-card results show.
 */
import type { AdminCard, AdminCardBatchJob, AdminCardDetail, StaffRole } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, meOf, mockApi, renderConsole } from '../../test/render-console';

const NOW = 1_790_000_000_000;

function card(overrides: Partial<AdminCard> = {}): AdminCard {
  return {
    simNo: '1440777700001',
    iccid: '89860420177777000010',
    deviceNo: null,
    mobileMasked: '139****5678',
    operatorType: 1,
    simStatus: 2,
    stopReason: '',
    authStatus: 1,
    authPlatformStatus: 0,
    balance: '10.00',
    promoCode: 'demo',
    syncedAt: NOW,
    createdAt: NOW,
    ...overrides,
  };
}

function detailOf(c: AdminCard): AdminCardDetail {
  return {
    card: c,
    usage: { totalFlowMb: 1024, useFlowMb: 100, infinite: false, endAt: null, internetStatus: 1, onlineStatus: 1 },
    integral: 30,
    coins: 5,
    arrears: '0.00',
    packages: [],
    balanceLog: [{ type: 4, amount: '10.00', after: '10.00', orderSn: '', remark: '期初', at: NOW }],
    pointsLog: [],
    coinLog: [],
    orders: [],
    device: null,
  };
}

function consoleOf(role: StaffRole, cards: AdminCard[]) {
  return mockApi({
    '/api/admin/auth/me': () => meOf(role),
    '/api/admin/cards/list': () => ({ list: cards, total: cards.length, page: 1, pageSize: 20 }),
    '/api/admin/cards/detail': (call) => detailOf(cards.find((c) => c.simNo === call.query.simNo) ?? card()),
    '/api/admin/cards/adjustBalance': () => ({ balance: '30.50', applied: true }),
    '/api/admin/cards/suspend': () => ({
      simNo: '1440777700001',
      simStatus: 3,
      stopReason: 'requested',
      synced: false,
    }),
  });
}

async function openCard(simNo: string) {
  fireEvent.click(await screen.findByRole('button', { name: `查看卡 ${simNo}` }));
  return findDialog(`卡 ${simNo}`);
}

describe('cards page', () => {
  it('sends the search to the server and says why a stopped card is stopped', async () => {
    const api = consoleOf('support', [card({ simStatus: 3, stopReason: 'arrears' })]);
    renderConsole('/cards');
    await screen.findByRole('heading', { name: '物联卡' });
    const row = (await screen.findByText('89860420177777000010')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('停机');
    expect(row.textContent).toContain('欠费停机');
    expect(row.textContent).toContain('139****5678');
    // Support reads only: no batch actions.
    expect(screen.queryByRole('button', { name: '批量操作' })).toBeNull();

    fireEvent.change(screen.getByLabelText('搜索'), { target: { value: ' 13912345678 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/cards/list').at(-1)?.query).toEqual({
        page: '1',
        pageSize: '20',
        q: '13912345678',
      }),
    );
    const drawer = await openCard('1440777700001');
    await within(drawer).findByText('余额明细');
    expect(drawer.textContent).toContain('欠费停机');
    expect(within(drawer).queryByRole('button', { name: '复机' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: '调整余额' })).toBeNull();
  });

  it('lets finance adjust a balance with one idempotency key per dialog, and no state action', async () => {
    const api = consoleOf('finance', [card()]);
    renderConsole('/cards');
    const drawer = await openCard('1440777700001');
    expect(within(drawer).queryByRole('button', { name: '停机' })).toBeNull();
    fireEvent.click(await within(drawer).findByRole('button', { name: '调整余额' }));
    const dialog = await findDialog('调整卡 1440777700001 的余额');
    fireEvent.change(within(dialog).getByLabelText('调整金额（元）'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '补偿' } });
    const ok = within(dialog).getByRole('button', { name: '调整余额' });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('请输入不为 0、最多两位小数的金额')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('调整金额（元）'), { target: { value: '20.50' } });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await screen.findByText('已调整，当前余额 30.50 元');
    const calls = api.callsTo('/api/admin/cards/adjustBalance');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const keys = new Set(calls.map((c) => (c.body as { idempotencyKey: string }).idempotencyKey));
    expect(keys.size).toBe(1);
    expect(calls[0]?.body).toEqual({
      simNo: '1440777700001',
      amount: '20.50',
      remark: '补偿',
      idempotencyKey: [...keys][0],
    });
  });

  it('suspends a card after a confirmation and shows the new state; the operator cannot adjust money', async () => {
    const api = consoleOf('operator', [card()]);
    renderConsole('/cards');
    const drawer = await openCard('1440777700001');
    expect(within(drawer).queryByRole('button', { name: '调整余额' })).toBeNull();
    fireEvent.click(await within(drawer).findByRole('button', { name: '停机' }));
    const confirm = await findDialog('向运营商申请停机卡 1440777700001？');
    expect(api.callsTo('/api/admin/cards/suspend')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '停机' }));
    await screen.findByText('卡状态：停机 (主动停机)');
    expect(api.callsTo('/api/admin/cards/suspend')[0]?.body).toEqual({ simNo: '1440777700001' });
  });

  it('runs a batch on pasted ICCIDs and shows each card’s result when the job is done', async () => {
    let polls = 0;
    const running: AdminCardBatchJob = {
      id: 7,
      kind: 'suspend',
      status: 'running',
      reason: null,
      progress: 0,
      total: 2,
      ok: 0,
      failed: 0,
      staff: 'operator1',
      createdAt: NOW,
      finishedAt: null,
      results: [],
    };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/cards/list': () => ({ list: [], total: 0, page: 1, pageSize: 20 }),
      '/api/admin/cards/batch': () => running,
      '/api/admin/cards/job': () =>
        ++polls < 2
          ? running
          : {
              ...running,
              status: 'done',
              progress: 2,
              ok: 1,
              failed: 1,
              finishedAt: NOW,
              results: [
                { iccid: '89860420177777000010', simNo: '1440777700001', ok: true, reason: '', message: '' },
                { iccid: '89860000000000000000', simNo: '', ok: false, reason: 'simNotFound', message: '卡号不存在' },
              ],
            },
    });
    renderConsole('/cards');
    fireEvent.click(await screen.findByRole('button', { name: '批量操作' }));
    const dialog = await findDialog('批量操作');
    fireEvent.change(within(dialog).getByLabelText('ICCID 列表'), {
      target: { value: '89860420177777000010\n89860000000000000000\n' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始' }));
    const confirm = await findDialog('对 2 张卡执行“停机”？');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await within(dialog).findByText('已完成：成功 1，失败 1', {}, { timeout: 5000 });
    expect(api.callsTo('/api/admin/cards/batch')[0]?.body).toEqual({
      kind: 'suspend',
      text: '89860420177777000010\n89860000000000000000\n',
    });
    expect(within(dialog).getByText('卡号不存在')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: '下载结果（CSV）' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('89860000000000000000,,0,simNotFound');
  });

  it('adds a package to each pasted card: the package id is asked, sent, and each card’s result shown', async () => {
    const done: AdminCardBatchJob = {
      id: 8,
      kind: 'addPackage',
      status: 'done',
      reason: null,
      progress: 2,
      total: 2,
      ok: 1,
      failed: 1,
      staff: 'operator1',
      createdAt: NOW,
      finishedAt: NOW,
      results: [
        { iccid: '89860420177777000010', simNo: '1440777700001', ok: true, reason: '', message: '' },
        {
          iccid: '89860420177777000020',
          simNo: '1440777700002',
          ok: false,
          reason: 'packageGone',
          message: '套餐不存在或已下架',
        },
      ],
    };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/cards/list': () => ({ list: [], total: 0, page: 1, pageSize: 20 }),
      '/api/admin/cards/batch': () => done,
      '/api/admin/cards/job': () => done,
    });
    renderConsole('/cards');
    fireEvent.click(await screen.findByRole('button', { name: '批量操作' }));
    const dialog = await findDialog('批量操作');
    expect(within(dialog).queryByLabelText('套餐 ID')).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '操作' }));
    fireEvent.click(await screen.findByTitle('赠送套餐'));
    const packageId = await within(dialog).findByLabelText('套餐 ID');
    fireEvent.change(within(dialog).getByLabelText('ICCID 列表'), {
      target: { value: '89860420177777000010 89860420177777000020' },
    });
    // Without a package the batch does not start.
    fireEvent.click(within(dialog).getByRole('button', { name: '开始' }));
    expect(await within(dialog).findByText('请输入套餐 ID')).toBeTruthy();
    fireEvent.change(packageId, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始' }));
    const confirm = await findDialog('对 2 张卡执行“赠送套餐”？');
    expect(within(confirm).getByText('每张卡将免费获得套餐 12，并记入操作日志。')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await within(dialog).findByText('已完成：成功 1，失败 1', {}, { timeout: 5000 });
    expect(api.callsTo('/api/admin/cards/batch')[0]?.body).toEqual({
      kind: 'addPackage',
      text: '89860420177777000010 89860420177777000020',
      packageId: 12,
    });
    expect(within(dialog).getByText('套餐不存在或已下架')).toBeTruthy();
  });

  it('tells the staff member to run a batch again when the server stopped while it ran', async () => {
    const interrupted: AdminCardBatchJob = {
      id: 9,
      kind: 'resync',
      status: 'failed',
      reason: 'jobInterrupted',
      progress: 3,
      total: 10,
      ok: 0,
      failed: 0,
      staff: 'operator1',
      createdAt: NOW,
      finishedAt: NOW,
      results: [],
    };
    mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/cards/list': () => ({ list: [], total: 0, page: 1, pageSize: 20 }),
      '/api/admin/cards/batch': () => ({ ...interrupted, status: 'running', reason: null }),
      '/api/admin/cards/job': () => interrupted,
    });
    renderConsole('/cards');
    fireEvent.click(await screen.findByRole('button', { name: '批量操作' }));
    const dialog = await findDialog('批量操作');
    fireEvent.change(within(dialog).getByLabelText('ICCID 列表'), { target: { value: '89860420177777000010' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始' }));
    fireEvent.click(within(await findDialog('对 1 张卡执行“停机”？')).getByRole('button', { name: '确定' }));
    expect(
      await within(dialog).findByText('批量任务未完成：任务因服务重启而中断，请重新运行', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
