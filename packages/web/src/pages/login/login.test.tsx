import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginModeOf } from '../../features/auth/login-form';
import { useCacheStore } from '../../stores/cache';
import { useLayoutStore } from '../../stores/layout';
import { useUserStore } from '../../stores/user';
import { bodyText, expectToast } from '../../test/dom';
import {
  baseConfigFixture,
  Fail,
  GENERIC_CONFIG,
  locationOf,
  mockApi,
  renderRoute,
  type StubData,
} from '../../test/render-route';

let clock = Date.now();

beforeEach(() => {
  // genericConfig is throttled per second: give every test its own second.
  clock += 10_000;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(clock);
  useCacheStore.setState({ baseConfig: null, genericConfig: null });
  useUserStore.getState().clearUser();
  useLayoutStore.getState().patchLayout({ sessionId: '' });
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId), {
    target: { value },
  });

const LOGGED_IN: StubData<'/api/shop/login'> = {
  sessionId: 'a'.repeat(40),
  user: { mobile: '138****8000', nickname: '用户8000', avatar: '/avatar.png' },
  isAgent: 0,
};

describe('login mode', () => {
  it.each([
    [1, 1],
    [2, 2],
    [undefined, 1],
    [3, 1],
  ])('orderQueryMode %s → mode %s', (config, mode) => {
    expect(loginModeOf(config)).toBe(mode);
  });
});

describe('订单查询', () => {
  it('mode 1: 手机号 + 短信验证码 (scene login), then stores the user and session and goes to ?redirect', async () => {
    const api = mockApi({
      '/api/hk/genericConfig': () => ({ ...GENERIC_CONFIG, orderQueryMode: 1, loginAvatar: '/login-avatar.png' }),
      '/api/hk/sendCode': () => ({ expireIn: 300, resendIn: 60 }),
      '/api/shop/login': () => LOGGED_IN,
      '/api/shop/order/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    });
    const { router } = renderRoute(`/pages/login/index?redirect=${encodeURIComponent('/pages/order/index?status=1')}`);
    const form = await screen.findByTestId('login-form');
    expect(screen.getByTestId('page-title').textContent).toContain('订单查询');
    await waitFor(() => expect(form.dataset.mode).toBe('1'));
    expect(screen.queryByTestId('login-idcard')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('login-avatar').querySelector('img')?.getAttribute('src')).toBe('/login-avatar.png'),
    );

    // The code needs a valid mobile first.
    fireEvent.click(screen.getByTestId('login-send-code'));
    await expectToast('请输入正确的11位手机号');
    type('login-mobile', '13800138000');
    fireEvent.click(screen.getByTestId('login-send-code'));
    await waitFor(() => expect(screen.getByTestId('login-send-code').textContent).toBe('60s后重新获取'));
    expect(api.callsTo('/api/hk/sendCode')[0]?.body).toEqual({ mobile: '13800138000', scene: 'login' });

    fireEvent.click(screen.getByTestId('login-submit'));
    await expectToast('请输入6位验证码');
    type('login-code', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectToast('请先阅读并同意协议');
    expect(api.callsTo('/api/shop/login')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index?status=1'));
    expect(api.callsTo('/api/shop/login')[0]?.body).toEqual({
      mobile: '13800138000',
      code: '123456',
      agreeProtocol: 1,
    });
    expect(useUserStore.getState()).toMatchObject({
      mobile: '138****8000',
      nickname: '用户8000',
      avatar: '/avatar.png',
    });
    expect(useLayoutStore.getState().sessionId).toBe(LOGGED_IN.sessionId);
    // The session id rides on the next request.
    await waitFor(() => expect(api.callsTo('/api/shop/order/list')).toHaveLength(1));
  });

  it('mode 2: 手机号 + 身份证后6位, no SMS; without ?redirect it goes to 我的订单', async () => {
    const api = mockApi({
      '/api/hk/genericConfig': () => ({ ...GENERIC_CONFIG, orderQueryMode: 2 }),
      '/api/hk/baseConfig': () => baseConfigFixture({ logo: '/logo.png' }),
      '/api/shop/login': () => LOGGED_IN,
      '/api/shop/order/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    });
    const { router } = renderRoute('/pages/login/index?agreeAgreement=1');
    await waitFor(() => expect(screen.getByTestId('login-form').dataset.mode).toBe('2'));
    expect(screen.queryByTestId('login-code')).toBeNull();
    expect(screen.queryByTestId('login-send-code')).toBeNull();
    expect(screen.getByTestId('login-agree').className).toContain('adm-checkbox-checked');
    await waitFor(() =>
      expect(screen.getByTestId('login-avatar').querySelector('img')?.getAttribute('src')).toBe('/logo.png'),
    );

    type('login-mobile', '13800138000');
    type('login-idcard', '12345');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectToast('请输入正确的身份证后6位');
    type('login-idcard', '12345x');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index?agreeAgreement=1'));
    expect(api.callsTo('/api/shop/login')[0]?.body).toEqual({
      mobile: '13800138000',
      idCardLast6: '12345X',
      agreeProtocol: 1,
    });
  });

  it('a refused login (-1) shows the message and stores nothing', async () => {
    mockApi({ '/api/shop/login': () => new Fail(-1, '验证码错误或已过期') });
    const { router } = renderRoute('/pages/login/index?agreeAgreement=1');
    await screen.findByTestId('login-form');
    type('login-mobile', '13800138000');
    type('login-code', '000000');
    fireEvent.click(screen.getByTestId('login-submit'));
    await expectToast('验证码错误或已过期');
    expect(useUserStore.getState().mobile).toBe('');
    expect(locationOf(router)).toBe('/pages/login/index?agreeAgreement=1');
  });

  it('《用户协议》 opens the login protocol in a popup', async () => {
    const api = mockApi({
      '/api/site/loginProtocol': () => ({
        title: '用户服务协议',
        content: '<p>协议正文</p>',
        version: '1',
        updatedAt: '2026-01-01 00:00:00',
      }),
    });
    renderRoute('/pages/login/index');
    await screen.findByTestId('login-form');
    expect(api.callsTo('/api/site/loginProtocol')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('login-protocol-link'));
    await waitFor(() => expect(screen.getByTestId('login-protocol-content').textContent).toBe('协议正文'));
    expect(bodyText()).toContain('用户服务协议');
  });

  it('an off-site redirect is ignored', async () => {
    mockApi({
      '/api/shop/login': () => LOGGED_IN,
      '/api/shop/order/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    });
    const { router } = renderRoute(
      `/pages/login/index?agreeAgreement=1&redirect=${encodeURIComponent('//evil.example')}`,
    );
    await screen.findByTestId('login-form');
    type('login-mobile', '13800138000');
    type('login-code', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index?agreeAgreement=1'));
  });
});
