/**
 * The console's promoters over the real app and a real database (SQLite and PostgreSQL): an operator
 * creates a promoter and changes its branding and home carousel; the shop's baseConfig shows the change
 * at once on this instance (its configuration cache is on here); each save is audited with the fields it
 * changed; the CLI's refusals are the console's too; only content writers save, content readers read.
 */
import { adminApi, type PromoterSettings } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';

let t: TestApp;
let owner: StaffSignIn;
let operator: StaffSignIn;
let support: StaffSignIn;
let finance: StaffSignIn;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-05T02:00:00Z'));
  t = await createTestApp({ demoNumbers: 0, config: { configCacheMs: 600_000 } });
  owner = await activeStaff(t, 'boss', 'owner');
  nextTotpStep();
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function baseConfig(promoCode: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/hk/baseConfig?promoCode=${promoCode}`,
    headers: clientHeaders(),
  });
  return res.json();
}

const save = (code: string, settings: PromoterSettings, create = false, as = operator) =>
  staffCall(t, adminApi.savePromoter, { code, create, settings }, { as });

const auditOf = async (target: string) =>
  (await staffCall(t, adminApi.auditLog, { page: 1, pageSize: 50, target }, { as: owner })).body.data.list;

describe(`the console's promoters on ${TEST_DB}`, () => {
  it('creates a promoter, then its shop shows the new title, logo and home carousel at once', async () => {
    const created = await save('spring', { name: 'Spring Mobile', front: { title: 'Spring 靓号' } }, true);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      result: 'created',
      promoter: { code: 'spring', isDefault: 0, settings: { name: 'Spring Mobile', enabled: 1 } },
    });
    expect(created.body.data.promoter.settings.front).toMatchObject({ title: 'Spring 靓号', shopTemplate: 1 });
    // The shop reads it now: it is in this instance's cache from here on.
    expect((await baseConfig('spring')).data.front.title).toBe('Spring 靓号');

    const banner = `/media/${'b'.repeat(64)}.png`;
    const updated = await save('spring', {
      front: {
        title: 'Spring 号码商城',
        logo: `/media/${'c'.repeat(64)}.webp`,
        indexCarousel: [
          { image: banner, path: '/pages/number/index' },
          { image: 'https://cdn.example.com/2.jpg', path: '' },
        ],
      },
      showPaymentType: ['alipay'],
    });
    expect(updated.body.data.result).toBe('updated');
    const shop = (await baseConfig('spring')).data;
    expect(shop.front).toMatchObject({
      title: 'Spring 号码商城',
      logo: `/media/${'c'.repeat(64)}.webp`,
      indexCarousel: [
        { image: banner, path: '/pages/number/index' },
        { image: 'https://cdn.example.com/2.jpg', path: '' },
      ],
    });
    expect(shop.promoName).toBe('Spring Mobile');

    const got = await staffCall(t, adminApi.getPromoter, { code: 'spring' }, { as: support });
    expect(got.body.data.settings.front.indexCarousel).toHaveLength(2);
    expect(got.body.data.settings.showPaymentType).toEqual(['alipay']);
  });

  it('audits a creation with its settings and an update with only the fields it changed', async () => {
    await save('audited', { name: 'Audited' }, true);
    await save('audited', { front: { title: 'New title' }, enabled: 1 });
    const lines = await auditOf('promoter:audited');
    expect(lines.map((l) => l.action)).toEqual(['promoter.update', 'promoter.create']);
    expect(lines[0]).toMatchObject({
      actor: 'olga',
      before: { 'front.title': '好卡商城' },
      after: { 'front.title': 'New title' },
    });
    expect(lines[1]).toMatchObject({ before: null, after: { name: 'Audited', enabled: 1 } });
    // The same settings again change nothing and write no line.
    expect((await save('audited', { front: { title: 'New title' } })).body.data.result).toBe('unchanged');
    expect(await auditOf('promoter:audited')).toHaveLength(2);
  });

  it('refuses what the CLI refuses, with reasons', async () => {
    await save('taken', { domain: 'taken.example.com' }, true);
    const cases: [ReturnType<typeof save>, string, unknown][] = [
      [save('taken', { name: 'again' }, true), 'promoterExists', { code: 'taken' }],
      [save('nobody', { name: 'x' }), 'promoterNotFound', { code: 'nobody' }],
      [save('taken', { parentCode: 'spring' }), 'promoterParentInvalid', { parentCode: 'spring' }],
      [
        save('spring', { domain: 'taken.example.com' }),
        'promoterDomainTaken',
        { domain: 'taken.example.com', code: 'taken' },
      ],
      [save('taken', { isDefault: 1, enabled: 0 }), 'promoterDefaultClosed', null],
    ];
    for (const [answer, reason, data] of cases) {
      const res = await answer;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: -1, reason, data });
    }
    expect((await staffCall(t, adminApi.getPromoter, { code: 'nobody' }, { as: operator })).body).toMatchObject({
      code: -1,
      reason: 'promoterNotFound',
    });
  });

  it('lists promoters by keyword, the default first', async () => {
    const all = await staffCall(t, adminApi.listPromoters, { page: 1, pageSize: 100 }, { as: support });
    expect(all.body.data.list[0]?.isDefault).toBe(1);
    const found = await staffCall(
      t,
      adminApi.listPromoters,
      { page: 1, pageSize: 20, keyword: 'SPRING' },
      { as: support },
    );
    expect(found.body.data.list.map((r) => r.code)).toEqual(['spring']);
    expect(found.body.data.list[0]).toMatchObject({ name: 'Spring Mobile', enabled: 1, isAgent: 0, parentCode: null });
  });

  it('lets support and finance read but not save; no session is 401', async () => {
    for (const who of [support, finance]) {
      const res = await save('spring', { front: { title: 'hijacked' } }, false, who);
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('staffForbidden');
    }
    expect((await staffCall(t, adminApi.listPromoters, { page: 1, pageSize: 20 })).status).toBe(401);
    expect((await baseConfig('spring')).data.front.title).toBe('Spring 号码商城');
  });
});
