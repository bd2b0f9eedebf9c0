import type { SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simFixture } from '../../../features/iot-core/sim-fixture';
import { useIotStore } from '../../../stores/iot';
import { bodyText } from '../../../test/dom';
import { Fail, mockApi, renderRoute } from '../../../test/render-route';

const HISTORY = '/pages-sub/iot/historyLine/index';
let day = 0;
beforeEach(() => {
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 6, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

function withCard(sim: SimInfo) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
}

const days = (flows: number[]) => ({
  type: 'day' as const,
  points: flows.map((flow, i) => ({ date: `2026-07-${String(i + 1).padStart(2, '0')}`, flow })),
  totalFlow: flows.reduce((a, b) => a + b, 0),
  avgFlow: flows.reduce((a, b) => a + b, 0) / flows.length,
});

describe('用量历史', () => {
  it('shows the daily chart, total and average; 按月 asks type=month', async () => {
    const sim = simFixture();
    withCard(sim);
    const api = mockApi({
      '/api/iot/simHistoryLine': (call) =>
        call.query.type === 'month'
          ? {
              type: 'month',
              points: [
                { date: '2026-05', flow: 20480 },
                { date: '2026-06', flow: 10240 },
              ],
              totalFlow: 30720,
              avgFlow: 15360,
            }
          : days([512, 1536, 0]),
    });
    renderRoute(HISTORY);
    await screen.findByTestId('usage-chart');
    expect(screen.getByTestId('page-title').textContent).toContain('用量历史');
    expect(api.callsTo('/api/iot/simHistoryLine')[0]?.query).toEqual({ type: 'day' });
    expect(screen.getByTestId('usage-chart').dataset.points).toBe('3');
    expect(screen.getByTestId('history-total').textContent).toBe('2.00GB');
    expect(screen.getByTestId('history-avg').textContent).toBe('682.67MB');
    expect(screen.getByTestId('history-range').textContent).toBe('2026-07-01 ~ 2026-07-03');
    expect(bodyText()).toContain('日均用量');

    fireEvent.click(screen.getByText('按月'));
    await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('30.00GB'));
    expect(api.callsTo('/api/iot/simHistoryLine')[1]?.query).toEqual({ type: 'month' });
    expect(screen.getByTestId('history-avg').textContent).toBe('15.00GB');
    expect(bodyText()).toContain('月均用量');
    expect(screen.getByTestId('history-range').textContent).toBe('2026-05 ~ 2026-06');
  });

  it('all zero: 暂无用量数据', async () => {
    const sim = simFixture();
    withCard(sim);
    mockApi({ '/api/iot/simHistoryLine': () => days([0, 0, 0]) });
    renderRoute(HISTORY);
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无用量数据');
    expect(screen.queryByTestId('usage-chart')).toBeNull();
  });

  it('a failed load shows 重新加载, which asks again', async () => {
    const sim = simFixture();
    withCard(sim);
    let fail = true;
    const api = mockApi({ '/api/iot/simHistoryLine': () => (fail ? new Fail(-1, '查询失败') : days([100])) });
    renderRoute(HISTORY);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('usage-chart');
    expect(api.callsTo('/api/iot/simHistoryLine')).toHaveLength(2);
  });
});
