import type { DeviceInfo, SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { usePendingMarks } from '../../../../features/iot-device/pending-marks';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, expectToast, settle } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const LIST = '/pages-sub/iot/deviceManage/index';
const FORM = '/pages-sub/iot/deviceManage/setSsidPwd/index';
let day = 0;
beforeEach(() => {
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 7, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
  usePendingMarks.setState({ bySim: {} });
});

const device = (info: Partial<DeviceInfo> = {}): SimInfo =>
  simFixture({
    sourceType: 2,
    deviceNo: 'DEV1',
    onlineStatus: 1,
    device: {
      deviceNo: 'DEV1',
      model: 'HK-M5 5G随身WiFi',
      wifiEncrypt: 1,
      connCount: 1,
      maxConnCount: 10,
      battery: null,
      signal: 4,
      showWifi: 1,
      switchWifi: 1,
      wifiName: 'home',
      wifiPass: 'password1',
      showWifi5G: 1,
      switchWifi5G: 1,
      wifiName5G: 'home_5G',
      wifiPass5G: 'password5',
      ...info,
    },
  });

function withCard(sim: SimInfo) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
}
const input = (testId: string) => screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const clickDialogButton = (text: string) => {
  const button = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find((b) => b.textContent === text);
  if (!button) throw new Error(`no dialog button ${text}`);
  fireEvent.click(button);
};

describe('修改WiFi', () => {
  it('is filled with the 5G entry; 保存 confirms, sends it, toasts and goes back to a list marked 修改中', async () => {
    const sim = device();
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/iotDevice/setWiFiSsidPwd': () => ({ taskId: 't1', queued: false }),
    });
    const { router } = renderRoute(LIST);
    await screen.findByTestId('device-card');
    await router.navigate(`${FORM}?wifiType=2`);
    // goBack reads the browser history's index, which the memory router does not keep.
    window.history.replaceState({ idx: 1 }, '');
    await screen.findByTestId('wifi-form');
    expect(screen.getByTestId('page-title').textContent).toContain('修改WiFi');
    expect(input('wifi-form-ssid').value).toBe('home_5G');
    expect(input('wifi-form-password').value).toBe('password5');
    type('wifi-form-ssid', '客厅5G');
    type('wifi-form-password', 'new-pass#1');
    type('wifi-form-confirm', 'new-pass#1');
    fireEvent.click(screen.getByTestId('wifi-form-save'));
    await waitFor(() => expect(document.body.querySelector('.adm-dialog')).not.toBeNull());
    clickDialogButton('保存');
    await expectToast('指令已下发，约1分钟生效');
    expect(api.callsTo('/api/iot/iotDevice/setWiFiSsidPwd').map((c) => c.body)).toEqual([
      { wifiType: 2, ssid: '客厅5G', password: 'new-pass#1' },
    ]);
    await waitFor(() => expect(locationOf(router)).toBe(LIST));
    await screen.findByTestId('device-card');
    window.history.replaceState(null, '');
    const marked = screen.getAllByTestId('wifi-entry').find((e) => e.getAttribute('data-wifi-type') === '2');
    expect(marked?.querySelector('[data-testid="wifi-changing"]')?.textContent).toBe('修改中');
  });

  it.each([
    ['an empty name', { 'wifi-form-ssid': '' }, 'ssid', '请输入WiFi名称'],
    ['a name with an outer space', { 'wifi-form-ssid': 'home ' }, 'ssid', 'WiFi名称首尾不能有空格'],
    [
      'a name over 32 bytes',
      { 'wifi-form-ssid': '网'.repeat(11) },
      'ssid',
      'WiFi名称不能超过32个字符（中文每字计3个）',
    ],
    [
      'a short password',
      { 'wifi-form-password': 'short', 'wifi-form-confirm': 'short' },
      'password',
      'WiFi密码为8-63位字母、数字或英文符号',
    ],
    ['an empty password', { 'wifi-form-password': '', 'wifi-form-confirm': '' }, 'password', '请输入8-63位WiFi密码'],
    ['a different confirmation', { 'wifi-form-confirm': 'password2' }, 'confirm', '两次输入的密码不一致'],
  ])('refuses %s inline and sends nothing', async (_what, values, field, message) => {
    const sim = device();
    withCard(sim);
    const api = mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(`${FORM}?wifiType=1`);
    await screen.findByTestId('wifi-form');
    for (const [testId, value] of Object.entries(values)) type(testId, value);
    fireEvent.click(screen.getByTestId('wifi-form-save'));
    expect((await screen.findByTestId(`wifi-form-error-${field}`)).textContent).toBe(message);
    await settle(50);
    expect(document.body.querySelector('.adm-dialog')).toBeNull();
    expect(api.callsTo('/api/iot/iotDevice/setWiFiSsidPwd')).toEqual([]);
  });

  it('the password and its confirmation are masked, each with its own show button', async () => {
    const sim = device();
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(`${FORM}?wifiType=1`);
    await screen.findByTestId('wifi-form');
    for (const id of ['wifi-form-password', 'wifi-form-confirm']) {
      expect(input(id).type, id).toBe('password');
      const toggle = screen.getByTestId(`${id}-toggle`);
      expect(toggle.getAttribute('aria-label')).toBe('显示密码');
      fireEvent.click(toggle);
      expect(input(id).type, id).toBe('text');
      expect(toggle.getAttribute('aria-label')).toBe('隐藏密码');
    }
    expect(input('wifi-form-password').value).toBe('password1');
  });

  it('an open network saves a name without a password (the empty value is not sent)', async () => {
    const sim = device({ wifiEncrypt: 0, wifiPass: '' });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/iotDevice/setWiFiSsidPwd': () => ({ taskId: 't2', queued: true }),
    });
    renderRoute(`${FORM}?wifiType=1`);
    await screen.findByTestId('wifi-form');
    expect(input('wifi-form-password').placeholder).toBe('开放网络，无需密码');
    type('wifi-form-ssid', 'cafe');
    fireEvent.click(screen.getByTestId('wifi-form-save'));
    await waitFor(() => expect(document.body.querySelector('.adm-dialog')).not.toBeNull());
    clickDialogButton('保存');
    await expectToast('设备离线，指令将在设备上线后执行');
    expect(api.callsTo('/api/iot/iotDevice/setWiFiSsidPwd').map((c) => c.body)).toEqual([
      { wifiType: 1, ssid: 'cafe' },
    ]);
  });

  it('a refusal of the server stays on the page', async () => {
    const sim = device();
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/iotDevice/setWiFiSsidPwd': () => new Fail(-1, '指令下发过于频繁，请稍后再试'),
    });
    const { router } = renderRoute(`${FORM}?wifiType=1`);
    await screen.findByTestId('wifi-form');
    fireEvent.click(screen.getByTestId('wifi-form-save'));
    await waitFor(() => expect(document.body.querySelector('.adm-dialog')).not.toBeNull());
    clickDialogButton('保存');
    await expectToast('指令下发过于频繁，请稍后再试');
    expect(locationOf(router)).toBe(`${FORM}?wifiType=1`);
  });

  it('a 5G form on a device without a 5G network says so', async () => {
    const sim = device({ wifiName5G: '', wifiPass5G: '' });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(`${FORM}?wifiType=2`);
    await screen.findByTestId('wifi-form-none');
    expect(bodyText()).toContain('该WiFi不存在');
  });
});
