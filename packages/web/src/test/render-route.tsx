/**
 * Renders the real app (route table, shell, pages) at a path with `fetch` answered by handlers keyed by
 * API path. A handler returns the `data` of a success or an `{ code, message, data? }` failure; unknown
 * paths answer HTTP 404. Every request is recorded. The data a handler answers for a contract endpoint is
 * checked against the endpoint's data schema: a stub that breaks it answers HTTP 500 and fails the test
 * (test/setup.ts) with the endpoint and the path of the bad field, so a stub cannot drift from the server.
 */
import type { BaseConfig, GenericConfig, Reason } from '@haoka/contract';
import { ALL_REASONS, REASONS } from '@haoka/contract/reasons';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { AppRoutes } from '../app/router';
import { type AppHistory, createMemoryHistory } from '../platform/history';
import { registerRouter } from '../platform/navigation';
import { RouterProvider } from '../platform/router';
import { type AnyEndpoint, recordStubBreach, type StubData, stubBreach } from './stub-check';

export type { StubData } from './stub-check';

/**
 * A refusal. Like the server, it carries the reason whose zh-Hans text is its message unless it names one
 * (`reason`); a message no reason has (e.g. '查询失败') goes without, as from a server the client does not
 * know.
 */
export class Fail {
  readonly reason: string | undefined;
  constructor(
    readonly code: number,
    readonly message = '',
    readonly data: unknown = null,
    reason?: Reason | 'none',
  ) {
    this.reason = reason === 'none' ? undefined : (reason ?? ALL_REASONS.find((r) => REASONS[r].zh === message));
  }
}

export interface RecordedCall {
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The request headers (SPEC §7), by lower-case name; not enumerable, so `toEqual` on calls ignores them. */
  readonly headers: Record<string, string>;
}

export type Handler = (call: RecordedCall) => unknown;

/**
 * Handlers by API path: a contract endpoint's handler answers that endpoint's data (or a `Fail`), typed
 * from its declaration; any other path (an upload, a notify) takes a plain `Handler`.
 */
export type StubHandlers = { [P in AnyEndpoint['path']]?: (call: RecordedCall) => StubData<P> | Fail } & Record<
  string,
  Handler
>;

export function baseConfigFixture(front: Partial<BaseConfig['front']> = {}): BaseConfig {
  return {
    front: {
      title: '好卡商城',
      keywords: '',
      description: '',
      logo: '',
      indexCarousel: [],
      bottomTips: '',
      ipcCode: '',
      kefuUrl: '',
      kefuQr: '',
      kefuMobile: '',
      followQr: '',
      shopTemplate: 1,
      fastNav: [],
      suggest: null,
      indexSearch: 0,
      indexFirstGroup: 1,
      showInviteRegister: 0,
      ...front,
    },
    promoCode: 'P1',
    promoName: '默认店铺',
    isAgent: 0,
    domain: 'shop.example.com',
    inviteCode: '',
    douyinMpImId: '',
    kuaishouMpImId: '',
    showPaymentType: ['wxpay'],
    shopMenu: [],
  };
}

export const GENERIC_CONFIG: GenericConfig = {
  orderQueryMode: 1,
  loginAvatar: '',
  appUpdate: null,
  smsCodeLength: 6,
  payTimeoutMinutes: { shop: 30, iot: 15 },
};

/** The card login's config as the server answers it without a layout of the shop's. */
export const SIM_LOGIN_CONFIG: StubData<'/api/simLoginConfig'> = {
  logo: '',
  title: '物联卡自助服务',
  placeholder: '请输入卡号/ICCID/设备号',
  needProtocol: 0,
  notice: '',
  kefuUrl: '',
  scanEnabled: 0,
};

const empty = { list: [], total: 0, page: 1, pageSize: 10 };

/** Stubs fetch; site config and dictionary answer by default, `/provinces/*.json` from `regions`. */
export function mockApi(handlers: StubHandlers, regions: Record<string, unknown> = {}) {
  const calls: RecordedCall[] = [];
  const all: Record<string, Handler> = {
    '/api/hk/baseConfig': () => baseConfigFixture(),
    '/api/hk/genericConfig': () => GENERIC_CONFIG,
    '/api/dictData/options': () => ({}),
    '/api/hk/pointReport': () => null,
    '/api/shop/base/ipLocation': () => ({ ip: '', provinceCode: '', provinceName: '', cityCode: '', cityName: '' }),
    '/api/shop/numberList': () => empty,
    '/api/shop/goodsList': () => empty,
    ...handlers,
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    const region = u.pathname.match(/\/provinces\/(\w+)\.json$/);
    if (region) {
      const nodes = regions[region[1] ?? ''];
      return nodes ? new Response(JSON.stringify(nodes)) : new Response('', { status: 404 });
    }
    const call: RecordedCall = {
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    } as RecordedCall;
    Object.defineProperty(call, 'headers', { value: Object.fromEntries(new Headers(init?.headers).entries()) });
    calls.push(call);
    const handler = all[u.pathname];
    if (!handler) return new Response('{}', { status: 404 });
    const out = handler(call);
    if (!(out instanceof Fail)) {
      const breach = stubBreach((init?.method ?? 'GET').toUpperCase(), u.pathname, out);
      if (breach) {
        recordStubBreach(breach);
        return new Response('{}', { status: 500 });
      }
    }
    const envelope =
      out instanceof Fail
        ? { code: out.code, message: out.message, ...(out.reason ? { reason: out.reason } : {}), data: out.data }
        : { code: 0, message: 'ok', data: out ?? null };
    return new Response(JSON.stringify(envelope), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function renderRoute(path: string) {
  const router = createMemoryHistory(path);
  registerRouter(router);
  const view = render(
    <Providers client={createQueryClient()}>
      <RouterProvider history={router}>
        <AppRoutes />
      </RouterProvider>
    </Providers>,
  );
  return { router, ...view };
}

/** `path?query` of the router's current location. */
export function locationOf(router: AppHistory): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
