/**
 * The landing page's first requests, started with the HTML (issue 24 item 2). `startFirstRequests` is
 * the body of a small script the build inlines into index.html (build/inline-boot.ts): while the app's
 * files download, it asks for the storefront's configuration and, on home and the number search, the
 * first page of numbers. The app's request wrapper takes those answers (`takeFirstResponse`) instead of
 * asking again, when its own request is the same: the same URL and the same shopper session.
 *
 * The script mirrors what the app would ask for: the URLs the app builds (platform/request.ts `toQuery`
 * of `getBaseConfig` and of `listNumbers` with an empty filter), the promoter and session the layout
 * store keeps (`shop:layout`), and the home's group rule (a group query, else the storefront's first
 * group). `first-requests.test.ts` holds the two sides together. Where they differ (a filter in the
 * URL, a group the shopper chose before), the app asks again and the script's answer is left unread:
 * one request too many, never a wrong answer.
 *
 * It imports nothing: it runs before the app, and its minified size is part of every page's HTML.
 */

/** Where the script leaves its requests for the app. */
export const FIRST_REQUESTS = '__haokaFirstRequests';

export interface FirstRequest {
  /** The session the request carried (header `session-id`): the app takes it only for the same one. */
  sid: string;
  /** When it started (ms since the epoch). */
  at: number;
  response: Promise<Response>;
}

/** The number list's first page as the app asks for it (components/infinite-list.tsx DEFAULT_PAGE_SIZE). */
export const FIRST_PAGE_SIZE = 10;
/** The routes that show the storefront home (app/routes.ts). */
export const HOME_PATHS = ['', '/', '/pages/index/index', '/pages/index/default'];
export const NUMBER_SEARCH_PATH = '/pages/index/VanityNumber/index';
/** Query names that give the number search a filter (features/numbers/filter FILTER_QUERY_KEYS). */
export const FILTER_QUERY_NAMES =
  'provinceCode cityCode operatorType segment pattern keyword position priceMin priceMax excludeDigits sort';
/** An answer older than this is not taken: the app asks afresh. */
const FRESH_MS = 20_000;

type Requests = Record<string, FirstRequest>;

function requests(): Requests | undefined {
  return (globalThis as unknown as Record<string, Requests | undefined>)[FIRST_REQUESTS];
}

export function startFirstRequests(): void {
  try {
    const hash = location.hash.slice(1);
    const at = hash.indexOf('?');
    const path = at < 0 ? hash : hash.slice(0, at);
    const query = new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
    // The layout store's persisted state (stores/layout.ts, zustand's `{ state }`); none throws here.
    let layout: { promoCode?: string; sessionId?: string } = {};
    try {
      layout = JSON.parse(localStorage.getItem('shop:layout') as string).state;
    } catch {}
    const sid = layout.sessionId || '';
    const promoCode = query.get('promoCode') || layout.promoCode;
    const promo = promoCode ? `${new URLSearchParams({ promoCode })}` : '';
    const started: Requests = {};
    (globalThis as unknown as Record<string, Requests>)[FIRST_REQUESTS] = started;
    // The headers the server's answer depends on (server http/context.ts): the site and the session.
    const ask = (url: string) => {
      const response = fetch(url, { headers: { hostname: location.hostname, 'session-id': sid } });
      started[url] = { sid, at: Date.now(), response };
      return response;
    };
    const config = ask(`/api/hk/baseConfig${promo ? `?${promo}` : ''}`);
    const numbers = () => ask(`/api/shop/numberList?${promo ? `${promo}&` : ''}page=1&pageSize=${FIRST_PAGE_SIZE}`);
    if (path === NUMBER_SEARCH_PATH) {
      if (!FILTER_QUERY_NAMES.split(' ').some((name) => query.has(name))) numbers();
    } else if (HOME_PATHS.includes(path) && !query.get('pageCode')) {
      // Home lists numbers only in its vanity group (1): the query's group, else the storefront's.
      config
        .then((r) => r.clone().json())
        .then((body) => {
          if ((Number(query.get('indexFirstGroup')) || body.data.front.indexFirstGroup) === 1) numbers();
        })
        .catch(() => {});
    }
  } catch {
    // A browser without fetch: the app asks for everything itself.
  }
}

/**
 * The answer the boot script already asked for, once, when it is the same request: the same URL and
 * session, started less than 20 s ago. A failed one is the app's to ask again.
 */
export function takeFirstResponse(url: string, sessionId: string): Promise<Response> | undefined {
  const all = requests();
  const found = all?.[url];
  if (!all || !found) return undefined;
  delete all[url];
  if (found.sid !== sessionId || Date.now() - found.at > FRESH_MS) return undefined;
  return found.response;
}
