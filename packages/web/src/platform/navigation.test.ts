import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRouter } from '../test/router';
import {
  assertTabPage,
  buildUrl,
  currentUrl,
  goBack,
  goHome,
  homeLink,
  isMainPage,
  keptQuery,
  navigateTo,
  rememberKeptQuery,
  switchTab,
  toShopLogin,
} from './navigation';

const ALL_KEPT = '?promoCode=P1&bd_vid=B1&autoFilterDelivery=1&agreeAgreement=1&pageCode=PC&numberId=88&other=x';

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
}

describe('buildUrl and the kept query', () => {
  it('remembers only the five kept parameters', () => {
    rememberKeptQuery(ALL_KEPT);
    expect(keptQuery()).toEqual({
      promoCode: 'P1',
      bd_vid: 'B1',
      autoFilterDelivery: '1',
      agreeAgreement: '1',
      pageCode: 'PC',
    });
  });

  it('an empty value in the URL does not erase a remembered one', () => {
    rememberKeptQuery('?promoCode=P1');
    rememberKeptQuery('?promoCode=');
    expect(keptQuery()).toEqual({ promoCode: 'P1' });
  });

  it.each(['/', '/pages/goods/index', '/pages/iot/index/index', '/pages-sub/single/index', '/pages-sub/single/single'])(
    'merges the kept parameters into main page %s',
    (path) => {
      rememberKeptQuery(ALL_KEPT);
      const url = buildUrl(path, { goodsId: 5 });
      expect(url.split('?')[0]).toBe(path);
      expect(queryOf(url)).toEqual({
        promoCode: 'P1',
        bd_vid: 'B1',
        autoFilterDelivery: '1',
        agreeAgreement: '1',
        pageCode: 'PC',
        goodsId: '5',
      });
    },
  );

  it.each(['/pages-sub/wifi/index', '/pages-sub/iot/vip/index', '/pages-sub/appUpdate/index'])(
    'does not carry the kept parameters to %s',
    (path) => {
      rememberKeptQuery(ALL_KEPT);
      expect(buildUrl(path, { code: 'w1' })).toBe(`${path}?code=w1`);
      expect(buildUrl(path)).toBe(path);
    },
  );

  it('main page detection', () => {
    expect(isMainPage('/')).toBe(true);
    expect(isMainPage('/pages/login/index')).toBe(true);
    expect(isMainPage('/pages-sub/single/index')).toBe(true);
    expect(isMainPage('/pages-sub/wifi/index')).toBe(false);
    expect(isMainPage('/pages-subx/single')).toBe(false);
  });

  it('explicit values win over kept ones', () => {
    rememberKeptQuery('?promoCode=P1&pageCode=PC');
    const url = buildUrl('/pages/index/index', { promoCode: 'P2' });
    expect(queryOf(url)).toEqual({ promoCode: 'P2', pageCode: 'PC' });
    expect(url.match(/promoCode=/g)).toHaveLength(1);
  });

  it('values written in the path win over kept ones', () => {
    rememberKeptQuery('?promoCode=P1');
    expect(buildUrl('/pages/index/index?promoCode=P3')).toBe('/pages/index/index?promoCode=P3');
  });

  it('empty explicit values delete the parameter, kept or inline', () => {
    rememberKeptQuery('?promoCode=P1&bd_vid=B1&pageCode=PC');
    const url = buildUrl('/pages/goods/index?x=1', { promoCode: '', bd_vid: null, pageCode: undefined, x: '' });
    expect(url).toBe('/pages/goods/index');
  });

  it('without remembered values only the explicit query is sent; 0 and false are kept', () => {
    expect(buildUrl('/pages/goods/index', { a: 0, b: false, c: 'x' })).toBe('/pages/goods/index?a=0&b=false&c=x');
  });

  it('navigateTo carries the kept parameters through the registered router', () => {
    const router = fakeRouter();
    rememberKeptQuery('?promoCode=P1');
    navigateTo('/pages/goods/index', { goodsId: 1 });
    expect(router.navigate).toHaveBeenCalledWith('/pages/goods/index?promoCode=P1&goodsId=1', {});
  });
});

