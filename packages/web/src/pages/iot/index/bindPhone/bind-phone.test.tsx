import type { SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const BIND = '/pages/iot/index/bindPhone/index';
let day = 0;
beforeEach(() => {
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 4, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

function withCard(sim: SimInfo) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
}
const typeInto = (testId: string, value: string) => {
  const el = screen.getByTestId(testId);
  fireEvent.change(el.querySelector('input') ?? el, { target: { value } });
};

describe('绑定手机号', () => {
  it('checks the mobile, sends the bindMobile code with a 60 s countdown, binds and follows ?redirect', async () => {
    const sim = simFixture({ mobile: '', bindPhoneMode: 1 });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/sms/send': () => ({ expireIn: 300, resendIn: 60, maskedMobile: '139****8888' }),
      '/api/iot/simBindMobile': () => ({ mobile: '139****8888' }),
    });
    const { router } = renderRoute(`${BIND}?redirect=${encodeURIComponent('/pages/iot/index/realnameAuth/index')}`);
    await screen.findByTestId('bind-intro');
    expect(screen.getByTestId('page-title').textContent).toContain('绑定手机号');
    expect(screen.queryByTestId('bind-current')).toBeNull();
    expect(screen.getByTestId('bind-skip').textContent).toBe('跳过');

    typeInto('bind-mobile', '2391234');
    fireEvent.click(screen.getByTestId('bind-send-code'));
    await expectToast('请输入正确的手机号');
    expect(api.callsTo('/api/sms/send')).toHaveLength(0);

    typeInto('bind-mobile', '139-1234-8888');
    fireEvent.click(screen.getByTestId('bind-send-code'));
    await expectToast('验证码已发送至 139****8888');
    expect(api.callsTo('/api/sms/send')[0]?.body).toEqual({ scene: 'bindMobile', mobile: '13912348888' });
    await waitFor(() => expect(screen.getByTestId('bind-send-code').textContent).toMatch(/^(60|59)s后重新获取$/));
    fireEvent.click(screen.getByTestId('bind-send-code'));
    expect(api.callsTo('/api/sms/send')).toHaveLength(1);

    typeInto('bind-code', '12a3');
    fireEvent.click(screen.getByTestId('bind-submit'));
    await expectToast('请输入6位验证码');
    expect(api.callsTo('/api/iot/simBindMobile')).toHaveLength(0);

    typeInto('bind-code', '123456');
    fireEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/realnameAuth/index'));
    expect(api.callsTo('/api/iot/simBindMobile')[0]?.body).toEqual({ mobile: '13912348888', code: '123456' });
    await expectToast('绑定成功');
    expect((useIotStore.getState().simInfo as { mobile?: string } | null)?.mobile).toBe('139****8888');
  });

  it('mandatory (mode 2) with a bound mobile: shows it, offers 换绑 and no 跳过; a refused code stays', async () => {
    const sim = simFixture({ mobile: '138****0000', bindPhoneMode: 2 });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simBindMobile': () => new Fail(-1, '验证码错误或已过期'),
    });
    const { router } = renderRoute(BIND);
    await screen.findByTestId('bind-current');
    expect(screen.getByTestId('bind-current-mobile').textContent).toBe('138****0000');
    expect(bodyText()).toContain('更换绑定手机号');
    expect(screen.getByTestId('bind-submit').textContent).toBe('确认换绑');
    expect(screen.queryByTestId('bind-skip')).toBeNull();
    expect(screen.getByTestId('bind-required')).toBeTruthy();
    typeInto('bind-mobile', '13700001111');
    typeInto('bind-code', '000000');
    fireEvent.click(screen.getByTestId('bind-submit'));
    await expectToast('验证码错误或已过期');
    expect(api.callsTo('/api/iot/simBindMobile')).toHaveLength(1);
    expect(locationOf(router)).toBe(BIND);
  });

  it('跳过 without a redirect, opened first: goes to the card home', async () => {
    const sim = simFixture({ mobile: '', bindPhoneMode: 1 });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(BIND);
    fireEvent.click(await screen.findByTestId('bind-skip'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });

  it('ignores an outside redirect', async () => {
    const sim = simFixture({ mobile: '', bindPhoneMode: 1 });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(`${BIND}?redirect=${encodeURIComponent('//evil.example.com/x')}`);
    fireEvent.click(await screen.findByTestId('bind-skip'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });
});
