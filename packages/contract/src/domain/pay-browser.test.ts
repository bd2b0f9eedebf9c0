import { describe, expect, it } from 'vitest';
import { isWechatUserAgent, payTypeWorksIn } from './pay-browser.js';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('pay types by browser', () => {
  it('knows WeChat by MicroMessenger in its user agent', () => {
    expect(isWechatUserAgent(WECHAT)).toBe(true);
    expect(isWechatUserAgent(SAFARI)).toBe(false);
    expect(isWechatUserAgent(undefined)).toBe(false);
  });

  it('leaves Alipay out inside WeChat only', () => {
    expect(payTypeWorksIn('alipay', WECHAT)).toBe(false);
    expect(payTypeWorksIn('wxpay', WECHAT)).toBe(true);
    expect(payTypeWorksIn('balance', WECHAT)).toBe(true);
    expect(payTypeWorksIn('alipay', SAFARI)).toBe(true);
    expect(payTypeWorksIn('alipay', '')).toBe(true);
  });
});
