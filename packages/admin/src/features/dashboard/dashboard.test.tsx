/**
 * The dashboard (figures, charts, health with the settlement share of its period) and the jobs page with run
 * now and the batch jobs.
 */
import type {
  AdminBatchJob,
  AdminCardBatchJob,
  AdminJob,
  DashboardFigures,
  DashboardHealth,
  DashboardSeries,
} from '@haoka/contract';
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
  settlement: { from: '2026-11-01', to: '2026-11-02', byCallback: 3, byReconciliation: 1 },
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

    expect(await screen.findByText('2026-11-01 至 2026-11-02 已结算的支付')).toBeTruthy();
    expect(screen.getByText('回调 75%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '回调结算占比' })).toBeTruthy();
    expect(screen.getByText('Error: platform down')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText(/滞后 3 小时/)).toBeTruthy();
    expect(screen.getByText('wechat')).toBeTruthy();
    expect(screen.getAllByText('内置模拟')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('推广码'), { target: { value: ' p1 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(api.callsTo('/api/admin/dashboard').at(-1)?.query).toEqual({ promoCode: 'p1' }));
    // The health's period is the figures' (payments have no promoter).
    expect(api.callsTo('/api/admin/dashboard/health').at(-1)?.query).toEqual({});
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

  it('lists the batch jobs with their progress and status, and downloads a finished one’s result file', async () => {
    const batch = (over: Partial<AdminBatchJob>): AdminBatchJob => ({
      id: 1,
      kind: 'inventory.import',
      status: 'done',
      reason: null,
      progress: 10,
      total: 10,
      staff: 'olga',
      createdAt: NOW,
      finishedAt: NOW,
      ...over,
    });
    const cardJob: AdminCardBatchJob = {
      id: 3,
      kind: 'suspend',
      status: 'done',
      reason: null,
      progress: 1,
      total: 1,
      ok: 0,
      failed: 1,
      staff: 'olga',
      createdAt: NOW,
      finishedAt: NOW,
      results: [{ iccid: '8986x', simNo: '', ok: false, reason: 'simNotFound', message: '卡号不存在' }],
    };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('support'),
      '/api/admin/jobs/list': () => ({ list: [job()] }),
      '/api/admin/jobs/batches': () => ({
        list: [
          batch({ id: 4, kind: 'card.addPackage', status: 'running', progress: 5, total: 20, finishedAt: null }),
          batch({ id: 3, kind: 'card.suspend', progress: 1, total: 1 }),
          batch({ id: 2, kind: 'inventory.import', status: 'failed', reason: 'jobInterrupted', progress: 4 }),
        ],
      }),
      '/api/admin/cards/job': () => cardJob,
    });
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${decodeURIComponent(this.href)}`);
    };
    try {
      renderConsole('/jobs');
      await screen.findByRole('heading', { name: '批量任务' });
      const running = (await screen.findByText('物联卡批量：赠送套餐')).closest('tr') as HTMLElement;
      expect(running.textContent).toContain('进行中');
      expect(running.textContent).toContain('5 / 20');
      expect(within(running).getByRole('progressbar', { name: '任务 4 的进度' })).toBeTruthy();
      expect(within(running).queryByRole('button', { name: '下载结果（CSV）' })).toBeNull();
      const lost = screen.getByText('号码导入').closest('tr') as HTMLElement;
      expect(lost.textContent).toContain('失败');
      expect(lost.textContent).toContain('任务因服务重启而中断，请重新运行');

      const done = screen.getByText('物联卡批量：停机').closest('tr') as HTMLElement;
      fireEvent.click(within(done).getByRole('button', { name: '下载结果（CSV）' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(api.callsTo('/api/admin/cards/job')[0]?.query).toEqual({ id: '3' });
      expect(clicked[0]).toMatch(/^card-batch-3\.csv data:text\/csv;charset=utf-8,/);
      expect(clicked[0]).toContain('8986x,,0,simNotFound');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });
});
