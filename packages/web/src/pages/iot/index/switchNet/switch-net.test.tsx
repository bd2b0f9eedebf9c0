import type { SimInfo, ViceSim } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { REFRESH_AFTER_SWITCH_MS } from '../../../../features/iot-realname/components/switch-net';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, expectToast, settle } from '../../../../test/dom';
import { mockApi, renderRoute } from '../../../../test/render-route';

const NET = '/pages/iot/index/switchNet/index';
let day = 0;
beforeEach(() => {
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 5, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

function withCard(sim: SimInfo) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
}
const vice = (patch: Partial<ViceSim>): ViceSim => ({
  simNo: 'V1',
  iccid: '89860100000000000001',
  operatorType: 1,
  authStatus: 1,
  isCurrent: 0,
  signal: 3,
  ...patch,
});
const device = (patch: Partial<SimInfo> = {}) =>
  simFixture({
    sourceType: 2,
    deviceNo: 'DEV001',
    viceSims: [
      vice({ simNo: 'V1', operatorType: 1, isCurrent: 1, signal: 4 }),
      vice({ simNo: 'V3', operatorType: 3, signal: 2 }),
    ],
    ...patch,
  });

const confirmDialog = () => {
  const button = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find((b) => b.textContent === '切换');
  if (!button) throw new Error('no confirm button');
  fireEvent.click(button);
};

describe('切换网络', () => {
  it('lists the networks with signal and 当前使用; 切换 confirms, sends {operatorType} and refreshes 5 s later', async () => {
    const sim = device();
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simSwitchNet': () => ({ taskId: 't1', queued: false, expectSeconds: 120 }),
      '/api/iot/simRefresh': () =>
        device({
          viceSims: [vice({ simNo: 'V1', operatorType: 1 }), vice({ simNo: 'V3', operatorType: 3, isCurrent: 1 })],
        }),
    });
    renderRoute(NET);
    await screen.findByTestId('net-list');
    expect(screen.getByTestId('page-title').textContent).toContain('切换网络');
    const items = screen.getAllByTestId('net-item');
    expect(items.map((i) => i.textContent?.includes('中国移动'))).toEqual([true, false]);
    expect(items[1]?.textContent).toContain('中国电信');
    expect(items.map((i) => i.querySelector('[data-testid="net-signal"]')?.getAttribute('data-signal'))).toEqual([
      '4',
      '2',
    ]);
    expect(items[0]?.querySelector('[data-testid="net-current"]')?.textContent).toBe('当前使用');
    expect(items[0]?.querySelector('[data-testid="net-switch"]')).toBeNull();
    expect(screen.getByTestId('net-auto-item').textContent).toContain('智能选网');

    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(items[1]!.querySelector('[data-testid="net-switch"]')!);
    await waitFor(() => expect(bodyText()).toContain('切换网络约需1–3分钟，期间设备会断网'));
    confirmDialog();
    await expectToast('切换指令已下发');
    expect(api.callsTo('/api/iot/simSwitchNet').map((c) => c.body)).toEqual([{ operatorType: 3 }]);
    expect(screen.getByTestId('net-pending').textContent).toContain('预计 2 分钟内完成');
    expect(api.callsTo('/api/iot/simRefresh')).toHaveLength(0);

    vi.advanceTimersByTime(REFRESH_AFTER_SWITCH_MS);
    await waitFor(() => expect(api.callsTo('/api/iot/simRefresh').map((c) => c.body)).toEqual([{ force: 1 }]));
    await waitFor(() =>
      expect(screen.getAllByTestId('net-item')[1]?.querySelector('[data-testid="net-current"]')).not.toBeNull(),
    );
  });

  it('智能选网 sends {auto: 1}; a queued task says the device switches once online', async () => {
    const sim = device({ onlineStatus: 0 });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simSwitchNet': () => ({ taskId: 't2', queued: true, expectSeconds: 60 }),
      '/api/iot/simRefresh': () => sim,
    });
    renderRoute(NET);
    await screen.findByTestId('net-offline');
    fireEvent.click(screen.getByTestId('net-auto'));
    await waitFor(() => expect(document.body.querySelector('.adm-dialog')).not.toBeNull());
    confirmDialog();
    await expectToast('设备离线，上线后自动切换');
    expect(api.callsTo('/api/iot/simSwitchNet').map((c) => c.body)).toEqual([{ auto: 1 }]);
  });

  it('cancelling the confirmation sends nothing', async () => {
    const sim = device();
    withCard(sim);
    const api = mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(NET);
    await screen.findByTestId('net-list');
    fireEvent.click(screen.getByTestId('net-switch'));
    await waitFor(() => expect(document.body.querySelector('.adm-dialog')).not.toBeNull());
    fireEvent.click(screen.getByText('取消'));
    await settle(50);
    expect(api.callsTo('/api/iot/simSwitchNet')).toHaveLength(0);
  });

  it.each([
    ['a card', simFixture()],
    ['a device without vice SIMs', simFixture({ sourceType: 2, deviceNo: 'D', viceSims: [] })],
  ])('%s: 当前卡不支持切换网络', async (_label, sim) => {
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(NET);
    await screen.findByTestId('net-unsupported');
    expect(bodyText()).toContain('当前卡不支持切换网络');
  });
});
