/**
 * Renders the real console (routes, layout, pages) at a path with `fetch` answered by handlers keyed by
 * API path. A handler returns the data of a success or a `Fail`; unknown paths answer 404. Every call is
 * recorded with its headers. Each success is checked against its endpoint's data schema (stub-check.ts).
 */
import { ROLE_PERMISSIONS, type StaffMe, type StaffRole } from '@haoka/contract';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { routeObjects } from '../app/router';
import { type AdminEndpoint, recordStubBreach, type StubData, stubBreach } from './stub-check';

/** A refusal: its HTTP status (200 for a business refusal), envelope code, reason and data. */
export class Fail {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly data: unknown = null,
    readonly code = -1,
    readonly message = 'refused',
  ) {}
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export type StubHandlers = {
  [P in AdminEndpoint['path']]?: (call: RecordedCall) => StubData<P> | Fail;
};

export function meOf(role: StaffRole, overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    username: `${role}1`,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    mustChangePassword: false,
    csrfToken: `csrf-of-${role}`,
    ...overrides,
  };
}

export const emptyPage = { list: [], total: 0, page: 1, pageSize: 20 };

export function mockApi(handlers: StubHandlers) {
  const calls: RecordedCall[] = [];
  const all: Record<string, (call: RecordedCall) => unknown> = {
    '/api/admin/orders/list': () => emptyPage,
    '/api/admin/realname/list': () => emptyPage,
    '/api/admin/staff/list': () => ({ list: [] }),
    '/api/admin/audit': () => emptyPage,
    '/api/admin/auth/logout': () => null,
    ...(handlers as Record<string, (call: RecordedCall) => unknown>),
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    calls.push(call);
    const handler = all[u.pathname];
    if (!handler) return new Response('{}', { status: 404 });
    const out = handler(call);
    if (out instanceof Fail) {
      return new Response(
        JSON.stringify({ code: out.code, message: out.message, reason: out.reason, data: out.data }),
        {
          status: out.status,
        },
      );
    }
    const breach = stubBreach(method, u.pathname, out);
    if (breach) {
      recordStubBreach(breach);
      return new Response('{}', { status: 500 });
    }
    return new Response(JSON.stringify({ code: 0, message: 'ok', data: out ?? null }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function renderConsole(path: string) {
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  const view = render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/**
 * The open dialog (modal, confirm or drawer) titled `title`. antd names its dialogs by an id that its
 * useId gives as 'test-id' under test, so the accessible name is not reliable here; the title is.
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
      (element) =>
        element.querySelector('.ant-modal-title, .ant-drawer-title, .ant-modal-confirm-title')?.textContent === title,
    );
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

export function queryDialog(title: string): HTMLElement | null {
  return (
    [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
      (element) =>
        element.querySelector('.ant-modal-title, .ant-drawer-title, .ant-modal-confirm-title')?.textContent === title &&
        !element.closest('[style*="display: none"]'),
    ) ?? null
  );
}
