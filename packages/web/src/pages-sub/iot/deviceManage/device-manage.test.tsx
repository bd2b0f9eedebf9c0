import type { DeviceInfo, SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simFixture } from '../../../features/iot-core/sim-fixture';
import { usePendingMarks } from '../../../features/iot-device/pending-marks';
import { useIotStore } from '../../../stores/iot';
import { bodyText, expectToast, settle } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const PAGE = '/pages-sub/iot/deviceManage/index';
let day = 0;
beforeEach(() => {
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 6, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
  usePendingMarks.setState({ bySim: {} });
});

const deviceInfo = (patch: Partial<DeviceInfo> = {}): DeviceInfo => ({
  deviceNo: 'HK5G2025000102',
  model: 'HK-M5 5G随身WiFi',
  wifiEncrypt: 1,
  connCount: 3,
  maxConnCount: 16,
  battery: 78,
  signal: 4,
  showWifi: 1,
  switchWifi: 1,
  wifiName: 'Haoka-0102',
  wifiPass: 'hk20250102',
  showWifi5G: 1,
  switchWifi5G: 1,
  wifiName5G: 'Haoka-0102_5G',
  wifiPass5G: 'hk5g0102',
  ...patch,
});
const device = (patch: Partial<SimInfo> = {}, info: Partial<DeviceInfo> = {}) =>
  simFixture({ sourceType: 2, deviceNo: 'HK5G2025000102', onlineStatus: 1, device: deviceInfo(info), ...patch });

function withCard(sim: SimInfo) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
}

const clickDialogButton = (text: string) => {
  const button = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find((b) => b.textContent === text);
  if (!button) throw new Error(`no dialog button ${text}`);
  fireEvent.click(button);
};
const dialogShown = () => waitFor(() => expect(document.body.querySelector('.adm-dialog')).not.toBeNull());
const entries = () => screen.getAllByTestId('wifi-entry');
const entryOf = (wifiType: number) => {
  const found = entries().find((e) => e.getAttribute('data-wifi-type') === String(wifiType));
  if (!found) throw new Error(`no entry ${wifiType}`);
  return within(found);
};

