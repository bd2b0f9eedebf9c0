/**
 * Usage at a glance on the card home (issue 25 item 2): this month by day and the last 6 months by month,
 * from the card's usage history, with the same figures as a table.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { daysThisMonth, lastMonths, thisMonth } from '../../features/iot-care/usage-glance-rules';
import { simFixture } from '../../features/iot-core/sim-fixture';
import { useIotStore } from '../../stores/iot';
import { settle } from '../../test/dom';
import { Fail, mockApi, renderRoute } from '../../test/render-route';

// 2026-07-03 10:00 in Shanghai.
const NOW = Date.parse('2026-07-03T10:00:00+08:00');

let cards = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});
afterEach(() => {
  vi.useRealTimers();
});

const byDay = {
  type: 'day' as const,
  // The endpoint's window reaches into June; only July is this month.
  points: ['06-27', '06-28', '06-29', '06-30', '07-01', '07-02', '07-03'].map((d, i) => ({
    date: `2026-${d}`,
    flow: (i + 1) * 100,
  })),
  totalFlow: 2800,
  avgFlow: 400,
};
const byMonth = {
  type: 'month' as const,
  points: Array.from({ length: 12 }, (_, i) => ({
    date: `${i < 6 ? 2025 : 2026}-${String(((i + 6) % 12) + 1).padStart(2, '0')}`,
    flow: 1024 * (i + 1),
  })),
  totalFlow: 79872,
  avgFlow: 6656,
};

/** The card home of a new card; the card's own data waits for `cardHeld` when given. */
function open(history: (type: string) => unknown, cardHeld?: Promise<void>) {
  const sim = simFixture({ simNo: `1440398${String(++cards).padStart(6, '0')}` });
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
  const api = mockApi({
    '/api/iot/simInfo': () => sim,
    '/api/iot/simHistoryLine': (call) => history(call.query.type ?? 'day') as never,
  });
  if (cardHeld) {
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).includes('/api/iot/simInfo')) await cardHeld;
      return answer(url, init);
    });
  }
  renderRoute('/pages/iot/index/index');
  return api;
}

describe('usage at a glance', () => {
  it('cuts this month and the last 6 months out of the history', () => {
    expect(daysThisMonth(NOW)).toBe(7);
    expect(daysThisMonth(Date.parse('2026-07-31T23:00:00+08:00'))).toBe(31);
    expect(thisMonth(byDay, NOW).points.map((p) => p.date)).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
    expect(thisMonth(byDay, NOW).totalFlow).toBe(1800);
    expect(lastMonths(byMonth).points.map((p) => p.date)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
  });

  it('shows this month by day on the card home, and the same figures as a table', async () => {
    const api = open((type) => (type === 'month' ? byMonth : byDay));
    const glance = await screen.findByTestId('usage-glance');
    await within(glance).findByTestId('usage-chart');
    expect(api.callsTo('/api/iot/simHistoryLine')[0]?.query).toEqual({ type: 'day', days: '7' });
    expect(within(glance).getByTestId('usage-glance-total').textContent).toBe('本月每日用量合计 1.76GB');
    const table = within(glance).getByTestId('usage-glance-table');
    expect(table.hidden).toBe(true);
    fireEvent.click(within(glance).getByTestId('usage-glance-table-toggle'));
    expect(table.hidden).toBe(false);
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual([
      '2026-07-01500MB',
      '2026-07-02600MB',
      '2026-07-03700MB',
    ]);
  });

  it("is asked for beside the card's data, not once the card has arrived, and only once", async () => {
    let release = () => {};
    const api = open(() => byDay, new Promise<void>((resolve) => (release = resolve)));
    await waitFor(() => expect(api.callsTo('/api/iot/simHistoryLine')).toHaveLength(1));
    expect(screen.queryByTestId('usage-glance')).toBeNull();
    release();
    expect((await screen.findByTestId('usage-glance-total')).textContent).toBe('本月每日用量合计 1.76GB');
    expect(api.callsTo('/api/iot/simHistoryLine')).toHaveLength(1);
  });

  it('asks for the chart only once the total has painted, in a slot of its height', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    open(() => byDay);
    const glance = await screen.findByTestId('usage-glance');
    await within(glance).findByTestId('usage-glance-total');
    await settle(100);
    expect(within(glance).getByTestId('usage-chart-loading')).toBeTruthy();
    expect(within(glance).queryByTestId('usage-chart')).toBeNull();
    for (const frame of frames.splice(0)) frame(performance.now());
    await within(glance).findByTestId('usage-chart');
  });

  it('switches to the last 6 months', async () => {
    const api = open((type) => (type === 'month' ? byMonth : byDay));
    const glance = await screen.findByTestId('usage-glance');
    await within(glance).findByTestId('usage-chart');
    fireEvent.click(within(glance).getByText('近6个月'));
    await waitFor(() => expect(within(glance).getByTestId('usage-chart').dataset.points).toBe('6'));
    expect(api.callsTo('/api/iot/simHistoryLine')[1]?.query).toEqual({ type: 'month' });
    expect(within(glance).getByTestId('usage-glance-total').textContent).toBe('近6个月每月用量合计 57.00GB');
  });

  it('says when there is no usage yet', async () => {
    open(() => ({ ...byDay, points: byDay.points.map((p) => ({ ...p, flow: 0 })), totalFlow: 0, avgFlow: 0 }));
    expect((await screen.findByTestId('usage-glance-empty')).textContent).toBe('暂无用量数据');
  });

  it('offers a retry when the history cannot be loaded, and the card home still works', async () => {
    let fail = true;
    open(() => (fail ? new Fail(-1, '查询失败') : byDay));
    await screen.findByTestId('usage-glance-error');
    expect(screen.getByTestId('iot-home')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('重试'));
    await screen.findByTestId('usage-glance-total');
  });
});