describe('home link rule', () => {
  it('without a pageCode goes to the default home', () => {
    expect(homeLink()).toBe('/pages/index/index');
    expect(homeLink({ indexFirstGroup: 2 })).toBe('/pages/index/index?indexFirstGroup=2');
  });

  it('with a kept pageCode goes to the selected-picks page', () => {
    rememberKeptQuery('?pageCode=p1');
    expect(homeLink()).toBe('/pages-sub/single/index?pageCode=p1');
    expect(homeLink({ indexFirstGroup: 1 })).toBe('/pages-sub/single/index?pageCode=p1&indexFirstGroup=1');
  });

  it('keeps the promoter code on the home link', () => {
    rememberKeptQuery('?promoCode=P1');
    expect(homeLink()).toBe('/pages/index/index?promoCode=P1');
  });

  it('goHome navigates to the home link', () => {
    const router = fakeRouter();
    rememberKeptQuery('?pageCode=p1');
    goHome();
    expect(router.navigate).toHaveBeenCalledWith('/pages-sub/single/index?pageCode=p1');
  });
});

describe('tab bar', () => {
  it('switchTab on a non-tab path throws tabbar item not found', () => {
    const router = fakeRouter();
    expect(() => switchTab('/pages/goods/index')).toThrow('tabbar item not found');
    expect(() => switchTab('/pages/user/index')).toThrow('tabbar item not found');
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('switchTab on a tab path replaces to it, dropping its own query', () => {
    const router = fakeRouter();
    switchTab('/pages/user/index2?x=1');
    expect(router.navigate).toHaveBeenCalledWith('/pages/user/index2', { replace: true });
  });

  it('assertTabPage off a tab page throws not TabBar page', () => {
    expect(() => assertTabPage('/pages/goods/index')).toThrow('not TabBar page');
    expect(() => assertTabPage('/pages/index/index')).not.toThrow();
    expect(() => assertTabPage('/pages/user/index2')).not.toThrow();
    expect(() => assertTabPage('/')).not.toThrow();
  });
});

describe('goBack', () => {
  let router: ReturnType<typeof fakeRouter>;
  beforeEach(() => {
    router = fakeRouter();
  });

  it('from the first page in history replaces to /', () => {
    window.history.replaceState({ idx: 0 }, '');
    goBack();
    expect(router.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('with no router history state replaces to /', () => {
    window.history.replaceState(null, '');
    goBack();
    expect(router.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it.each([
    ['/pages/iot/index/payPassword/index', '/pages/iot/index/index'],
    ['/pages-sub/iot/packageInfo/index', '/pages/iot/index/index'],
    ['/pages-sub/ltAuth/index', '/pages/iot/index/index'],
    ['/pages/iot/login/index', '/'],
    ['/pages/order/index', '/'],
  ])('from the first page in history, %s goes to %s', (pathname, home) => {
    const card = fakeRouter(pathname);
    window.history.replaceState({ idx: 0 }, '');
    goBack();
    expect(card.navigate).toHaveBeenCalledWith(home, { replace: true });
  });

  it.each([1, 3])('with earlier entries (idx %i) goes back one', (idx) => {
    window.history.replaceState({ idx }, '');
    goBack();
    expect(router.navigate).toHaveBeenCalledWith(-1);
    expect(router.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('login redirects', () => {
  it('currentUrl is the router location with its query', () => {
    fakeRouter('/pages/order/index', '?tab=1');
    expect(currentUrl()).toBe('/pages/order/index?tab=1');
  });

  it('toShopLogin replaces to the order login with the encoded target', () => {
    const router = fakeRouter('/pages/order/index', '?tab=1');
    toShopLogin();
    expect(router.navigate).toHaveBeenCalledWith(
      `/pages/login/index?redirect=${encodeURIComponent('/pages/order/index?tab=1')}`,
      { replace: true },
    );
  });
});
