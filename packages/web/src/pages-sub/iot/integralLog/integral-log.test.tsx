import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { page } from '../../../features/iot-rewards/test-fixtures';
import { useDictionaryStore } from '../../../stores/dictionary';
import { useIotStore } from '../../../stores/iot';
import { bodyText, everythingOnScreen } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const LOG = '/pages-sub/iot/integralLog/index';
const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
  useDictionaryStore.getState().setOptions({});
});

const line = (id: number, type: number, points: number, integralAfter: number, remark = '') => ({
  id,
  type,
  points,
  integralAfter,
  orderSn: type === 3 ? 'PK20260101100000000001' : '',
  remark,
  createdAt: `2026-01-${String(id).padStart(2, '0')} 09:00:00`,
});

describe('积分明细', () => {
  it('shows the current points and the lines newest first; the chips filter by type', async () => {
    const api = mockApi({
      '/api/iot/simIntegralLogList': (call) =>
        call.query.type === '1'
          ? page([line(3, 1, 10, 345, '每日签到（连续3天）')], { integral: 345 })
          : page(
              [
                line(3, 1, 10, 345, '每日签到（连续3天）'),
                line(2, 4, -100, 335, '商城兑换'),
                line(1, 3, 30, 435, '购买套餐赠送：月享30G'),
              ],
              { integral: 345 },
            ),
    });
    renderRoute(LOG);
    await screen.findAllByTestId('ledger-line');
    expect(screen.getByTestId('page-title').textContent).toContain('积分明细');
    expect(screen.getByTestId('ledger-total').textContent).toBe('345');
    const lines = screen.getAllByTestId('ledger-line');
    expect(lines.map((l) => within(l).getByTestId('ledger-line-amount').textContent)).toEqual(['+10', '-100', '+30']);
    expect(lines.map((l) => within(l).getByTestId('ledger-line-type').textContent)).toEqual([
      '签到',
      '商城兑换',
      '购买套餐赠送',
    ]);
    expect(within(lines[1] as HTMLElement).getByTestId('ledger-line-amount').className).toContain('debit');
    expect(within(lines[0] as HTMLElement).getByTestId('ledger-line-time').textContent).toBe('2026-01-03 09:00:00');
    expect(screen.getAllByRole('tab')).toHaveLength(8);

    fireEvent.click(screen.getByTestId('ledger-filter-1'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-line')).toHaveLength(1));
    expect(api.callsTo('/api/iot/simIntegralLogList').at(-1)?.query).toEqual({ page: '1', pageSize: '10', type: '1' });
  });

  // The server answers types 1–7 only (the contract); a value only the dictionary knows reading its
  // label is dict-label.test.tsx's.
  it('a known integral_log_type reads the catalogue, whatever label the dictionary gives it', async () => {
    useDictionaryStore.getState().setOptions({
      integral_log_type: [
        { label: '每日签到', value: '1', key: 'sign', listClass: 'success' },
        { label: '积分兑换', value: '4', key: 'exchange', listClass: 'warning' },
      ],
    });
    mockApi({ '/api/iot/simIntegralLogList': () => page([line(1, 1, 5, 5), line(2, 4, -3, 2)], { integral: 2 }) });
    renderRoute(LOG);
    await waitFor(() => expect(screen.getAllByTestId('ledger-line-type')).toHaveLength(2));
    expect(screen.getAllByTestId('ledger-line-type').map((e) => e.textContent)).toEqual(['签到', '商城兑换']);
  });

  it('empty: 暂无积分记录 with 去赚积分 to the task center', async () => {
    mockApi({ '/api/iot/simIntegralLogList': () => page([], { integral: 0 }) });
    const { router } = renderRoute(LOG);
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无积分记录');
    expect(screen.getByTestId('ledger-total').textContent).toBe('0');
    fireEvent.click(screen.getByTestId('integral-log-earn'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/task/index'));
  });

  it('pages on: the next page is asked for as the list scrolls to its end', async () => {
    // The list's footer on screen, as at the end of a scrolled list.
    everythingOnScreen();
    const api = mockApi({
      '/api/iot/simIntegralLogList': (call) =>
        call.query.page === '2'
          ? { list: [line(1, 2, 20, 20)], total: 11, page: 2, pageSize: 10, integral: 200 }
          : {
              list: Array.from({ length: 10 }, (_, i) => line(i + 2, 1, 5, 200 - i * 5)),
              total: 11,
              page: 1,
              pageSize: 10,
              integral: 200,
            },
    });
    renderRoute(LOG);
    await waitFor(() => expect(screen.getAllByTestId('ledger-line')).toHaveLength(11));
    expect(api.callsTo('/api/iot/simIntegralLogList').map((c) => c.query.page)).toEqual(['1', '2']);
    await waitFor(() => expect(bodyText()).toContain('没有更多了'));
  });

  it('a failed load shows 重新加载', async () => {
    let fail = true;
    mockApi({
      '/api/iot/simIntegralLogList': () =>
        fail ? new Fail(-1, '查询失败') : page([line(1, 1, 5, 5)], { integral: 5 }),
    });
    renderRoute(LOG);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('ledger-line');
  });
});
