import { describe, expect, it } from 'vitest';
import { layoutFixture, menuFixture } from '../iot-core/sim-fixture';
import {
  featuredProduct,
  layoutOffers,
  membershipOf,
  orderFilterOf,
  shouldOfferVipPromo,
  timeLeft,
} from './member-rules';
import { vipOrderFixture } from './test-fixtures';

describe('VIP and acceleration rules', () => {
  it('features the first tagged product, else the first, else none', () => {
    expect(featuredProduct([{ tag: '' }, { tag: '推荐' }, { tag: '超值' }])).toEqual({ tag: '推荐' });
    expect(featuredProduct([{ tag: '' }, { tag: ' ' }])).toEqual({ tag: '' });
    expect(featuredProduct([])).toBeNull();
  });

  it('reads a membership: valid by validTag, queued by status 2, else none', () => {
    expect(membershipOf(vipOrderFixture())).toEqual({ kind: 'valid', endAt: '2026-02-01 10:00:00' });
    // Status 1 whose run has ended (validTag 0) is not valid any more.
    expect(membershipOf(vipOrderFixture({ validTag: 0 }))).toEqual({ kind: 'none' });
    expect(membershipOf(vipOrderFixture({ status: 2, validTag: 0, startAt: '2026-02-01 10:00:00' }))).toEqual({
      kind: 'queued',
      startAt: '2026-02-01 10:00:00',
    });
    expect(membershipOf(null)).toEqual({ kind: 'none' });
  });

  it('counts whole days and hours left, never below zero', () => {
    const now = Date.UTC(2026, 0, 1, 2, 0, 0); // 2026-01-01 10:00 in Shanghai
    expect(timeLeft('2026-01-04 15:00:00', now)).toEqual({ days: 3, hours: 5 });
    expect(timeLeft('2026-01-01 10:30:00', now)).toEqual({ days: 0, hours: 1 });
    expect(timeLeft('2025-12-31 00:00:00', now)).toEqual({ days: 0, hours: 0 });
    expect(timeLeft(null, now)).toBeNull();
  });

  it('offers the promo once a day, to a card without membership whose layout offers 会员中心', () => {
    const vipMenu = menuFixture(9, { key: 'vip' });
    const layout = layoutFixture({ menus: [vipMenu] });
    const card = { vipOrder: null, simLayout: layout };
    expect(shouldOfferVipPromo(card, {}, 'S1', '2026-01-01')).toBe(true);
    expect(shouldOfferVipPromo(card, { S1: '2026-01-01' }, 'S1', '2026-01-01')).toBe(false);
    expect(shouldOfferVipPromo(card, { S1: '2025-12-31' }, 'S1', '2026-01-01')).toBe(true);
    expect(shouldOfferVipPromo({ ...card, vipOrder: vipOrderFixture() }, {}, 'S1', '2026-01-01')).toBe(false);
    expect(
      shouldOfferVipPromo({ ...card, vipOrder: vipOrderFixture({ status: 2, validTag: 0 }) }, {}, 'S1', '2026-01-01'),
    ).toBe(false);
    const off = layoutFixture({ menus: [{ ...vipMenu, switch: 0 }] });
    expect(shouldOfferVipPromo({ vipOrder: null, simLayout: off }, {}, 'S1', '2026-01-01')).toBe(false);
    expect(layoutOffers(layoutFixture({ user: { ...layout.user, elements: [vipMenu] } }), 'vip')).toBe(true);
  });

  it('reads the records filter from the query', () => {
    expect(orderFilterOf(undefined)).toBeNull();
    expect(orderFilterOf('')).toBeNull();
    expect(orderFilterOf('4')).toBe(4);
    expect(orderFilterOf('5')).toBeNull();
    expect(orderFilterOf('x')).toBeNull();
  });
});
