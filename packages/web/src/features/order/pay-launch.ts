/**
 * Following a PayLaunch (API.md §0) on a cashier page, shop and card alike: a paid launch is checked at
 * once; a payUrl leaves the app for the provider's page (which comes back with &from=pay); WeChat's
 * in-app JSAPI pays in a sheet, and then the result is checked.
 */
import { type PayLaunch, PayStatus } from '@haoka/contract';
import i18next from 'i18next';
import { API_BASE } from '../../platform/request';
import { browser } from './browser';

interface WeixinBridge {
  invoke(name: string, params: unknown, done: (res: { err_msg?: string }) => void): void;
}

/** Paid already: a zero amount, or a provider that settled at once. */
export function isLaunchPaid(launch: { paid: boolean; payStatus: number }): boolean {
  return launch.paid || launch.payStatus === PayStatus.PAID;
}

/** WeChat in-app JSAPI pay; resolves when the sheet closes (the poll tells the outcome). */
export function payInWeixin(params: unknown): Promise<void> {
  const bridge = (window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
  if (!bridge) return Promise.resolve();
  return new Promise((resolve) => bridge.invoke('getBrandWCPayRequest', params, () => resolve()));
}

/**
 * A payment page address with the shopper's language (`lang`) when it is a page of this shop (the
 * sandbox cashier, on the page's or the API's origin); a provider's own page is left as the provider made
 * it (its signed parameters are not ours to touch, and it has its own language).
 */
export function withShopLanguage(url: string, language: string = i18next.language): string {
  const here = window.location.href;
  let target: URL;
  try {
    target = new URL(url, here);
  } catch {
    return url;
  }
  const ours = new Set([new URL(here).origin, new URL(API_BASE || here, here).origin]);
  if (!ours.has(target.origin) || !language) return url;
  target.searchParams.set('lang', language);
  return target.toString();
}

/** Leaves the app for a launch's payment page (the one place the web opens a `payUrl`). */
export function openPayUrl(url: string): void {
  browser.go(withShopLanguage(url));
}

/** On the cashier itself: `onCheck` looks for the result, unless the browser left for the provider. */
export async function followLaunchHere(
  launch: Pick<PayLaunch, 'paid' | 'payStatus' | 'payUrl' | 'jsapi'>,
  onCheck: () => void,
): Promise<void> {
  if (isLaunchPaid(launch)) return onCheck();
  if (launch.payUrl) return openPayUrl(launch.payUrl);
  if (launch.jsapi) await payInWeixin(launch.jsapi);
  onCheck();
}
