import { shopApi } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import {
  BASE_CONFIG_PATH,
  carriesSession,
  isKeepableAnswer,
  isSharedBaseConfig,
  isShellNavigation,
  mayAnswerFromCache,
  PERSONAL_HEADERS,
} from './rules';

const ORIGIN = 'https://shop.example';
const SCOPE = new URL(`${ORIGIN}/shop/`);

/** A GET as the shop's request wrapper sends it: every SPEC header, the personal ones empty when logged out. */
function shopRequest(path: string, headers: Record<string, string> = {}, method = 'GET'): [Request, URL] {
  const url = new URL(path, ORIGIN);
  const request = new Request(url, {
    method,
    headers: {
      platform: 'h5',
      'session-id': '',
      'order-session-id': 'a'.repeat(32),
      'sim-no': '',
      'page-url': `${ORIGIN}/shop/#/pages/index/index`,
      ...headers,
    },
  });
  return [request, url];
}

describe('what the worker answers from its configuration cache', () => {
  it("keeps the answer of the contract's storefront configuration endpoint (the worker does not import the contract)", () => {
    expect(shopApi.getBaseConfig.method).toBe('GET');
    expect(BASE_CONFIG_PATH).toBe(shopApi.getBaseConfig.path);
  });

  it("a logged-out visitor's baseConfig, with or without a promoter code", () => {
    for (const path of [BASE_CONFIG_PATH, `${BASE_CONFIG_PATH}?promoCode=demo`]) {
      expect(isSharedBaseConfig(...shopRequest(path), ORIGIN), path).toBe(true);
    }
  });

  it.each(PERSONAL_HEADERS)('never a request that carries %s', (name) => {
    const [request, url] = shopRequest(`${BASE_CONFIG_PATH}?promoCode=demo`, { [name]: 'b'.repeat(32) });
    expect(carriesSession(request.headers)).toBe(true);
    expect(isSharedBaseConfig(request, url, ORIGIN)).toBe(false);
  });

  it('never another endpoint: orders, cards, the shopper, the other configuration calls', () => {
    for (const path of [
      '/api/hk/genericConfig',
      '/api/hk/baseConfig/other',
      '/api/shop/order/list',
      '/api/shop/numberList?promoCode=demo',
      '/api/iot/simInfo',
      '/api/user/info',
      '/shop/api/hk/baseConfig',
    ]) {
      expect(isSharedBaseConfig(...shopRequest(path), ORIGIN), path).toBe(false);
    }
  });

  it('never a POST, nor another origin', () => {
    expect(isSharedBaseConfig(...shopRequest(BASE_CONFIG_PATH, {}, 'POST'), ORIGIN)).toBe(false);
    const [request] = shopRequest(BASE_CONFIG_PATH);
    expect(isSharedBaseConfig(request, new URL(BASE_CONFIG_PATH, 'https://other.example'), ORIGIN)).toBe(false);
  });

  it("never in the staff console's preview frame", () => {
    expect(mayAnswerFromCache({ frameType: 'nested' })).toBe(false);
    expect(mayAnswerFromCache({ frameType: 'top-level' })).toBe(true);
    expect(mayAnswerFromCache(undefined)).toBe(true);
  });

  it('keeps a success only: not an error status, nor a refusal in the envelope, nor broken JSON', async () => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    expect(await isKeepableAnswer(json({ code: 0, message: 'ok', data: {} }))).toBe(true);
    expect(await isKeepableAnswer(json({ code: -1, message: 'no', data: null }))).toBe(false);
    expect(await isKeepableAnswer(json({ code: 0, data: {} }, 503))).toBe(false);
    expect(await isKeepableAnswer(new Response('<html>', { status: 200 }))).toBe(false);
    // The answer itself stays readable for the page.
    const answer = json({ code: 0, data: { front: { title: 'x' } } });
    await isKeepableAnswer(answer);
    expect(await answer.json()).toMatchObject({ code: 0 });
  });
});

describe('the navigations the worker answers with the precached page', () => {
  it('the app itself, whatever its query (the route is in the hash)', () => {
    for (const path of ['/shop/', '/shop/?promoCode=demo', '/shop/index.html', '/shop/index.html?x=1']) {
      expect(isShellNavigation(new URL(path, ORIGIN), SCOPE), path).toBe(true);
    }
  });

  it('nothing else: the console, the API, uploads, files and unknown paths under /shop/', () => {
    for (const path of [
      '/admin/',
      '/api/hk/baseConfig',
      '/media/a.png',
      '/shop/static/logo.png',
      '/shop/sw.js',
      '/shop/x',
    ]) {
      expect(isShellNavigation(new URL(path, ORIGIN), SCOPE), path).toBe(false);
    }
    expect(isShellNavigation(new URL('/shop/', 'https://other.example'), SCOPE)).toBe(false);
  });
});
