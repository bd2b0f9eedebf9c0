import { describe, expect, it } from 'vitest';
import {
  activityBlock,
  canStillPay,
  cashierPhase,
  couponsByMonth,
  initialPayType,
  parseCustomAmount,
  signedYuan,
  sortCurrentPackages,
  usagePercent,
} from './money-rules';
import { orderLogTabOf } from './paths';

// 2026-03-01 12:00:00 in Asia/Shanghai.
const NOW = Date.UTC(2026, 2, 1, 4, 0, 0);

describe('money rules', () => {
  it('accepts a custom amount only as whole yuan within min..max', () => {
    expect(parseCustomAmount('50', 1, 5000)).toBe(50);
    expect(parseCustomAmount(' 5000 ', 1, 5000)).toBe(5000);
    expect(parseCustomAmount('5001', 1, 5000)).toBeNull();
    expect(parseCustomAmount('0', 0, 5000)).toBeNull();
    expect(parseCustomAmount('9', 10, 100)).toBeNull();
    expect(parseCustomAmount('12.5', 1, 5000)).toBeNull();
    expect(parseCustomAmount('', 1, 5000)).toBeNull();
    expect(parseCustomAmount('-3', 1, 5000)).toBeNull();
  });

  it('signs ledger amounts: credits green with +, debits red with -', () => {
    expect(signedYuan('10.00')).toEqual({ text: '+¥10.00', credit: true });
    expect(signedYuan('-9.90')).toEqual({ text: '-¥9.90', credit: false });
  });

  it('groups coupons by month in order', () => {
    const coupon = (monthIndex: number, name: string) => ({ name, amount: '10.00', count: 1, monthIndex });
    expect(couponsByMonth([coupon(2, 'b'), coupon(1, 'a'), coupon(2, 'c')])).toEqual([
      { month: 1, items: [coupon(1, 'a')] },
      { month: 2, items: [coupon(2, 'b'), coupon(2, 'c')] },
    ]);
  });

  it('blocks a sold-out activity or one whose limit the card reached', () => {
    expect(activityBlock({ stock: null, limitTimes: 0, boughtTimes: 9 })).toBeNull();
    expect(activityBlock({ stock: 0, limitTimes: 0, boughtTimes: 0 })).toBe('soldOut');
    expect(activityBlock({ stock: 3, limitTimes: 1, boughtTimes: 1 })).toBe('limitReached');
    expect(activityBlock({ stock: 3, limitTimes: 2, boughtTimes: 1 })).toBeNull();
  });

  it('puts active packages first, then queued ones by start', () => {
    const list = [
      { status: 1, startAt: '2026-04-01 00:00:00', id: 'q2' },
      { status: 1, startAt: '2026-03-15 00:00:00', id: 'q1' },
      { status: 2, startAt: '2026-02-01 00:00:00', id: 'a' },
    ];
    expect(sortCurrentPackages(list).map((p) => p.id)).toEqual(['a', 'q1', 'q2']);
  });

  it('clamps usage to 0–100 and labels lifetime durations', () => {
    expect(usagePercent(512, 1024)).toBe(50);
    expect(usagePercent(3000, 1024)).toBe(100);
    expect(usagePercent(10, 0)).toBe(0);
  });

  it('lets a 待支付 row be paid until it expires', () => {
    expect(canStillPay({ status: 0, expireAt: '2026-03-01 12:10:00' }, NOW)).toBe(true);
    expect(canStillPay({ status: 0, expireAt: '2026-03-01 11:59:00' }, NOW)).toBe(false);
    expect(canStillPay({ status: 0 }, NOW)).toBe(true);
    expect(canStillPay({ status: 1, expireAt: null }, NOW)).toBe(false);
  });

  it('preselects the order own pay type when offered', () => {
    expect(initialPayType(['wxpay', 'alipay'], 'alipay')).toBe('alipay');
    expect(initialPayType(['wxpay', 'alipay'], 'balance')).toBe('wxpay');
    expect(initialPayType([], 'wxpay')).toBeUndefined();
  });

  it('decides what the cashier shows', () => {
    const order = (patch: Partial<Parameters<typeof cashierPhase>[0]>) => ({
      kind: 'balance' as const,
      payStatus: 0,
      orderStatus: 0,
      expireAt: '2026-03-01 12:15:00',
      ...patch,
    });
    expect(cashierPhase(order({}), false, NOW)).toBe('form');
    expect(cashierPhase(order({}), true, NOW)).toBe('checking');
    expect(cashierPhase(order({ payStatus: 2, orderStatus: 1 }), true, NOW)).toBe('paid');
    expect(cashierPhase(order({ payStatus: 3, orderStatus: 2 }), false, NOW)).toBe('closed');
    expect(cashierPhase(order({ orderStatus: 2 }), false, NOW)).toBe('closed');
    expect(cashierPhase(order({ expireAt: '2026-03-01 11:00:00' }), false, NOW)).toBe('closed');
    expect(cashierPhase(order({ kind: 'package', orderStatus: 5 }), false, NOW)).toBe('closed');
    expect(cashierPhase(order({ kind: 'package', orderStatus: 2 }), false, NOW)).toBe('paid');
  });

  it('reads the 订单记录 tab, 套餐订单 by default', () => {
    expect(orderLogTabOf('balance')).toBe('balance');
    expect(orderLogTabOf('balanceLog')).toBe('balanceLog');
    expect(orderLogTabOf('nope')).toBe('package');
    expect(orderLogTabOf(undefined)).toBe('package');
  });
});
