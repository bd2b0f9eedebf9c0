import { baseConfig, type EndpointInput, ErrorCode, shopApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../http/sessions.js';
import { callEndpoint, malformed } from '../../test/call.js';
import { insertPromoter } from '../../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

let t: TestApp;

const AGENT_MOBILE = '13800000001';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  await insertPromoter(db, {
    code: 'bound',
    name: '绑定域名店',
    domain: 'shop.example.com',
    invite_code: 'INV1',
    douyin_mp_im_id: 'dy1',
    kuaishou_mp_im_id: 'ks1',
    shop_menu_json: JSON.stringify([{ key: 'k', name: '菜单', path: '/pages/x', switch: 1 }]),
    show_payment_type_json: JSON.stringify(['alipay']),
  });
  await insertPromoter(db, { code: 'closed', enabled: 0 });
  await insertPromoter(db, { code: 'closed-domain', enabled: 0, domain: 'closed.example.com' });
  await insertPromoter(db, { code: 'agent1', is_agent: 1, owner_mobile: AGENT_MOBILE });
  await insertPromoter(db, { code: 'down1', parent_code: 'agent1' });
  await insertPromoter(db, { code: 'downdown', parent_code: 'down1' });
  await insertPromoter(db, { code: 'unrelated' });
  await insertPromoter(db, {
    code: 'broken',
    front_json: 'not json',
    shop_menu_json: '{',
    show_payment_type_json: '"cash"',
  });
  await insertPromoter(db, {
    code: 'partial',
    front_json: JSON.stringify({ title: '部分配置', shopTemplate: 9, indexFirstGroup: 2, fastNav: 'x' }),
  });
});
afterAll(() => t.close());

async function getBase(
  input: EndpointInput<typeof shopApi.getBaseConfig>,
  headers: Record<string, string> = clientHeaders(),
) {
  return callEndpoint(t, shopApi.getBaseConfig, input, { as: headers });
}

