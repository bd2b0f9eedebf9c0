import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLayoutStore } from '../../../stores/layout';
import { useUserStore } from '../../../stores/user';
import { expectNoOverlay } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const TOTALS: Record<string, number> = { '0': 2, '1': 1, '2': 0, '3': 12 };

beforeEach(() => {
  useUserStore.getState().clearUser();
  useLayoutStore.getState().patchLayout({ sessionId: '' });
});

const badge = (status: number) =>
  // antd renders no badge (and no wrapper) without content.
  screen.queryByTestId(`user-order-badge-${status}`)?.querySelector('.adm-badge-content')?.textContent ?? null;

describe('我的: orders of the logged-in shopper', () => {
  it('logged in: badges with the totals of 待支付 … 已发货 (pageSize 1)', async () => {
    useUserStore.getState().setUser({ mobile: '138****8000', nickname: '用户8000', avatar: '' });
    const api = mockApi({
      '/api/shop/order/list': (c) => ({ list: [], total: TOTALS[c.query.status ?? ''] ?? 0, page: 1, pageSize: 1 }),
    });
    renderRoute('/pages/user/index2');
    await waitFor(() => expect(badge(3)).toBe('12'));
    expect(badge(0)).toBe('2');
    expect(badge(1)).toBe('1');
    expect(badge(2)).toBeNull();
    expect(
      api
        .callsTo('/api/shop/order/list')
        .map((c) => c.query)
        .sort((a, b) => Number(a.status) - Number(b.status)),
    ).toEqual([0, 1, 2, 3].map((s) => ({ status: String(s), page: '1', pageSize: '1' })));
  });

  it('logged out: no order calls', async () => {
    const api = mockApi({});
    renderRoute('/pages/user/index2');
    await screen.findByTestId('user-header-guest');
    await expectNoOverlay();
    expect(api.callsTo('/api/shop/order/list')).toHaveLength(0);
  });

  it('a stale login (61) shows the logged-out header and stays on the page', async () => {
    useUserStore.getState().setUser({ mobile: '138****8000', nickname: '用户8000', avatar: '' });
    useLayoutStore.getState().patchLayout({ sessionId: 'x'.repeat(32) });
    mockApi({ '/api/shop/order/list': () => new Fail(61, '登录超时，请重新登录！') });
    const { router } = renderRoute('/pages/user/index2');
    await screen.findByTestId('user-header-guest');
    expect(useUserStore.getState().mobile).toBe('');
    expect(useLayoutStore.getState().sessionId).toBe('');
    expect(locationOf(router)).toBe('/pages/user/index2');
    await expectNoOverlay();
  });

  it('退出登录 calls the logout endpoint and forgets the session', async () => {
    useUserStore.getState().setUser({ mobile: '138****8000', nickname: '用户8000', avatar: '' });
    useLayoutStore.getState().patchLayout({ sessionId: 'x'.repeat(32) });
    const api = mockApi({
      '/api/shop/order/list': () => ({ list: [], total: 0, page: 1, pageSize: 1 }),
      '/api/shop/logout': () => null,
    });
    renderRoute('/pages/user/index2');
    fireEvent.click(await screen.findByTestId('user-logout'));
    const ok = await waitFor(() => {
      const button = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find(
        (b) => b.textContent === '确定',
      );
      expect(button).toBeTruthy();
      return button as Element;
    });
    fireEvent.click(ok);
    await screen.findByTestId('user-header-guest');
    expect(api.callsTo('/api/shop/logout')).toHaveLength(1);
    expect(useLayoutStore.getState().sessionId).toBe('');
  });
});
