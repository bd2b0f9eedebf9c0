/** Sign-in, the forced password change, sign-out and the language switch, through the real console. */
import { CSRF_HEADER } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Fail, meOf, mockApi, renderConsole } from '../test/render-console';

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('signing in', () => {
  it('sends a visitor without a session to the sign-in page, and in with username, password and code', async () => {
    let signedIn = false;
    const api = mockApi({
      '/api/admin/auth/me': () => (signedIn ? meOf('operator') : new Fail(401, 'staffSignInRequired')),
      '/api/admin/auth/login': () => {
        signedIn = true;
        return meOf('operator');
      },
    });
    renderConsole('/orders');
    await screen.findByRole('heading', { name: '员工登录' });

    fill('用户名', 'operator1');
    fill('密码', 'one-time-pass');
    fill('动态验证码', '12345');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入 6 位数字验证码')).toBeTruthy();
    expect(api.callsTo('/api/admin/auth/login')).toHaveLength(0);

    fill('动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByRole('heading', { name: '订单' });
    expect(api.callsTo('/api/admin/auth/login')[0]?.body).toEqual({
      username: 'operator1',
      password: 'one-time-pass',
      code: '123456',
    });
    expect(screen.getByTestId('staff-name').textContent).toBe('operator1');
    expect(screen.getByTestId('staff-role').textContent).toBe('运营');
  });

  it('shows a refused sign-in in the console language, from the reason', async () => {
    mockApi({
      '/api/admin/auth/me': () => new Fail(401, 'staffSignInRequired'),
      '/api/admin/auth/login': () => new Fail(401, 'staffLoginFailed'),
    });
    renderConsole('/');
    await screen.findByRole('heading', { name: '员工登录' });
    fill('用户名', 'operator1');
    fill('密码', 'wrong');
    fill('动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain(REASONS.staffLoginFailed.zh);
  });

  it('makes the first sign-in change the password, sending the session CSRF header, then opens the console', async () => {
    let me = meOf('owner', { mustChangePassword: true, csrfToken: 'token-1' });
    const api = mockApi({
      '/api/admin/auth/me': () => new Fail(401, 'staffSignInRequired'),
      '/api/admin/auth/login': () => me,
      '/api/admin/auth/password': () => {
        me = { ...me, mustChangePassword: false, csrfToken: 'token-2' };
        return me;
      },
    });
    renderConsole('/');
    await screen.findByRole('heading', { name: '员工登录' });
    fill('用户名', 'owner1');
    fill('密码', 'one-time-pass');
    fill('动态验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    await screen.findByRole('heading', { name: '修改密码' });
    fill('当前密码', 'one-time-pass');
    fill('新密码', 'a-much-better-one');
    fill('确认新密码', 'a-much-better-one');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await screen.findByRole('heading', { name: '订单' });
    const [change] = api.callsTo('/api/admin/auth/password');
    expect(change?.body).toEqual({ currentPassword: 'one-time-pass', newPassword: 'a-much-better-one' });
    expect(change?.headers[CSRF_HEADER]).toBe('token-1');

    // The next write carries the token the password change answered.
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await screen.findByRole('heading', { name: '员工登录' });
    expect(api.callsTo('/api/admin/auth/logout')[0]?.headers[CSRF_HEADER]).toBe('token-2');
  });

  it('goes to the password page when the server answers staffPasswordChangeRequired', async () => {
    mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/orders/list': () => new Fail(403, 'staffPasswordChangeRequired'),
    });
    renderConsole('/orders');
    await screen.findByRole('heading', { name: '修改密码' });
  });

  it('goes back to the sign-in page when the session ends (401)', async () => {
    mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/orders/list': () => new Fail(401, 'staffSignInRequired'),
    });
    renderConsole('/orders');
    await screen.findByRole('heading', { name: '员工登录' });
  });
});

describe('the language switch', () => {
  it('switches every text, the role and refusals to English at once, and remembers it', async () => {
    mockApi({
      '/api/admin/auth/me': () => meOf('finance'),
      '/api/admin/orders/list': () => new Fail(200, 'staffForbidden'),
    });
    renderConsole('/orders');
    await screen.findByRole('heading', { name: '订单' });
    expect(await screen.findByText(REASONS.staffForbidden.zh, { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByText('English'));
    await screen.findByRole('heading', { name: 'Orders' });
    expect(screen.getByTestId('staff-role').textContent).toBe('Finance');
    expect(screen.getByRole('menuitem', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByText(REASONS.staffForbidden.en, { exact: false })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('admin:lang')).toBe('en_US');
    // No Chinese left on the page but the language switch's own name for Chinese.
    await waitFor(() => expect(document.body.textContent?.replace('中文', '')).not.toMatch(/[\u4e00-\u9fff]/));

    fireEvent.click(screen.getByText('中文'));
    await screen.findByRole('heading', { name: '订单' });
    expect(localStorage.getItem('admin:lang')).toBe('zh_CN');
  });
});
