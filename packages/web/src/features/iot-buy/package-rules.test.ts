import { describe, expect, it } from 'vitest';
import {
  durationOf,
  initialCouponId,
  initialEffectType,
  initialPayType,
  isSoldOut,
  packageTabs,
  payableFen,
  preconditionOf,
  preconditionTarget,
  purchaseLimit,
  showsOriginalPrice,
  verifyFailure,
} from './package-rules';

const amount = (value: string) => ({ type: 1, amount: value, discount: null });
const discount = (value: number) => ({ type: 2, amount: '0.00', discount: value });

describe('package rules', () => {
  it('reads durations with the lifetime rule (years ≥ 20)', () => {
    expect(durationOf({ duration: 30, durationUnit: 1 })).toEqual({ kind: 'duration', value: 30, unit: 1 });
    expect(durationOf({ duration: 19, durationUnit: 3 })).toEqual({ kind: 'duration', value: 19, unit: 3 });
    expect(durationOf({ duration: 20, durationUnit: 3 })).toEqual({ kind: 'lifetime' });
    expect(durationOf({ duration: 24, durationUnit: 2 })).toEqual({ kind: 'duration', value: 24, unit: 2 });
  });

  it('sold out, purchase limits, struck-through price and the tabs', () => {
    expect(isSoldOut({ stock: null })).toBe(false);
    expect(isSoldOut({ stock: 0 })).toBe(true);
    expect(isSoldOut({ stock: 2 })).toBe(false);
    expect(purchaseLimit({ limitTimes: null, boughtTimes: 4 })).toBeNull();
    expect(purchaseLimit({ limitTimes: 0, boughtTimes: 4 })).toBeNull();
    expect(purchaseLimit({ limitTimes: 2, boughtTimes: 2 })).toEqual({ limit: 2, bought: 2, reached: true });
    expect(showsOriginalPrice({ price: '9.90', originalPrice: '19.90' })).toBe(true);
    expect(showsOriginalPrice({ price: '9.90', originalPrice: '9.90' })).toBe(false);
    expect(packageTabs([{ packageType: 1 }])).toEqual([1, 2]);
    expect(packageTabs([{ packageType: 3 }])).toEqual([1, 2, 3]);
  });

  it('应付 = price − coupon, never below 0; discounts round in the buyer’s favour', () => {
    expect(payableFen('29.90', null)).toBe(2990);
    expect(payableFen('29.90', amount('5.00'))).toBe(2490);
    expect(payableFen('3.00', amount('5.00'))).toBe(0);
    expect(payableFen('29.90', discount(9.5))).toBe(2840);
    expect(payableFen('10.00', discount(8))).toBe(800);
  });

  it('initial choices', () => {
    const c = (id: number, usable: boolean, status = 1) => ({
      id,
      usable,
      status,
      name: '',
      type: 1,
      amount: '1.00',
      discount: null,
      threshold: '0.00',
      scope: 'all' as const,
      packageIds: [],
      startAt: '',
      endAt: '',
    });
    expect(initialCouponId([c(1, true), c(2, true)], 2)).toBe(2);
    expect(initialCouponId([c(1, true), c(2, false)], 2)).toBeNull();
    expect(initialCouponId([c(1, true), c(2, true, 2)], 2)).toBeNull();
    expect(initialCouponId([c(1, true)], null)).toBeNull();
    expect(initialEffectType([1, 2, 3], 3)).toBe(3);
    expect(initialEffectType([2, 3], 1)).toBe(2);
    expect(initialPayType(['balance', 'wxpay'], true)).toBe('balance');
    expect(initialPayType(['balance', 'alipay'], false)).toBe('alipay');
    expect(initialPayType(['balance'], false)).toBeNull();
  });

  it('reads 41001 and 41002 answers', () => {
    expect(verifyFailure({ field: 'payPassword', remainTimes: 3 })).toEqual({ locked: false, remainTimes: 3 });
    expect(verifyFailure({ field: 'payPassword', remainTimes: 0 })).toEqual({ locked: true, lockedUntil: null });
    expect(verifyFailure({ remainTimes: 2, lockedUntil: '2026-01-02 00:00:00' })).toEqual({
      locked: true,
      lockedUntil: '2026-01-02 00:00:00',
    });
    expect(preconditionOf({ action: 'realname', message: '请先实名' })).toEqual({
      action: 'realname',
      message: '请先实名',
    });
    expect(preconditionOf({ action: 'nope' })).toBeNull();
    expect(preconditionOf(null)).toBeNull();
    expect(preconditionTarget('platformAuth', '/x')).toBe('/pages/iot/index/realnameAuth/platform/index');
    expect(preconditionTarget('payPassword', '/pages/iot/index/package/details/index?packageId=1')).toBe(
      `/pages/iot/index/payPassword/index?redirect=${encodeURIComponent('/pages/iot/index/package/details/index?packageId=1')}`,
    );
  });
});
