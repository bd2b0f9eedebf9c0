/**
 * Platform sign-in and authorisation over the real app and a real database (SQLite and PostgreSQL):
 * scan-to-authorise tickets (expiry, one decision, repeat = 0), the Kuaishou profile, the WeChat JS-SDK
 * signature over a configured ticket, wechatInfo and the WeChat sign-in round trip.
 */
import { createHash } from 'node:crypto';
import { type Endpoint, type EndpointInput, platformApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsSdkSignature } from '../../gateways/wechat/wechat-gateway.js';
import { callEndpoint, malformed } from '../../test/call.js';
import { clientHeaders, createTestApp, type TestApp } from '../../test/harness.js';
import { issueTicket } from './service.js';

const TICKET = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
const WECHAT = { appId: 'wx0123456789abcdef', jsapiTicket: TICKET, gateway: 'simulator' as const };

let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ demo: false, config: { wechat: { ...WECHAT } } });
});
afterAll(() => t.close());

async function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, headers: Record<string, string> = {}) {
  return { body: await callEndpoint(t, endpoint, input, { as: clientHeaders(headers) }) };
}
const as = (openId: string, platform = 'mp-weixin') => ({ 'platform-open-id': openId, platform });

describe('JS-SDK signature', () => {
  it('matches the example of the WeChat JS-SDK documentation', () => {
    expect(
      jsSdkSignature({
        ticket: TICKET,
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('wxJsSign signs the page URL without its hash with the configured ticket', async () => {
    const { body } = await call(platformApi.getWxJsSign, {
      url: 'https://shop.example.com/shop/?a=1#/pages-sub/wifi/share',
    });
    expect(body.code).toBe(0);
    expect(body.data.appId).toBe(WECHAT.appId);
    expect(body.data.nonceStr).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(Number.isInteger(body.data.timestamp)).toBe(true);
    const string1 = `jsapi_ticket=${TICKET}&noncestr=${body.data.nonceStr}&timestamp=${body.data.timestamp}&url=https://shop.example.com/shop/?a=1`;
    expect(body.data.signature).toBe(createHash('sha1').update(string1).digest('hex'));
    expect(body.data.jsApiList).toContain('scanQRCode');
  });

  it('answers -1 公众号未配置 without an app id or ticket, and -1 for a URL that is not http(s)', async () => {
    t.app.ctx.config.wechat = { gateway: 'simulator' };
    try {
      const { body } = await call(platformApi.getWxJsSign, { url: 'https://shop.example.com/' });
      expect(body).toMatchObject({ code: -1, message: '公众号未配置' });
    } finally {
      t.app.ctx.config.wechat = { ...WECHAT };
    }
    const bad = await call(platformApi.getWxJsSign, malformed({ url: 'javascript:alert(1)' }));
    expect(bad.body.code).toBe(-1);
  });
});

describe('scan-to-authorise tickets', () => {
  it('a fresh ticket reads as waiting with its app, scopes and expiry, and is marked scanned', async () => {
    const { scene, expireAt } = await issueTicket(db(), { appName: '好卡后台', scopes: ['nickname', 'mobile'] });
    const { body } = await call(platformApi.checkScanAuthorize, { scene });
    expect(body).toMatchObject({
      code: 0,
      data: { scene, status: 0, appName: '好卡后台', scopes: ['nickname', 'mobile'], expireAt },
    });
    const row = await db().selectFrom('authorize_tickets').selectAll().where('scene', '=', scene).executeTakeFirst();
    expect(row?.scanned_at).not.toBeNull();
  });

  it('confirming makes it 1 for the polling device; the same confirm again is 0; a change or another user is -1', async () => {
    const { scene } = await issueTicket(db(), { appName: 'TV' });
    const first = await call(platformApi.updateAuthorizeStatus, { scene, status: 1 }, as('oUserA'));
    expect(first.body).toMatchObject({ code: 0, data: { scene, status: 1 } });
    expect((await call(platformApi.checkScanAuthorize, { scene })).body.data.status).toBe(1);

    const repeat = await call(platformApi.updateAuthorizeStatus, { scene, status: 1 }, as('oUserA'));
    expect(repeat.body).toMatchObject({ code: 0, data: { scene, status: 1 } });
    const change = await call(platformApi.updateAuthorizeStatus, { scene, status: 2 }, as('oUserA'));
    expect(change.body).toMatchObject({ code: -1, message: '二维码已失效' });
    const other = await call(platformApi.updateAuthorizeStatus, { scene, status: 1 }, as('oUserB'));
    expect(other.body).toMatchObject({ code: -1, message: '二维码已失效' });
    expect((await call(platformApi.checkScanAuthorize, { scene })).body.data.status).toBe(1);
    // The deciding user is now a wx mini-user.
    const user = await db().selectFrom('mini_users').selectAll().where('open_id', '=', 'oUserA').executeTakeFirst();
    expect(user?.platform).toBe('wx');
  });

  it('rejecting makes it 2, and the decision is recorded with the platform of the caller', async () => {
    const { scene } = await issueTicket(db(), { appName: 'PC' });
    const { body } = await call(platformApi.updateAuthorizeStatus, { scene, status: 2 }, as('ksUser1', 'mp-kuaishou'));
    expect(body).toMatchObject({ code: 0, data: { status: 2 } });
    expect((await call(platformApi.checkScanAuthorize, { scene })).body.data.status).toBe(2);
    const user = await db().selectFrom('mini_users').selectAll().where('open_id', '=', 'ksUser1').executeTakeFirst();
    expect(user?.platform).toBe('ks');
  });

  it('an expired ticket reads as 3 and can no longer be confirmed', async () => {
    const { scene } = await issueTicket(db(), { appName: 'PC' }, Date.now() - 6 * 60_000);
    expect((await call(platformApi.checkScanAuthorize, { scene })).body.data.status).toBe(3);
    const { body } = await call(platformApi.updateAuthorizeStatus, { scene, status: 1 }, as('oUserA'));
    expect(body).toMatchObject({ code: -1, message: '二维码已失效' });
    expect((await call(platformApi.checkScanAuthorize, { scene })).body.data.status).toBe(3);
  });

  it('two users confirming at once: exactly one decides the ticket', async () => {
    const { scene } = await issueTicket(db(), { appName: 'TV' });
    const results = await Promise.all(
      ['oRace1', 'oRace2', 'oRace3'].map((id) => call(platformApi.updateAuthorizeStatus, { scene, status: 1 }, as(id))),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === -1)).toHaveLength(2);
  });

  it('needs the openid header, a known scene and a status of 1 or 2', async () => {
    const { scene } = await issueTicket(db(), { appName: 'TV' });
    expect((await call(platformApi.updateAuthorizeStatus, { scene, status: 1 })).body.code).toBe(-1);
    expect((await call(platformApi.updateAuthorizeStatus, malformed({ scene, status: 3 }), as('oX'))).body.code).toBe(
      -1,
    );
    const unknown = await call(platformApi.checkScanAuthorize, { scene: 'f'.repeat(32) });
    expect(unknown.body).toMatchObject({ code: -1, message: '二维码不存在' });
    expect((await call(platformApi.checkScanAuthorize, { scene })).body.data.status).toBe(0);
  });
});

describe('Kuaishou profile', () => {
  it('stores the nickname and avatar on the ks mini-user and updates them on the next call', async () => {
    const headers = as('ksProfile1', 'mp-kuaishou');
    const first = await call(
      platformApi.ksUpdateProfile,
      { nickname: '小快', headPortrait: 'https://img.example.com/a.png' },
      headers,
    );
    expect(first.body).toMatchObject({
      code: 0,
      data: { openId: 'ksProfile1', nickname: '小快', headPortrait: 'https://img.example.com/a.png' },
    });
    const second = await call(
      platformApi.ksUpdateProfile,
      { nickname: '小快2', headPortrait: 'https://img.example.com/b.png' },
      headers,
    );
    expect(second.body.data.nickname).toBe('小快2');
    const rows = await db().selectFrom('mini_users').selectAll().where('open_id', '=', 'ksProfile1').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      platform: 'ks',
      nickname: '小快2',
      head_portrait: 'https://img.example.com/b.png',
    });
  });

  it('refuses without the openid header and with a bad avatar URL', async () => {
    const none = await call(platformApi.ksUpdateProfile, {
      nickname: 'x',
      headPortrait: 'https://img.example.com/a.png',
    });
    expect(none.body.code).toBe(-1);
    const bad = await call(
      platformApi.ksUpdateProfile,
      { nickname: 'x', headPortrait: 'ftp://a' },
      as('k2', 'mp-kuaishou'),
    );
    expect(bad.body).toMatchObject({ code: -1, data: { field: 'headPortrait' } });
  });
});

describe('WeChat browser sign-in', () => {
  const page = 'http://127.0.0.1/shop/#/pages/index/loadDomain?promoCode=P1';

  it('wechatInfo asks an unknown browser to sign in through wechatAuthorize', async () => {
    const { body } = await call(platformApi.getWechatInfo, { url: page });
    expect(body.data).toMatchObject({ needLogin: true, openId: null });
    const url = new URL(body.data.authorizeUrl, 'http://127.0.0.1');
    expect(url.pathname).toBe('/api/site/wechatAuthorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'base', syncRedirect: page, page: 'login' });
  });

  it('the round trip comes back to the page with platformOpenId, after which wechatInfo knows the user', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/site/wechatAuthorize?type=base&page=login&syncRedirect=${encodeURIComponent(page)}`,
      headers: { host: '127.0.0.1' },
    });
    expect(start.statusCode).toBe(302);
    const callback = new URL(String(start.headers.location));
    expect(callback.pathname).toBe('/api/site/wechatAuthorize/callback');
    const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(back.statusCode).toBe(302);
    const location = String(back.headers.location);
    expect(location.startsWith('http://127.0.0.1/shop/#/pages/index/loadDomain?promoCode=P1&platformOpenId=')).toBe(
      true,
    );
    const openId = decodeURIComponent(location.split('platformOpenId=')[1] ?? '');

    const info = await call(platformApi.getWechatInfo, {}, { 'platform-open-id': openId });
    expect(info.body.data).toMatchObject({ needLogin: false, openId, authorizeUrl: '' });
    // A state is good for one return only.
    const again = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(again.json()).toMatchObject({ code: -1, message: '授权已过期，请重新进入' });
  });

  it('refuses to send the browser back to another site', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/site/wechatAuthorize?type=base&page=login&syncRedirect=${encodeURIComponent('https://evil.example.com/x')}`,
      headers: { host: '127.0.0.1' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('without an app id nobody needs to sign in and wechatAuthorize answers 公众号未配置', async () => {
    t.app.ctx.config.wechat = { gateway: 'simulator' };
    try {
      const { body } = await call(platformApi.getWechatInfo, { url: page });
      expect(body.data).toMatchObject({ needLogin: false, openId: null, authorizeUrl: '' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/site/wechatAuthorize?syncRedirect=${encodeURIComponent(page)}`,
        headers: { host: '127.0.0.1' },
      });
      expect(res.json()).toMatchObject({ code: -1, message: '公众号未配置' });
    } finally {
      t.app.ctx.config.wechat = { ...WECHAT };
    }
  });
});