describe('设备管理', () => {
  it('shows the device, both Wi-Fi entries with masked passwords, 显示 reveals one', async () => {
    const sim = device();
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(PAGE);
    await screen.findByTestId('device-card');
    expect(screen.getByTestId('page-title').textContent).toContain('设备管理');
    expect(screen.getByTestId('device-no').textContent).toBe('HK5G2025000102');
    expect(screen.getByTestId('device-online').textContent).toBe('在线');
    expect(screen.getByTestId('device-conn').textContent).toBe('3/16');
    expect(entries().map((e) => e.getAttribute('data-wifi-type'))).toEqual(['1', '2']);
    expect(entryOf(2).getByTestId('wifi-name').textContent).toBe('Haoka-0102_5G');
    expect(entryOf(2).getByTestId('wifi-pass').textContent).toBe('••••••••');
    expect(entryOf(1).getByTestId('wifi-encrypt').textContent).toBe('WPA2-PSK');
    fireEvent.click(entryOf(2).getByTestId('wifi-pass-toggle'));
    expect(entryOf(2).getByTestId('wifi-pass').textContent).toBe('hk5g0102');
    expect(bodyText()).not.toContain('hk20250102');
  });

  it.each([
    ['5G name', { wifiName5G: '' }],
    ['5G password', { wifiPass5G: '' }],
  ])('has no 5G entry without a %s', async (_what, patch) => {
    const sim = device({}, patch);
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(PAGE);
    await screen.findByTestId('device-card');
    expect(entries().map((e) => e.getAttribute('data-wifi-type'))).toEqual(['1']);
  });

  it('隐藏WiFi confirms, sends {wifiType, show: 0}, toasts and marks the entry 修改中 until a refresh', async () => {
    const sim = device();
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/iotDevice/setWiFiDisplay': () => ({ taskId: 't1', queued: false }),
      '/api/iot/simRefresh': () => device({}, { showWifi5G: 0 }),
    });
    renderRoute(PAGE);
    await screen.findByTestId('device-card');
    fireEvent.click(entryOf(2).getByTestId('wifi-hidden'));
    await dialogShown();
    expect(bodyText()).toContain('隐藏后其他设备将搜索不到该WiFi');
    clickDialogButton('确定');
    await expectToast('指令已下发，约1分钟生效');
    expect(api.callsTo('/api/iot/iotDevice/setWiFiDisplay').map((c) => c.body)).toEqual([{ wifiType: 2, show: 0 }]);
    expect(entryOf(2).getByTestId('wifi-changing').textContent).toBe('修改中');
    expect(entryOf(1).queryByTestId('wifi-changing')).toBeNull();

    fireEvent.click(screen.getByTestId('device-refresh'));
    await waitFor(() => expect(api.callsTo('/api/iot/simRefresh').map((c) => c.body)).toEqual([{ force: 1 }]));
    await waitFor(() => expect(screen.queryByTestId('wifi-changing')).toBeNull());
    expect(entryOf(2).getByTestId('wifi-hidden').getAttribute('aria-checked')).toBe('true');
  });

  it('cancelling a confirmation sends nothing', async () => {
    const sim = device();
    withCard(sim);
    const api = mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(PAGE);
    await screen.findByTestId('device-card');
    fireEvent.click(screen.getByTestId('device-restart'));
    await dialogShown();
    clickDialogButton('取消');
    await settle(50);
    expect(api.calls.filter((c) => c.path.startsWith('/api/iot/iotDevice/'))).toEqual([]);
  });

  it('重启设备 on an offline device: the command is queued and the toast says so', async () => {
    const sim = device({ onlineStatus: 0 });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/iotDevice/restart': () => ({ taskId: 't2', queued: true }),
    });
    renderRoute(PAGE);
    await screen.findByTestId('device-offline');
    expect(screen.getByTestId('device-online').textContent).toBe('离线');
    fireEvent.click(screen.getByTestId('device-restart'));
    await dialogShown();
    expect(bodyText()).toContain('重启期间设备将断网');
    clickDialogButton('确定');
    await expectToast('设备离线，指令将在设备上线后执行');
    expect(api.callsTo('/api/iot/iotDevice/restart')).toHaveLength(1);
    expect(screen.getByTestId('device-pending')).toBeTruthy();
  });

  it('关机 confirms and sends close', async () => {
    const sim = device();
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/iotDevice/close': () => ({ taskId: 't3', queued: false }),
    });
    renderRoute(PAGE);
    await screen.findByTestId('device-card');
    fireEvent.click(screen.getByTestId('device-close'));
    await dialogShown();
    clickDialogButton('确定');
    await expectToast('指令已下发，约1分钟生效');
    expect(api.callsTo('/api/iot/iotDevice/close')).toHaveLength(1);
  });

  it('恢复出厂 needs two confirmations, the second by typing 确认', async () => {
    const sim = device();
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/iotDevice/reset': () => ({ taskId: 't4', queued: false }),
    });
    renderRoute(PAGE);
    await screen.findByTestId('device-card');

    // A wrong word cancels.
    fireEvent.click(screen.getByTestId('device-reset'));
    await dialogShown();
    clickDialogButton('确定');
    await screen.findByTestId('reset-input');
    fireEvent.change(screen.getByTestId('reset-input').querySelector('input') as HTMLInputElement, {
      target: { value: 'ok' },
    });
    clickDialogButton('恢复出厂');
    await expectToast('输入不正确，已取消');
    expect(api.callsTo('/api/iot/iotDevice/reset')).toEqual([]);

    await waitFor(() => expect(document.body.querySelector('.adm-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('device-reset'));
    await dialogShown();
    expect(bodyText()).toContain('恢复出厂后WiFi名称、密码等设置将还原为设备默认值');
    clickDialogButton('确定');
    await screen.findByTestId('reset-input');
    expect(bodyText()).toContain('请输入“确认”以恢复出厂设置');
    fireEvent.change(screen.getByTestId('reset-input').querySelector('input') as HTMLInputElement, {
      target: { value: '确认' },
    });
    clickDialogButton('恢复出厂');
    await expectToast('指令已下发，约1分钟生效');
    expect(api.callsTo('/api/iot/iotDevice/reset').map((c) => c.body)).toEqual([{ confirm: 'RESET' }]);
    expect(screen.getAllByTestId('wifi-changing')).toHaveLength(2);
  });

  it('修改名称/密码 opens 修改WiFi for the entry', async () => {
    const sim = device();
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(PAGE);
    await screen.findByTestId('device-card');
    fireEvent.click(entryOf(2).getByTestId('wifi-edit'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/deviceManage/setSsidPwd/index?wifiType=2'));
  });

  it('a card that is not a device: ErrorBlock 当前卡不是设备卡', async () => {
    const sim = simFixture();
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(PAGE);
    await screen.findByTestId('device-none');
    expect(bodyText()).toContain('当前卡不是设备卡');
  });

  it('a failed load shows 重新加载, which loads again', async () => {
    const sim = device();
    withCard(sim);
    let fail = true;
    mockApi({ '/api/iot/simInfo': () => (fail ? new Fail(-1, '系统繁忙') : sim) });
    renderRoute(PAGE);
    await screen.findByTestId('page-error-state');
    fail = false;
    vi.setSystemTime(new Date(2026, 6, day, 10, 0, 5));
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('device-card');
  });
});
