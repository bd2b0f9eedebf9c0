import { REQUEST_TIMEOUT_MS } from '@haoka/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../app/routes';
import { DEFAULT_PAGE_SIZE } from '../components/infinite-list';
import { listNumbers } from '../features/numbers/api/list-numbers';
import { emptyFilter, FILTER_QUERY_KEYS } from '../features/numbers/filter/number-filter';
import { getBaseConfig } from '../features/site/api/get-base-config';
import { useLayoutStore } from '../stores/layout';
import {
  FILTER_QUERY_NAMES,
  FIRST_PAGE_SIZE,
  FIRST_REQUESTS,
  HOME_PATHS,
  NUMBER_SEARCH_PATH,
  startFirstRequests,
  takeFirstResponse,
} from './first-requests';
import { RuntimeFailure } from './runtime-errors';

/** Every fetch: its URL and its session header; answers a success with a storefront of `group`. */
const fetched: { url: string; sid: string }[] = [];
let frontGroup = 1;

function answer(url: string): Response {
  const data = url.startsWith('/api/hk/baseConfig')
    ? { front: { indexFirstGroup: frontGroup } }
    : { list: [], total: 0, page: 1, pageSize: 10 };
  return new Response(JSON.stringify({ code: 0, message: 'ok', data }));
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      fetched.push({ url, sid: headers.get('session-id') ?? '' });
      return answer(url);
    }),
  );
});

afterEach(() => {
  fetched.length = 0;
  frontGroup = 1;
  delete (globalThis as Record<string, unknown>)[FIRST_REQUESTS];
  useLayoutStore.getState().patchLayout({ promoCode: '', sessionId: '' });
  location.hash = '';
});

/** The page opened at `hash` with the layout store as the app last left it. */
function boot(hash: string, layout: { promoCode?: string; sessionId?: string } = {}) {
  useLayoutStore.getState().patchLayout(layout);
  location.hash = hash;
  startFirstRequests();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the first requests, started with the HTML', () => {
  it("number search: the storefront's configuration and first numbers, which the app then takes instead of asking", async () => {
    boot(`#${NUMBER_SEARCH_PATH}?promoCode=demo`, { sessionId: 'a'.repeat(32) });
    expect(fetched.map((f) => f.url)).toEqual([
      '/api/hk/baseConfig?promoCode=demo',
      '/api/shop/numberList?promoCode=demo&page=1&pageSize=10',
    ]);
    expect(fetched.every((f) => f.sid === 'a'.repeat(32))).toBe(true);

    // The app, started with the same URL, asks for the same two answers.
    useLayoutStore.getState().patchLayout({ promoCode: 'demo' });
    await getBaseConfig('demo');
    await listNumbers(emptyFilter(), 1, DEFAULT_PAGE_SIZE);
    expect(fetched).toHaveLength(2);
  });

  it('the promoter the shopper came with last time, when the URL names none', async () => {
    boot(`#${NUMBER_SEARCH_PATH}`, { promoCode: 'agent7' });
    await getBaseConfig('agent7');
    await listNumbers(emptyFilter(), 1, DEFAULT_PAGE_SIZE);
    expect(fetched.map((f) => f.url)).toEqual([
      '/api/hk/baseConfig?promoCode=agent7',
      '/api/shop/numberList?promoCode=agent7&page=1&pageSize=10',
    ]);
  });

  it('a number search with a filter in its URL: no list guessed', () => {
    boot(`#${NUMBER_SEARCH_PATH}?promoCode=demo&pattern=AABB`);
    expect(fetched.map((f) => f.url)).toEqual(['/api/hk/baseConfig?promoCode=demo']);
  });

  it("home lists numbers after the configuration says its first group is the vanity one (or the URL's group does)", async () => {
    boot('#/pages/index/index?promoCode=demo');
    await settle();
    expect(fetched.map((f) => f.url)).toEqual([
      '/api/hk/baseConfig?promoCode=demo',
      '/api/shop/numberList?promoCode=demo&page=1&pageSize=10',
    ]);

    fetched.length = 0;
    frontGroup = 2;
    boot('#/?promoCode=demo');
    await settle();
    expect(fetched.map((f) => f.url)).toEqual(['/api/hk/baseConfig?promoCode=demo']);

    fetched.length = 0;
    boot('#/?promoCode=demo&indexFirstGroup=1');
    await settle();
    expect(fetched).toHaveLength(2);
  });

  it('another session, a second take or an old answer: the app asks again', async () => {
    boot(`#${NUMBER_SEARCH_PATH}`, { sessionId: 'a'.repeat(32) });
    useLayoutStore.getState().patchLayout({ sessionId: 'b'.repeat(32) });
    await getBaseConfig('');
    expect(fetched.map((f) => f.url)).toEqual([
      '/api/hk/baseConfig',
      '/api/shop/numberList?page=1&pageSize=10',
      '/api/hk/baseConfig',
    ]);
    expect(fetched[2]?.sid).toBe('b'.repeat(32));
    // Taken once: the list's answer was not, but only once.
    expect(takeFirstResponse('/api/shop/numberList?page=1&pageSize=10', 'a'.repeat(32))).toBeDefined();
    expect(takeFirstResponse('/api/shop/numberList?page=1&pageSize=10', 'a'.repeat(32))).toBeUndefined();

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      boot(`#${NUMBER_SEARCH_PATH}`);
      vi.setSystemTime(Date.now() + 21_000);
      expect(takeFirstResponse('/api/hk/baseConfig', '')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed first request is asked again by the app', async () => {
    vi.mocked(fetch).mockImplementationOnce(async (url) => {
      fetched.push({ url: String(url), sid: '' });
      throw new TypeError('offline');
    });
    boot('#/pages/user/index?promoCode=offline1');
    await getBaseConfig('offline1');
    expect(fetched.map((f) => f.url)).toEqual([
      '/api/hk/baseConfig?promoCode=offline1',
      '/api/hk/baseConfig?promoCode=offline1',
    ]);
  });

  it("a first request that never answers times out as the app's own would, with the network toast", async () => {
    vi.mocked(fetch).mockImplementationOnce(async (url) => {
      fetched.push({ url: String(url), sid: '' });
      return new Promise<Response>(() => {});
    });
    boot('#/pages/user/index?promoCode=silent1');
    vi.useFakeTimers();
    try {
      const asked = getBaseConfig('silent1');
      const outcome = asked.then(
        () => 'answered',
        (error: unknown) => (error instanceof RuntimeFailure ? error.errMsg : 'other'),
      );
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(await outcome).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
    // The app did not ask again: the network did not answer.
    expect(fetched.map((f) => f.url)).toEqual(['/api/hk/baseConfig?promoCode=silent1']);
  });

  it("mirrors the app's names: the filter's query names, the page size and the home routes", () => {
    expect(FILTER_QUERY_NAMES.split(' ')).toEqual([...FILTER_QUERY_KEYS]);
    expect(FIRST_PAGE_SIZE).toBe(DEFAULT_PAGE_SIZE);
    // Each home path is a route whose page is the storefront home (pages/index/index or its template).
    for (const path of HOME_PATHS.filter((p) => p !== '')) {
      expect(String(findRoute(path)?.page), path).toMatch(/pages\/index\/(index|default)\b/);
    }
  });
});
