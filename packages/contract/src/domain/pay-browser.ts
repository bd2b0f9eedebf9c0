/**
 * Which pay types a browser can use (PROVIDERS.md "What the shop shows"): inside WeChat, WeChat Pay
 * (JSAPI) but not Alipay, whose pages WeChat's browser blocks; elsewhere every offered type. The web's
 * pay-type list leaves out what the shopper's browser cannot use, and the payment core refuses such a
 * launch (reason `alipayInWechat`), by this one rule.
 */

/** WeChat's in-app browser, and its mini-program web views: the user agent says MicroMessenger. */
export function isWechatUserAgent(userAgent: string | null | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? '');
}

/** Whether a pay type works in the browser of this user agent. */
export function payTypeWorksIn(payType: string, userAgent: string | null | undefined): boolean {
  return !(payType === 'alipay' && isWechatUserAgent(userAgent));
}
