/**
 * Navigation outside React: the kept query parameters (SPEC §2), the home link rule, back from the first
 * page, and the tab switch. The router registers itself here at start.
 */
import { KEPT_QUERY_PARAMS, type KeptQueryParam } from '@haoka/contract';

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void> | void;
}

let router: RouterLike | null = null;
const kept = new Map<KeptQueryParam, string>();

export function registerRouter(r: RouterLike): void {
  router = r;
}

export const HOME_PATH = '/pages/index/index';
export const SINGLE_PATH = '/pages-sub/single/index';
export const SHOP_LOGIN_PATH = '/pages/login/index';
export const CARD_LOGIN_PATH = '/pages/iot/login/index';
export const IOT_HOME_PATH = '/pages/iot/index/index';
export const CUSTOMER_PATH = '/pages/customer/index';

/** The shop's tab pages (SPEC §2 tab bar). */
export const TAB_PAGES = ['/pages/index/index', '/pages/user/index2'] as const;

/** Main pages carry the kept query (SCREENS §0): `/`, `/pages/**` and `/pages-sub/single/**`. */
export function isMainPage(path: string): boolean {
  return path === '/' || path.startsWith('/pages/') || path.startsWith('/pages-sub/single/');
}

/** Records the kept parameters present in a query string; called on every location change. */
export function rememberKeptQuery(search: string | URLSearchParams): void {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const name of KEPT_QUERY_PARAMS) {
    const value = params.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
}

export function keptQuery(): Record<string, string> {
  return Object.fromEntries(kept);
}

/** Forgets one kept parameter, e.g. a landing page's pageCode once the page turned out not to exist. */
export function forgetKeptQuery(name: KeptQueryParam): void {
  kept.delete(name);
}

/** For tests: forget the remembered kept parameters. */
export function resetKeptQuery(): void {
  kept.clear();
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** `path?query` where explicit values win over kept ones; empty values are left out. */
export function buildUrl(path: string, query: Query = {}, withKept = isMainPage(path.split('?')[0] ?? path)): string {
  const [base = '', inline = ''] = path.split('?');
  const params = new URLSearchParams(inline);
  if (withKept) {
    for (const [name, value] of kept) if (!params.has(name) && !(name in query)) params.set(name, value);
  }
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') params.delete(name);
    else params.set(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

export function navigateTo(path: string, query: Query = {}, options: { replace?: boolean } = {}): void {
  void router?.navigate(buildUrl(path, query), options);
}

export function redirectTo(path: string, query: Query = {}): void {
  navigateTo(path, query, { replace: true });
}

/** Home link rule (SPEC §2): with a page code, the selected-picks page; otherwise the default home. */
export function homeLink(extra: Query = {}): string {
  const pageCode = kept.get('pageCode');
  return pageCode ? buildUrl(SINGLE_PATH, { pageCode, ...extra }) : buildUrl(HOME_PATH, extra);
}

export function goHome(extra: Query = {}): void {
  void router?.navigate(homeLink(extra));
}

/** The current location as `path?query`, for redirect parameters. */
export function currentUrl(): string {
  if (!router) return '/';
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** Card pages (not the card login): with nothing to go back to, back lands on the card home. */
const CARD_PAGE = /^\/pages\/iot\/(?!login\/)|^\/pages-sub\/(iot|ltAuth)\//;

/**
 * Back; from the first page in history go to the root instead (SPEC §2), or to the card home from a
 * card page, so a card holder who opened a card page from a link is not dropped into the shop.
 */
export function goBack(): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) {
    void router?.navigate(-1);
    return;
  }
  const pathname = router?.state.location.pathname ?? '/';
  void router?.navigate(CARD_PAGE.test(pathname) ? IOT_HOME_PATH : '/', { replace: true });
}

/** Switches to a tab page; rejects like the runtime does for a path that is not a tab. */
export function switchTab(path: string): void {
  const target = path.split('?')[0] ?? path;
  if (!(TAB_PAGES as readonly string[]).includes(target)) throw new Error('tabbar item not found');
  void router?.navigate(buildUrl(target), { replace: true });
}

/** Tab bar changes are allowed only on a tab page (SPEC §8 'not TabBar page'). */
export function assertTabPage(path: string): void {
  if (!(TAB_PAGES as readonly string[]).includes(path) && path !== '/') throw new Error('not TabBar page');
}

/** SPEC §4: not logged in → order-query login, with the original target as redirect. */
export function toShopLogin(target = currentUrl()): void {
  redirectTo(SHOP_LOGIN_PATH, { redirect: target });
}

export function toCardLogin(target = currentUrl()): void {
  redirectTo(CARD_LOGIN_PATH, { redirect: target });
}

/** Goes to an already-built URL (used by the request wrapper's redirects and dialog buttons). */
export function navigateUrl(target: string, replace = false): void {
  void router?.navigate(target, { replace });
}
