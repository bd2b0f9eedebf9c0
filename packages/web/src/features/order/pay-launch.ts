/**
 * Following a PayLaunch (API.md §0) on a cashier page, shop and card alike: a paid launch is checked at
 * once; a payUrl leaves the app for the provider's page (which comes back with &from=pay); WeChat's
 * in-app JSAPI pays in a sheet, and then the result is checked.
 */
import { type PayLaunch, PayStatus } from '@haoka/contract';
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

/** On the cashier itself: `onCheck` looks for the result, unless the browser left for the provider. */
export async function followLaunchHere(
  launch: Pick<PayLaunch, 'paid' | 'payStatus' | 'payUrl' | 'jsapi'>,
  onCheck: () => void,
): Promise<void> {
  if (isLaunchPaid(launch)) return onCheck();
  if (launch.payUrl) return browser.go(launch.payUrl);
  if (launch.jsapi) await payInWeixin(launch.jsapi);
  onCheck();
}
