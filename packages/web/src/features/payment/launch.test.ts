import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../i18n/translator';
import { fakeRouter } from '../../test/router';
import { browser } from '../order/browser';
import {
  followLaunch,
  followLaunchHere,
  LAUNCHERS,
  openPayUrl,
  runLaunch,
  WEIXIN_BRIDGE_WAIT_MS,
  withShopLanguage,
} from './launch';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('zh-Hans');
});

describe('withShopLanguage', () => {
  it('tells a page of this shop (the sandbox cashier) the shopper’s language', () => {
    const cashier = `${window.location.origin}/api/pay/sandbox/cashier?prepayId=sbx1`;
    expect(new URL(withShopLanguage(cashier, 'en')).searchParams.get('lang')).toBe('en');
    expect(new URL(withShopLanguage('/api/pay/sandbox/cashier?prepayId=sbx1', 'fr')).searchParams.get('lang')).toBe(
      'fr',
    );
    const again = new URL(withShopLanguage(`${cashier}&lang=es`, 'zh-Hant'));
    expect(again.searchParams.getAll('lang')).toEqual(['zh-Hant']);
    expect(again.searchParams.get('prepayId')).toBe('sbx1');
  });

  it('leaves a provider’s own page as the provider made it', () => {
    const provider = 'https://pay.example.com/h5?trade=1&sign=abc';
    expect(withShopLanguage(provider, 'en')).toBe(provider);
  });

  it('opens Alipay’s signed wap.pay URL byte for byte: any change breaks its signature', () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const alipay =
      'https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&app_id=2021000000000001&sign_type=RSA2' +
      '&sign=a%2Bb%2Fc%3D%3D&timestamp=2026-11-26%2021%3A00%3A00&biz_content=%7B%22out_trade_no%22%3A%22PK1%22%7D';
    openPayUrl(alipay);
    expect(go).toHaveBeenCalledWith(alipay);
  });
});

describe('openPayUrl', () => {
  it('leaves for the cashier in the current language', async () => {
    await i18next.changeLanguage('es');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    openPayUrl('/api/pay/sandbox/cashier?prepayId=sbx2');
    expect(new URL(go.mock.calls[0]?.[0] ?? '').searchParams.get('lang')).toBe('es');
  });

  it('is how a launch with a payUrl leaves the cashier', async () => {
    await i18next.changeLanguage('en');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const onCheck = vi.fn();
    await followLaunchHere({ paid: false, payStatus: 1, payUrl: '/api/pay/sandbox/cashier?prepayId=sbx3' }, onCheck);
    expect(new URL(go.mock.calls[0]?.[0] ?? '').searchParams.get('lang')).toBe('en');
    expect(onCheck).not.toHaveBeenCalled();
  });
});

describe('the launch step', () => {
  const base = { orderSn: 'SN1', paid: false, payStatus: 1 };

  it('takes each launch with the first launcher that fits: paid, a page, WeChat’s sheet', async () => {
    expect(LAUNCHERS.map((l) => l.name)).toEqual(['paid', 'page', 'wechat-jsapi']);
    vi.spyOn(browser, 'go').mockImplementation(() => {});
    expect(await runLaunch({ ...base, paid: true, payUrl: '/api/pay/sandbox/cashier?prepayId=x' })).toBe('check');
    expect(await runLaunch({ ...base, payUrl: 'https://pay.example.com/h5' })).toBe('left');
    const invoke = vi.fn((_name: string, _params: unknown, done: () => void) => done());
    vi.stubGlobal('WeixinJSBridge', { invoke });
    const jsapi = {
      appId: 'a',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'RSA' as const,
      paySign: 's',
    };
    expect(await runLaunch({ ...base, jsapi })).toBe('check');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', jsapi, expect.any(Function));
    expect(await runLaunch(base)).toBe('none');
    vi.unstubAllGlobals();
  });

  it('WeChat’s sheet waits for the bridge WeChat injects, and gets exactly the six signed fields', async () => {
    const jsapi = {
      appId: 'wxd678efh567hg6787',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA' as const,
      paySign: 'oR9d8PuhnIc+YZ8cBHFCwfgpaK9gd7vaRvkYD7rthRAZ',
    };
    const invoke = vi.fn((_name: string, _params: unknown, done: () => void) => done());
    const launched = runLaunch({ ...base, jsapi: { ...jsapi, extra: 'not signed' } as typeof jsapi });
    await Promise.resolve();
    expect(invoke).not.toHaveBeenCalled();
    // Inside WeChat the bridge arrives a moment after the page, announced by WeixinJSBridgeReady.
    vi.stubGlobal('WeixinJSBridge', { invoke });
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await launched).toBe('check');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', jsapi, expect.any(Function));
    vi.unstubAllGlobals();
  });

  it('outside WeChat the sheet is given up after a while and the result is looked for', async () => {
    vi.useFakeTimers();
    try {
      const launched = runLaunch({
        ...base,
        jsapi: { appId: 'a', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' },
      });
      await vi.advanceTimersByTimeAsync(WEIXIN_BRIDGE_WAIT_MS);
      expect(await launched).toBe('check');
    } finally {
      vi.useRealTimers();
    }
  });

  it('from a checkout: the cashier route, looking for the result only when there is one', async () => {
    const router = fakeRouter();
    await followLaunch({ ...base, paid: true }, '/pages/iot/index/balance/pay/index', true);
    await followLaunch(base, '/pages/iot/index/balance/pay/index');
    expect(router.navigate.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['/pages/iot/index/balance/pay/index?orderSn=SN1&from=pay', { replace: true }],
      ['/pages/iot/index/balance/pay/index?orderSn=SN1', { replace: false }],
    ]);
  });
});
