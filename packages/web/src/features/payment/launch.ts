/**
 * The launch step of every cashier and checkout (API.md §0 PayLaunch), shop and card alike, and the one
 * place where a payment provider plugs into the web: `LAUNCHERS` is tried in order and the first that
 * takes the launch runs it.
 *
 * - paid already (a zero amount, or a provider that settled at once): nothing to open, look for the result;
 * - a `payUrl`: the app leaves for the provider's page (the sandbox cashier, WeChat H5, Alipay wap), which
 *   comes back to the cashier with &from=pay; `openPayUrl` is the one place the web opens a `payUrl`;
 * - WeChat's in-app JSAPI (`jsapi`): the pay sheet, then look for the result.
 *
 * A new provider (e.g. Alipay's in-app SDK) adds a `Launcher` here; the cashiers and checkouts do not change.
 */
import { type PayLaunch, PayStatus } from '@haoka/contract';
import i18next from '../../i18n/translator';
import { navigateTo } from '../../platform/navigation';
import { API_BASE } from '../../platform/request';
import { browser } from '../order/browser';

/** What the launch step needs of a PayLaunch. */
export type LaunchStep = Pick<PayLaunch, 'paid' | 'payStatus' | 'payUrl' | 'jsapi'>;

/**
 * After the launch: 'check' — look for the result here (paid, or the in-app sheet closed); 'left' — the
 * browser left for the provider's page; 'none' — nothing to follow (the shopper pays on the cashier).
 */
export type LaunchOutcome = 'check' | 'left' | 'none';

/** One way of paying a launch: whether it takes the launch, and how it runs it. */
export interface Launcher {
  name: string;
  takes: (launch: LaunchStep) => boolean;
  run: (launch: LaunchStep) => Promise<LaunchOutcome>;
}

interface WeixinBridge {
  invoke(name: string, params: unknown, done: (res: { err_msg?: string }) => void): void;
}

/** Paid already: a zero amount, or a provider that settled at once. */
export function isLaunchPaid(launch: { paid: boolean; payStatus: number }): boolean {
  return launch.paid || launch.payStatus === PayStatus.PAID;
}

/** How long a page just opened inside WeChat waits for WeChat to inject its bridge. */
export const WEIXIN_BRIDGE_WAIT_MS = 3_000;

/** WeChat's bridge, once WeChat has injected it (`WeixinJSBridgeReady`); undefined outside WeChat. */
function weixinBridge(): Promise<WeixinBridge | undefined> {
  const current = () => (window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
  const now = current();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const ready = () => {
      clearTimeout(timer);
      document.removeEventListener('WeixinJSBridgeReady', ready);
      resolve(current());
    };
    const timer = setTimeout(ready, WEIXIN_BRIDGE_WAIT_MS);
    document.addEventListener('WeixinJSBridgeReady', ready);
  });
}

/**
 * WeChat in-app JSAPI pay with the parameters the server signed (its `paySign` covers appId, timeStamp,
 * nonceStr and package); resolves when the sheet closes, whatever the shopper did: the poll tells the outcome.
 */
export async function payInWeixin(params: NonNullable<PayLaunch['jsapi']>): Promise<void> {
  const bridge = await weixinBridge();
  if (!bridge) return;
  // Exactly WeChat's six fields, as signed: nothing else reaches the bridge.
  const { appId, timeStamp, nonceStr, package: pkg, signType, paySign } = params;
  const request = { appId, timeStamp, nonceStr, package: pkg, signType, paySign };
  return new Promise((resolve) => bridge.invoke('getBrandWCPayRequest', request, () => resolve()));
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

/** The providers' ways of paying, tried in order. */
export const LAUNCHERS: readonly Launcher[] = [
  { name: 'paid', takes: isLaunchPaid, run: async () => 'check' },
  {
    name: 'page',
    takes: (launch) => !!launch.payUrl,
    run: async (launch) => {
      openPayUrl(launch.payUrl ?? '');
      return 'left';
    },
  },
  {
    name: 'wechat-jsapi',
    takes: (launch) => !!launch.jsapi,
    run: async (launch) => {
      if (launch.jsapi) await payInWeixin(launch.jsapi);
      return 'check';
    },
  },
];

/** Runs the launch with the first launcher that takes it. */
export function runLaunch(launch: LaunchStep): Promise<LaunchOutcome> {
  const launcher = LAUNCHERS.find((l) => l.takes(launch));
  return launcher ? launcher.run(launch) : Promise.resolve('none');
}

/** On the cashier itself: `onCheck` looks for the result, unless the browser left for the provider. */
export async function followLaunchHere(launch: LaunchStep, onCheck: () => void): Promise<void> {
  if ((await runLaunch(launch)) !== 'left') onCheck();
}

/**
 * From a checkout: the provider's page, or the cashier at `cashierPath` (replacing the page if asked) —
 * looking for the result when there is one to look for, else to pay there.
 */
export async function followLaunch(
  launch: LaunchStep & Pick<PayLaunch, 'orderSn'>,
  cashierPath: string,
  replace = false,
): Promise<void> {
  const outcome = await runLaunch(launch);
  if (outcome === 'left') return;
  const query: Record<string, string> = { orderSn: launch.orderSn };
  if (outcome === 'check') query.from = 'pay';
  navigateTo(cashierPath, query, { replace });
}