describe(`GET /api/hk/baseConfig on ${TEST_DB}`, () => {
  it('answers the demo shop in the documented shape', async () => {
    const body = await getBase({ promoCode: 'demo' });
    expect(body.code).toBe(ErrorCode.OK);
    expect(body.message).toBe('ok');
    const parsed = baseConfig.strict().safeParse(body.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const front = baseConfig.shape.front.strict().safeParse(body.data?.front);
    expect(front.success, JSON.stringify(front.error?.issues)).toBe(true);
    expect(body.data).toMatchObject({
      promoCode: 'demo',
      promoName: '好卡演示店',
      isAgent: 0,
      inviteCode: 'HK2026',
      showPaymentType: ['wxpay', 'alipay'],
      front: { title: '好卡靓号商城', indexFirstGroup: 1, shopTemplate: 1 },
    });
  });

  it('without promoCode answers the default promoter (demo)', async () => {
    const body = await getBase({});
    expect(body.code).toBe(0);
    expect(body.data?.promoCode).toBe('demo');
  });

  it('an empty promoCode counts as absent', async () => {
    expect((await getBase({ promoCode: '' })).data?.promoCode).toBe('demo');
  });

  it('trims the promoCode', async () => {
    expect((await getBase({ promoCode: ' demo ' })).data?.promoCode).toBe('demo');
  });

  it('a promoter bound to the hostname wins over the default', async () => {
    const body = await getBase({}, clientHeaders({ hostname: 'shop.example.com' }));
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      promoCode: 'bound',
      promoName: '绑定域名店',
      domain: 'shop.example.com',
      inviteCode: 'INV1',
      douyinMpImId: 'dy1',
      kuaishouMpImId: 'ks1',
      showPaymentType: ['alipay'],
      shopMenu: [{ key: 'k', name: '菜单', path: '/pages/x', switch: 1 }],
    });
    expect(baseConfig.safeParse(body.data).success).toBe(true);
  });

  it('the hostname binding ignores letter case', async () => {
    expect((await getBase({}, clientHeaders({ hostname: 'SHOP.Example.COM' }))).data?.promoCode).toBe('bound');
  });

  it('without a hostname header the Host name selects the binding', async () => {
    const res = await callEndpoint(t, shopApi.getBaseConfig, {}, { as: { host: 'shop.example.com:8080' } });
    expect(res.data.promoCode).toBe('bound');
  });

  it('an explicit promoCode wins over the hostname binding', async () => {
    const body = await getBase({ promoCode: 'demo' }, clientHeaders({ hostname: 'shop.example.com' }));
    expect(body.data?.promoCode).toBe('demo');
  });

  it('an unbound hostname gets the default', async () => {
    expect((await getBase({}, clientHeaders({ hostname: 'other.example.com' }))).data?.promoCode).toBe('demo');
  });

  it('a disabled promoter bound to the hostname is skipped for the default', async () => {
    expect((await getBase({}, clientHeaders({ hostname: 'closed.example.com' }))).data?.promoCode).toBe('demo');
  });

  it.each(['nosuchshop', 'DEMO', 'closed'])('promoCode %s → -1 店铺不存在或已关闭', async (code) => {
    expect(await getBase({ promoCode: code })).toEqual({
      code: -1,
      message: '店铺不存在或已关闭',
      reason: 'shopClosed',
      data: null,
    });
  });

  it.each([
    ['a space inside', 'a b', '推广码格式不正确', 'promoCodeInvalid'],
    ['a slash', 'a/b', '推广码格式不正确', 'promoCodeInvalid'],
    ['40 characters', 'a'.repeat(40), '参数超出范围：promoCode', 'paramRange'],
  ])('a malformed promoCode (%s) → -1 with data.field promoCode', async (_label, code, message, reason) => {
    expect(await getBase(malformed({ promoCode: code }))).toEqual({
      code: -1,
      message,
      reason,
      data: { field: 'promoCode' },
    });
  });

  it('a repeated promoCode → -1 with data.field promoCode', async () => {
    // A query the typed input cannot even express: raw on purpose.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/hk/baseConfig?promoCode=demo&promoCode=demo',
      headers: clientHeaders(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(-1);
    expect(body.data).toEqual({ field: 'promoCode' });
  });

  it('unreadable stored JSON falls back to the defaults, still in the documented shape', async () => {
    const body = await getBase({ promoCode: 'broken' });
    expect(body.code).toBe(0);
    expect(baseConfig.safeParse(body.data).success).toBe(true);
    expect(body.data).toMatchObject({
      showPaymentType: ['wxpay', 'alipay'],
      shopMenu: [],
      front: { title: '好卡商城', indexFirstGroup: 1, shopTemplate: 1, indexCarousel: [], suggest: null },
    });
  });

  it('one bad front field keeps its default and does not hide the valid ones', async () => {
    const body = await getBase({ promoCode: 'partial' });
    expect(body.code).toBe(0);
    expect(baseConfig.safeParse(body.data).success).toBe(true);
    expect(body.data?.front).toMatchObject({ title: '部分配置', indexFirstGroup: 2, shopTemplate: 1, fastNav: [] });
  });

  describe('agent browsing (33001)', () => {
    let agentSession: string;
    beforeAll(async () => {
      agentSession = await createSession(t.database.handle.db, { mobile: AGENT_MOBILE });
    });

    const asAgent = (promoCode: string) => getBase({ promoCode }, clientHeaders({ 'session-id': agentSession }));

    it.each(['unrelated', 'demo', 'downdown'])('a code that is not a direct downstream (%s) → 33001', async (code) => {
      expect(await asAgent(code)).toEqual({
        code: ErrorCode.NOT_DIRECT_DOWNSTREAM,
        message: '该代理不是您的直属下级',
        reason: 'notDirectDownstream',
        data: { backPromoCode: 'agent1' },
      });
    });

    it('the direct downstream → 0', async () => {
      const body = await asAgent('down1');
      expect(body.code).toBe(0);
      expect(body.data?.promoCode).toBe('down1');
    });

    it('its own code → 0 with isAgent 1', async () => {
      const body = await asAgent('agent1');
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ promoCode: 'agent1', isAgent: 1 });
    });

    it('an unknown code is still -1, not 33001', async () => {
      expect((await asAgent('nosuchshop')).code).toBe(-1);
    });

    it('a shopper who is not an agent may browse any code', async () => {
      const session = await createSession(t.database.handle.db, { mobile: '13900000009' });
      const body = await getBase({ promoCode: 'unrelated' }, clientHeaders({ 'session-id': session }));
      expect(body.code).toBe(0);
    });

    it('without a session anyone may browse any code', async () => {
      expect((await getBase({ promoCode: 'unrelated' })).code).toBe(0);
    });

    it('an expired agent login no longer restricts browsing', async () => {
      const db = t.database.handle.db;
      const session = await createSession(db, { mobile: AGENT_MOBILE });
      await db
        .updateTable('sessions')
        .set({ shopper_expires_at: Date.now() - 1000 })
        .where('id', '=', session)
        .execute();
      expect((await getBase({ promoCode: 'unrelated' }, clientHeaders({ 'session-id': session }))).code).toBe(0);
    });

    it('a disabled agent no longer restricts browsing', async () => {
      const db = t.database.handle.db;
      await insertPromoter(db, { code: 'agent-off', is_agent: 1, owner_mobile: '13800000002', enabled: 0 });
      const session = await createSession(db, { mobile: '13800000002' });
      expect((await getBase({ promoCode: 'unrelated' }, clientHeaders({ 'session-id': session }))).code).toBe(0);
    });
  });
});

