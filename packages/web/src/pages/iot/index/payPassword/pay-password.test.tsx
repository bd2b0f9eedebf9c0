/**
 * 支付密码, 支付密码键盘 and 身份验证 (SCREENS §3 payPassword/*), rendered in the real app with the API
 * mocked: the three modes and their rules, each request body, 41001 / 41002, and where each step goes.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { packageDetailsFixture } from '../../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, dialogButtons, expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const CARD = '89860012345678901234';
const DETAILS = '/pages/iot/index/package/details/index?packageId=3';
const TICKET = 't'.repeat(32);
let day = 0;

beforeEach(() => {
  // Each test on its own day, so the 1000 ms simInfo throttle never carries over.
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 3, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const type = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByTestId(`pay-kb-key-${d}`));
};
const title = () => screen.getByTestId('pay-kb-title').textContent;
const error = () => screen.queryByTestId('pay-kb-error')?.textContent ?? null;
const typeInto = (testId: string, value: string) => {
  const el = screen.getByTestId(testId);
  fireEvent.change(el.querySelector('input') ?? el, { target: { value } });
};

describe('支付密码', () => {
  it('set (no password yet): too simple, mismatch, then simUpdatePayPass set → 设置成功 → ?redirect=', async () => {
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture({ existPayPassword: 0 }),
      '/api/iot/simUpdatePayPass': () => ({ existPayPassword: 1 }),
      '/api/iot/packageDetails': () => packageDetailsFixture(),
    });
    const { router } = renderRoute(`/pages/iot/index/payPassword/index?redirect=${encodeURIComponent(DETAILS)}`);
    expect(screen.getByTestId('page-title').textContent).toContain('支付密码');
    await screen.findByTestId('pay-password');
    expect(screen.getByTestId('pay-password').dataset.mode).toBe('set');
    expect(screen.getByTestId('pay-password-heading').textContent).toBe('设置支付密码');
    expect(title()).toBe('请设置6位支付密码');
    expect(screen.queryByTestId('pay-kb-forgot')).toBeNull();

    type('111111');
    await waitFor(() => expect(error()).toBe('密码过于简单，请勿使用相同或连续的数字'));
    type('654321');
    await waitFor(() => expect(screen.getByTestId('pay-password-keyboard').dataset.length).toBe('0'));
    expect(error()).toBe('密码过于简单，请勿使用相同或连续的数字');
    expect(title()).toBe('请设置6位支付密码');

    type('135790');
    await waitFor(() => expect(title()).toBe('请再次输入支付密码'));
    type('135791');
    await waitFor(() => expect(error()).toBe('两次输入的密码不一致，请重新设置'));
    expect(title()).toBe('请设置6位支付密码');

    type('135790');
    await waitFor(() => expect(title()).toBe('请再次输入支付密码'));
    type('135790');
    await waitFor(() => expect(locationOf(router)).toBe(DETAILS));
    await expectToast('设置成功');
    expect(api.callsTo('/api/iot/simUpdatePayPass').map((c) => c.body)).toEqual([{ type: 'set', password: '135790' }]);
    expect(useIotStore.getState().simInfo?.existPayPassword).toBe(1);
  });

  it('update: old + new + confirm; 41001 back to the old password with the tries left; then back', async () => {
    let wrong = true;
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture({ existPayPassword: 1 }),
      '/api/iot/simUpdatePayPass': () =>
        wrong ? new Fail(41001, '原支付密码错误', { field: 'payPassword', remainTimes: 2 }) : { existPayPassword: 1 },
    });
    const { router } = renderRoute('/pages/iot/index/payPassword/index');
    await screen.findByTestId('pay-password');
    expect(screen.getByTestId('pay-password').dataset.mode).toBe('update');
    expect(screen.getByTestId('pay-password-heading').textContent).toBe('修改支付密码');
    expect(title()).toBe('请输入原支付密码');

    type('000000');
    await waitFor(() => expect(title()).toBe('请输入新的支付密码'));
    type('246813');
    await waitFor(() => expect(title()).toBe('请再次输入支付密码'));
    type('246813');
    await waitFor(() => expect(error()).toBe('原支付密码错误，还可尝试2次'));
    expect(title()).toBe('请输入原支付密码');
    expect(bodyText()).not.toContain('操作失败');
    expect(api.callsTo('/api/iot/simUpdatePayPass')[0]?.body).toEqual({
      type: 'update',
      password: '246813',
      oldPassword: '000000',
    });

    wrong = false;
    type('975310');
    await waitFor(() => expect(title()).toBe('请输入新的支付密码'));
    type('246813');
    await waitFor(() => expect(title()).toBe('请再次输入支付密码'));
    type('246813');
    // No redirect: back (from the first page in history, to the card home).
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
    expect(api.callsTo('/api/iot/simUpdatePayPass')[1]?.body).toEqual({
      type: 'update',
      password: '246813',
      oldPassword: '975310',
    });
  });

  it('update: 忘记密码 → 身份验证 keeping ?redirect=; a locked old password blocks the pad', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture({ existPayPassword: 1 }),
      '/api/iot/simUpdatePayPass': () => new Fail(41001, '', { field: 'payPassword', remainTimes: 0 }),
    });
    const { router } = renderRoute(`/pages/iot/index/payPassword/index?redirect=${encodeURIComponent(DETAILS)}`);
    await screen.findByTestId('pay-password');
    type('000000');
    await waitFor(() => expect(title()).toBe('请输入新的支付密码'));
    type('246813');
    await waitFor(() => expect(title()).toBe('请再次输入支付密码'));
    type('246813');
    await waitFor(() => expect(error()).toBe('支付密码已锁定 24 小时，可通过忘记密码重置'));
    expect((screen.getByTestId('pay-kb-key-1') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pay-kb-forgot'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages/iot/index/payPassword/validate?redirect=${encodeURIComponent(DETAILS)}`),
    );
  });

  it('reset (?mode=reset&ticket= from 身份验证): new + confirm with the ticket', async () => {
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture({ existPayPassword: 1 }),
      '/api/iot/simUpdatePayPass': () => ({ existPayPassword: 1 }),
    });
    const { router } = renderRoute(
      `/pages/iot/index/payPassword/index?mode=reset&ticket=${TICKET}&redirect=${encodeURIComponent(DETAILS)}`,
    );
    await screen.findByTestId('pay-password');
    expect(screen.getByTestId('pay-password').dataset.mode).toBe('reset');
    expect(screen.getByTestId('pay-password-heading').textContent).toBe('重置支付密码');
    expect(title()).toBe('请输入新的支付密码');
    type('802468');
    await waitFor(() => expect(title()).toBe('请再次输入支付密码'));
    type('802468');
    await waitFor(() => expect(locationOf(router)).toBe(DETAILS));
    expect(api.callsTo('/api/iot/simUpdatePayPass')[0]?.body).toEqual({
      type: 'reset',
      password: '802468',
      ticket: TICKET,
    });
  });

  it('a refused reset (-1 ticket expired) toasts and starts again', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/simUpdatePayPass': () => new Fail(-1, '身份验证已失效，请重新验证'),
    });
    renderRoute(`/pages/iot/index/payPassword/index?mode=reset&ticket=${TICKET}`);
    await screen.findByTestId('pay-password');
    type('802468');
    await waitFor(() => expect(title()).toBe('请再次输入支付密码'));
    type('802468');
    await expectToast('身份验证已失效，请重新验证');
    await waitFor(() => expect(title()).toBe('请输入新的支付密码'));
  });

  it('a simInfo load error shows 重新加载', async () => {
    mockApi({ '/api/iot/simInfo': () => new Fail(-1, '卡片信息获取失败') });
    renderRoute('/pages/iot/index/payPassword/index');
    await screen.findByTestId('page-error-state');
    expect(screen.getByText('重新加载')).toBeTruthy();
  });
});

describe('支付密码键盘 (direct route)', () => {
  it('shows the pad, says 请从支付页面进入 and goes back after 1.5 s', async () => {
    mockApi({});
    const { router } = renderRoute('/pages/iot/index/payPassword/keyboard');
    expect(screen.getByTestId('page-title').textContent).toContain('支付密码键盘');
    await screen.findByTestId('pay-kb-pad');
    expect(screen.getAllByRole('button').filter((b) => b.dataset.testid?.startsWith('pay-kb-key-'))).toHaveLength(10);
    await expectToast('请从支付页面进入');
    expect(locationOf(router)).toBe('/pages/iot/index/payPassword/keyboard');
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'), { timeout: 3000 });
  });
});

describe('身份验证', () => {
  it('shows the bound mobile, sends the code, verifies it and goes to the reset with the ticket', async () => {
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture({ mobile: '138****0000' }),
      '/api/sms/send': () => ({ expireIn: 300, resendIn: 60, maskedMobile: '138****0000' }),
      '/api/iot/simUpdatePayPass': (call) =>
        (call.body as { code: string }).code === '123456' ? { ticket: TICKET } : new Fail(-1, '验证码错误'),
    });
    const { router } = renderRoute(`/pages/iot/index/payPassword/validate?redirect=${encodeURIComponent(DETAILS)}`);
    expect(screen.getByTestId('page-title').textContent).toContain('身份验证');
    await screen.findByTestId('validate-form');
    expect(screen.getByTestId('validate-mobile').textContent).toBe('138****0000');
    expect((screen.getByTestId('validate-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('validate-send'));
    await expectToast('验证码已发送至 138****0000');
    expect(api.callsTo('/api/sms/send')[0]?.body).toEqual({ scene: 'payPassword' });
    await waitFor(() => expect(screen.getByTestId('validate-send').textContent).toMatch(/^\d+秒后重发$/));
    expect((screen.getByTestId('validate-send') as HTMLButtonElement).disabled).toBe(true);

    typeInto('validate-code', '12ab34');
    expect((screen.getByTestId('validate-code').querySelector('input') as HTMLInputElement).value).toBe('1234');
    typeInto('validate-code', '000000');
    fireEvent.click(screen.getByTestId('validate-next'));
    await expectToast('验证码错误');
    expect(locationOf(router)).toContain('/pages/iot/index/payPassword/validate');

    typeInto('validate-code', '123456');
    fireEvent.click(screen.getByTestId('validate-next'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/iot/index/payPassword/index?mode=reset&ticket=${TICKET}&redirect=${encodeURIComponent(DETAILS)}`,
      ),
    );
    expect(api.callsTo('/api/iot/simUpdatePayPass').map((c) => c.body)).toEqual([
      { type: 'verify', code: '000000' },
      { type: 'verify', code: '123456' },
    ]);
  });

  it('no bound mobile: 请先绑定手机号 → 绑定手机号 (coming back here)', async () => {
    const api = mockApi({ '/api/iot/simInfo': () => simFixture({ mobile: '' }) });
    const { router } = renderRoute('/pages/iot/index/payPassword/validate');
    await waitFor(() => expect(bodyText()).toContain('请先绑定手机号'));
    expect(dialogButtons()).toEqual(['取消', '去绑定']);
    expect(screen.getByTestId('page-empty-state').textContent).toContain('未绑定手机号');
    fireEvent.click(screen.getByText('去绑定', { selector: '.adm-dialog-button, .adm-dialog-button *' }));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/iot/index/bindPhone/index?redirect=${encodeURIComponent('/pages/iot/index/payPassword/validate')}`,
      ),
    );
    expect(api.callsTo('/api/sms/send')).toHaveLength(0);
  });

  it('41002 bindPhone from the send asks to bind the mobile', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture({ mobile: '138****0000' }),
      '/api/sms/send': () => new Fail(41002, '请先绑定手机号', { action: 'bindPhone', message: '请先绑定手机号' }),
    });
    renderRoute('/pages/iot/index/payPassword/validate');
    await screen.findByTestId('validate-form');
    fireEvent.click(screen.getByTestId('validate-send'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '去绑定']));
    expect(screen.getByTestId('validate-send').textContent).toBe('获取验证码');
  });
});
