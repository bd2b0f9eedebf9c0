import { describe, expect, it } from 'vitest';
import { baseConfigFixture } from '../../test/render-route';
import { layoutFixture, menuFixture, simFixture } from '../iot-core/sim-fixture';
import { couponFixture, vipOrderFixture } from './test-fixtures';
import { MORE_ENTRY_KEY, serviceContacts, usableCouponCount, userEntries, vipCardState } from './user-rules';

const service = { title: '', kefuUrl: '', mobile: '', qr: '' };

describe('vipCardState', () => {
  it('a valid membership shows its card, a queued one 待生效, anything else 开通会员', () => {
    expect(vipCardState(vipOrderFixture()).kind).toBe('valid');
    expect(vipCardState(vipOrderFixture({ validTag: 0, status: 2 })).kind).toBe('queued');
    expect(vipCardState(vipOrderFixture({ validTag: 0, status: 3 })).kind).toBe('none');
    expect(vipCardState(vipOrderFixture({ validTag: 0, status: 0 })).kind).toBe('none');
    expect(vipCardState(null).kind).toBe('none');
  });
});

describe('userEntries', () => {
  const user = (elements = [menuFixture(1)], maxMenuTimes = 10) => ({
    elements,
    carousels: [],
    maxMenuTimes,
    service,
  });

  it('keeps switched-on elements and adds 更多 → user/moreMenu past maxMenuTimes', () => {
    const elements = [1, 2, 3, 4].map((n) => menuFixture(n)).concat(menuFixture(5, { switch: 0 }));
    expect(userEntries(user(elements, 4), '更多').map((m) => m.key)).toEqual(['m1', 'm2', 'm3', 'm4']);
    const entries = userEntries(user(elements, 3), '更多');
    expect(entries.map((m) => m.key)).toEqual(['m1', 'm2', 'm3', MORE_ENTRY_KEY]);
    expect(entries[3]).toMatchObject({ name: '更多', path: '/pages-sub/iot/user/moreMenu' });
  });

  it('maxMenuTimes 0 means the default 10', () => {
    const elements = Array.from({ length: 11 }, (_, i) => menuFixture(i + 1));
    expect(userEntries(user(elements, 0), '更多')).toHaveLength(11);
    expect(userEntries(user(elements, 0), '更多')[10]?.key).toBe(MORE_ENTRY_KEY);
  });
});

describe('serviceContacts', () => {
  const { front } = baseConfigFixture({
    kefuUrl: 'https://front.example.com',
    kefuMobile: '4000000000',
    kefuQr: '/front-qr.png',
  });

  it('takes the layout service field by field, then the card layout kefuUrl, then the shop front', () => {
    const sim = simFixture({
      simLayout: layoutFixture({
        kefuUrl: 'https://layout.example.com',
        user: { elements: [], carousels: [], maxMenuTimes: 10, service: { ...service, mobile: '4008001234' } },
      }),
    });
    expect(serviceContacts(sim, front)).toEqual({
      title: '',
      kefuUrl: 'https://layout.example.com',
      mobile: '4008001234',
      qr: '/front-qr.png',
    });
    expect(serviceContacts(simFixture(), undefined)).toEqual({ title: '', kefuUrl: '', mobile: '', qr: '' });
  });
});

describe('usableCouponCount', () => {
  it('counts unused coupons usable now', () => {
    expect(
      usableCouponCount([
        couponFixture({ id: 1 }),
        couponFixture({ id: 2 }),
        couponFixture({ id: 3, status: 3, usable: false }),
        couponFixture({ id: 4, status: 1, usable: false, reason: '不可用' }),
      ]),
    ).toBe(2);
  });
});
