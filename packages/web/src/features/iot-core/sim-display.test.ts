import { describe, expect, it } from 'vitest';
import { groupMenus, homeMenus, layoutTarget } from './menu-rules';
import {
  blockingPrompts,
  flowRing,
  formatFlow,
  isRealnameReminder,
  localDay,
  shouldShowPopup,
  surplusLabel,
} from './sim-display';
import { menuFixture, simFixture } from './sim-fixture';

describe('flow display', () => {
  it('shows GB with 2 decimals from 1024 MB, MB below', () => {
    expect(formatFlow(1024)).toBe('1.00GB');
    expect(formatFlow(7680)).toBe('7.50GB');
    expect(formatFlow(512.5)).toBe('512.5MB');
    expect(formatFlow(0)).toBe('0MB');
  });
  it('clamps the ring to 0–100 and shows used only for an unlimited card', () => {
    expect(flowRing({ useFlow: 2560, totalFlow: 10240, isInfiniteFlow: 0 })).toEqual({ percent: 25, unlimited: false });
    expect(flowRing({ useFlow: 20000, totalFlow: 10240, isInfiniteFlow: 0 }).percent).toBe(100);
    expect(flowRing({ useFlow: 5, totalFlow: 0, isInfiniteFlow: 0 }).percent).toBe(0);
    expect(flowRing({ useFlow: 5, totalFlow: 0, isInfiniteFlow: 1 })).toEqual({ percent: 100, unlimited: true });
  });
});

describe('lifetime label (spec §9)', () => {
  it.each([
    [20, 3, 'lifetime'],
    [99, 3, 'lifetime'],
    [19, 3, 'duration'],
    [30, 1, 'duration'],
    [24, 2, 'duration'],
  ])('%s in unit %s → %s', (surplusTime, surplusUnit, kind) => {
    expect(surplusLabel({ surplusTime, surplusUnit }).kind).toBe(kind);
  });
});

describe('blocking prompts', () => {
  it('asks bindPhone, realname, platform auth, coupon, package in that order', () => {
    const all = simFixture({
      bindPhoneMode: 2,
      mobile: '',
      needAuth: 1,
      authStatus: 0,
      needPlatformAuth: 1,
      needBuyCoupon: 1,
      needBuyPackage: 1,
    });
    expect(blockingPrompts(all)).toEqual(['bindPhone', 'realname', 'platformAuth', 'couponChoose', 'buyPackage']);
    expect(blockingPrompts({ ...all, breakRuleId: 3 })[0]).toBe('violation');
    expect(blockingPrompts({ ...all, mobile: '138****0000' })[0]).toBe('realname');
    expect(blockingPrompts({ ...all, bindPhoneMode: 1, mobile: '' })[0]).toBe('realname');
    expect(blockingPrompts(simFixture({ needBuyPackage: 1 }))).toEqual(['buyPackage']);
    expect(blockingPrompts(simFixture())).toEqual([]);
  });

  it('never asks a card for a real-name it has done, or that is under review', () => {
    const needs = simFixture({ needAuth: 1, authStatus: 0, needPlatformAuth: 1, authPlatformStatus: 0 });
    expect(blockingPrompts(needs)).toEqual(['realname', 'platformAuth']);
    expect(blockingPrompts({ ...needs, authStatus: 1, authPlatformStatus: 1 })).toEqual([]);
    expect(blockingPrompts({ ...needs, authStatus: 2, authPlatformStatus: 2 })).toEqual([]);
    expect(blockingPrompts({ ...needs, authStatus: 3 })).toEqual(['realname', 'platformAuth']);
  });
});

describe('layout popup', () => {
  const popup = { switch: 1, title: '公告', content: '内容' } as const;
  it('shows when on and not prevented today for this card', () => {
    expect(shouldShowPopup(popup, {}, 'A', '2026-01-05')).toBe(true);
    expect(shouldShowPopup(popup, { A: '2026-01-05' }, 'A', '2026-01-05')).toBe(false);
    expect(shouldShowPopup(popup, { A: '2026-01-04' }, 'A', '2026-01-05')).toBe(true);
    expect(shouldShowPopup(popup, { B: '2026-01-05' }, 'A', '2026-01-05')).toBe(true);
    expect(shouldShowPopup({ ...popup, switch: 0 }, {}, 'A', '2026-01-05')).toBe(false);
  });
  it('a real-name reminder (audience unverified) shows only to a card that is not real-named', () => {
    const reminder = { ...popup, audience: 'unverified' } as const;
    expect(shouldShowPopup(reminder, {}, 'A', '2026-01-05', { authStatus: 0 })).toBe(true);
    expect(shouldShowPopup(reminder, {}, 'A', '2026-01-05', { authStatus: 3 })).toBe(true);
    expect(shouldShowPopup(reminder, {}, 'A', '2026-01-05', { authStatus: 1 })).toBe(false);
    expect(shouldShowPopup(reminder, {}, 'A', '2026-01-05', { authStatus: 2 })).toBe(false);
    expect(shouldShowPopup(reminder, {}, 'A', '2026-01-05')).toBe(false);
    expect(shouldShowPopup({ ...popup, audience: 'all' }, {}, 'A', '2026-01-05', { authStatus: 1 })).toBe(true);
    expect(isRealnameReminder(reminder)).toBe(true);
    expect(isRealnameReminder(popup)).toBe(false);
  });
  it('days are local YYYY-MM-DD', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('menus', () => {
  const menus = [...Array.from({ length: 12 }, (_, i) => menuFixture(i + 1)), menuFixture(99, { switch: 0 })];
  it('home shows the first maxMenuTimes switched-on menus then 更多', () => {
    const { items, more } = homeMenus(menus, 10);
    expect(items.map((m) => m.key)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    expect(more).toBe(true);
    expect(homeMenus(menus, 0).items).toHaveLength(10);
    expect(homeMenus(menus, 12)).toMatchObject({ more: false });
    expect(homeMenus(menus, 20).items).toHaveLength(12);
  });
  it('groups switched-on menus by group in first-seen order', () => {
    const grouped = groupMenus(
      [
        menuFixture(1, { group: '卡务' }),
        menuFixture(2),
        menuFixture(3, { group: '卡务' }),
        menuFixture(4, { group: '权益', switch: 0 }),
      ],
      '常用',
    );
    expect(grouped.map((g) => [g.group, g.items.map((m) => m.key)])).toEqual([
      ['卡务', ['m1', 'm3']],
      ['常用', ['m2']],
    ]);
  });
  it('an http path opens in the web view, a route as is', () => {
    expect(layoutTarget('https://x.example/a?b=1', 'X')).toBe(
      `/pages/webview/index?url=${encodeURIComponent('https://x.example/a?b=1')}&title=X`,
    );
    expect(layoutTarget('/pages/iot/index/package/index')).toBe('/pages/iot/index/package/index');
    expect(layoutTarget('')).toBeNull();
  });
});
