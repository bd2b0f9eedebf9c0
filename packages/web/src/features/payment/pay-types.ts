/**
 * The pay types this browser can use, of those an order or a shelf offers (PROVIDERS.md "What the shop
 * shows"): inside WeChat, Alipay is left out, since WeChat's browser blocks its pages; elsewhere all of
 * them. The rule and the WeChat detection are the contract's (`payTypeWorksIn`, `isWechatUserAgent`, which
 * the server checks at launch too, and `isWechatBrowser` of the WeChat sign-in is). The one pay-type list
 * shows these, and every screen picks its first choice among them.
 */
import { type PayType, payTypeWorksIn } from '@haoka/contract';

const currentUserAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/** The pay types offered that work in this browser, in the order given. */
export function usablePayTypes<T extends PayType>(payTypes: readonly T[], userAgent = currentUserAgent()): T[] {
  return payTypes.filter((type) => payTypeWorksIn(type, userAgent));
}
