/**
 * What the shop's service worker (sw.ts) answers from its caches, as plain rules: the worker runs them
 * and the tests prove them. The worker keeps the shell (index.html and the build's files, precached)
 * and one API answer, the storefront configuration (baseConfig), which is the same for every visitor of
 * a promoter's link. Nothing personal is ever kept: a request that carries a session, a card or a
 * credential goes to the network untouched, and the key a kept answer is stored under is its URL alone.
 */

/** The storefront configuration: the one API answer the worker keeps (stale-while-revalidate). */
export const BASE_CONFIG_PATH = '/api/hk/baseConfig';
export const BASE_CONFIG_CACHE = 'haoka-base-config';
/** Promoter links a browser keeps the configuration of; the oldest goes first. */
export const BASE_CONFIG_ENTRIES = 8;

/**
 * Headers that make an answer personal: the shopper's or card's session (`session-id`), the card
 * (`sim-no`), and any credential. A promoter link's configuration can depend on the session (an agent's
 * own downstream check), so a request with any of them is never answered from, nor stored in, the cache.
 */
export const PERSONAL_HEADERS = ['authorization', 'session-id', 'sim-no'] as const;

/** The message a page sends the waiting worker when the shopper asks for the new version. */
export const SKIP_WAITING = 'haoka:skip-waiting';

export function carriesSession(headers: Headers): boolean {
  return PERSONAL_HEADERS.some((name) => (headers.get(name) ?? '').trim() !== '');
}

/** Whether the worker may answer this request from its configuration cache. */
export function isSharedBaseConfig(request: Request, url: URL, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    url.pathname === BASE_CONFIG_PATH &&
    !carriesSession(request.headers)
  );
}

/**
 * Whether a navigation is to the app itself: its scope's root or index.html (the shop routes in the
 * hash, so every page of it is one of these two, with any query). The worker answers those with the
 * precached index.html; any other address under /shop/ (a file, a mistyped path) goes to the server.
 */
export function isShellNavigation(url: URL, scope: URL): boolean {
  return (
    url.origin === scope.origin && (url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`)
  );
}

/**
 * The staff console previews the shop in a frame to show what a save changed (admin shop-preview.tsx):
 * a framed shop always asks the server for its configuration. The shop is framed by its own origin only
 * (CSP frame-ancestors 'self').
 */
export function mayAnswerFromCache(client: { frameType?: string } | undefined): boolean {
  return client?.frameType !== 'nested';
}

/** Whether an answer is worth keeping: a 200 whose envelope says success (code 0). */
export async function isKeepableAnswer(response: Response): Promise<boolean> {
  if (response.status !== 200) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null;
    return body?.code === 0;
  } catch {
    return false;
  }
}
