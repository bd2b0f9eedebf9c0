/** The dashboard (figures, charts, health with its unrecorded settlement) and the jobs page with run now. */
import type { AdminJob, DashboardFigures, DashboardHealth, DashboardSeries } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, meOf, mockApi, renderConsole } from '../../test/render-console';

const NOW = 1_790_000_000_000;

const zero: DashboardFigures = {
  orders: 0,
  paidOrders: 0,
  paid: '0.00',
  refunds: 0,
  refunded: '0.00',
  newCards: 0,
  recharges: 0,
  recharged: '0.00',
  packageSales: 0,
  packageSold: '0.00',
};

const series: DashboardSeries = {
  from: '2026-11-01',
  to: '2026-11-02',
  promoCode: null,
  days: [
    { day: '2026-11-01', ...zero, orders: 2, paidOrders: 1, paid: '39.00' },
    { day: '2026-11-02', ...zero, orders: 5, newCards: 3, recharges: 1, recharged: '50.00' },
  ],
  totals: { ...zero, orders: 7, paidOrders: 1, paid: '39.00', newCards: 3, recharges: 1, recharged: '50.00' },
};

const job = (over: Partial<AdminJob> = {}): AdminJob => ({
  job: 'payment-reconcile',
  everyMs: 60_000,
  lastStartedAt: NOW - 5_000,
  lastFinishedAt: NOW - 4_000,
  lastOutcome: 'ok',
  lastError: null,
  nextRunAt: NOW + 55_000,
  holder: null,
  runs: 12,
  failures: 0,
  recentFailures: 0,
  lastFailureAt: null,
  lastFailure: null,
  ...over,
});

const health: DashboardHealth = {
  settlement: null,
  failedJobs: [
    job({
      job: 'upstream-sync',
      lastOutcome: 'failed',
      failures: 2,
      recentFailures: 1,
      lastFailureAt: NOW,
      lastFailure: 'Error: platform down',
    }),
  ],
  cardSync: {
    job: job({ job: 'upstream-sync' }),
    activeCards: 120,
    neverSynced: 4,
    oldestSyncedAt: NOW - 3 * 3_600_000,
  },
  adapters: [
    { area: 'payment', name: 'wechat', builtIn: false },
    { area: 'sms', name: 'outbox', builtIn: true },
    { area: 'carrier', name: 'onelink', builtIn: false },
  ],
  at: NOW,
};

describe('dashboard page', () => {
  it('shows the totals, the charts, the daily figures and the health, and asks for a promoter', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('finance'),
      '/api/admin/dashboard': (call) => ({ ...series, promoCode: call.query.promoCode ?? null }),
      '/api/admin/dashboard/health': () => health,
    });
    renderConsole('/dashboard');
    await screen.findByRole('heading', { name: '数据看板' });
    await screen.findByText('区间合计（2026-11-01 至 2026-11-02）');
    expect((await screen.findByTestId('total-orders')).textContent).toBe('7');
    expect(screen.getByTestId('total-paid').textContent).toBe('39.00');
    expect(screen.getByTestId('total-newCards').textContent).toBe('3');
    expect(await screen.findByRole('img', { name: /^每日笔数，2026-11-01 至 2026-11-02/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^每日金额（元），/ })).toBeTruthy();
    const day = (screen.getByText('2026-11-02', { selector: 'td' }) as HTMLElement).closest('tr') as HTMLElement;
    expect(day.textContent).toContain('50.00');

    expect(await screen.findByText(/暂未记录：服务器尚未记录每笔支付由回调还是由对账结算/)).toBeTruthy();
    expect(screen.getByText('Error: platform down')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText(/滞后 3 小时/)).toBeTruthy();
    expect(screen.getByText('wechat')).toBeTruthy();
    expect(screen.getAllByText('内置模拟')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('推广码'), { target: { value: ' p1 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(api.callsTo('/api/admin/dashboard').at(-1)?.query).toEqual({ promoCode: 'p1' }));
  });
});

describe('jobs page', () => {
  it('lets the owner run a job after confirming, and shows how the run ended', async () => {
    let ran = false;
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('owner'),
      '/api/admin/jobs/list': () => ({
        list: [
          job({ lastOutcome: ran ? 'failed' : 'ok' }),
          job({ job: 'upstream-sync', lastStartedAt: null, lastFinishedAt: null, lastOutcome: null, runs: 0 }),
        ],
      }),
      '/api/admin/jobs/run': () => {
        ran = true;
        return {
          ran: true,
          job: job({
            lastOutcome: 'failed',
            failures: 1,
            recentFailures: 1,
            lastFailure: 'Error: boom',
            lastFailureAt: NOW,
          }),
        };
      },
    });
    renderConsole('/jobs');
    const row = (await screen.findByText('payment-reconcile')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('1 分钟');
    expect(row.textContent).toContain('成功');
    const never = screen.getByText('upstream-sync').closest('tr') as HTMLElement;
    expect(never.textContent).toContain('从未运行');

    fireEvent.click(within(row).getByRole('button', { name: '立即运行' }));
    const dialog = await findDialog('立即运行任务 payment-reconcile？');
    expect(api.callsTo('/api/admin/jobs/run')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '立即运行' }));
    await waitFor(() => expect(api.callsTo('/api/admin/jobs/run')[0]?.body).toEqual({ job: 'payment-reconcile' }));
    expect(await screen.findByText('payment-reconcile 已运行，结果：失败')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/api/admin/jobs/list').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the jobs to support without run now', async () => {
    mockApi({
      '/api/admin/auth/me': () => meOf('support'),
      '/api/admin/jobs/list': () => ({ list: [job()] }),
    });
    renderConsole('/jobs');
    await screen.findByText('payment-reconcile');
    expect(screen.queryByRole('button', { name: '立即运行' })).toBeNull();
  });
});