describe(`baseConfig without any open shop on ${TEST_DB}`, () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp({ demo: false });
  });
  afterAll(() => empty.close());

  it('no default promoter → -1 店铺不存在或已关闭', async () => {
    const res = await callEndpoint(empty, shopApi.getBaseConfig, {});
    expect(res).toEqual({ code: -1, message: '店铺不存在或已关闭', reason: 'shopClosed', data: null });
  });

  it('a disabled default promoter → -1', async () => {
    await insertPromoter(empty.database.handle.db, { code: 'off-default', is_default: 1, enabled: 0 });
    const res = await callEndpoint(empty, shopApi.getBaseConfig, {});
    expect(res).toEqual({ code: -1, message: '店铺不存在或已关闭', reason: 'shopClosed', data: null });
  });
});

describe(`baseConfig cache on ${TEST_DB}`, () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ config: { configCacheMs: 60_000 } });
  });
  afterAll(() => cached.close());

  it('serves a promoter from the cache per (hostname, promoCode), but never caches an unknown code', async () => {
    const db = cached.database.handle.db;
    const get = (promoCode: string) => callEndpoint(cached, shopApi.getBaseConfig, { promoCode });
    expect((await get('later')).code).toBe(-1);
    await insertPromoter(db, { code: 'later', name: '之后开的店' });
    expect((await get('later')).data.promoName).toBe('之后开的店');
    await db.updateTable('promoters').set({ name: '改名' }).where('code', '=', 'later').execute();
    expect((await get('later')).data.promoName).toBe('之后开的店');
  });

  it('still applies the agent rule to a cached promoter', async () => {
    const db = cached.database.handle.db;
    await insertPromoter(db, { code: 'cagent', is_agent: 1, owner_mobile: '13800000003' });
    const get = (headers: Record<string, string>) =>
      callEndpoint(cached, shopApi.getBaseConfig, { promoCode: 'demo' }, { as: headers });
    expect((await get(clientHeaders())).code).toBe(0);
    const session = await createSession(db, { mobile: '13800000003' });
    expect(await get(clientHeaders({ 'session-id': session }))).toMatchObject({
      code: 33001,
      data: { backPromoCode: 'cagent' },
    });
  });
});
