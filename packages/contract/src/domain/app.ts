/** App identity (SPEC §1) and client-side constants of SPEC §9. */

export const APP_VERSION = '1.2.1';
export const APP_VERSION_CODE = 121;
export const BASE_PATH = '/shop/';

/** Request timeout of the one request wrapper (SPEC §7, §9). */
export const REQUEST_TIMEOUT_MS = 120_000;
/** Default timeout of the generic request/socket/upload/download wrappers (SPEC §9). */
export const GENERIC_TIMEOUT_MS = 60_000;
/** Refresh and config fetches: once per this interval, leading edge (SPEC §9). */
export const THROTTLE_MS = 1000;
/** Recent card numbers kept, newest first (SPEC §9). */
export const MAX_RECENT_CARDS = 5;
/** Default number of menu items in a SimLayout (SPEC §9). */
export const DEFAULT_MAX_MENU_TIMES = 10;

/** Query parameters kept when navigating between main pages (SPEC §2). */
export const KEPT_QUERY_PARAMS = ['promoCode', 'bd_vid', 'autoFilterDelivery', 'agreeAgreement', 'pageCode'] as const;
export type KeptQueryParam = (typeof KEPT_QUERY_PARAMS)[number];
