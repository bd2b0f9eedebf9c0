import { ORDER_SN_PREFIX } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import { newOrderSn, shanghaiToday } from './order-sn.js';

describe('order numbers', () => {
  const now = Date.parse('2026-11-26T08:30:15.250Z');

  it('are the prefix, the Shanghai time to the second and six digits', () => {
    expect(newOrderSn('shop', now)).toMatch(/^SO20261126163015\d{6}$/);
    expect(newOrderSn('package', now).startsWith(ORDER_SN_PREFIX.package)).toBe(true);
  });

  it('are never issued twice by one process within a second', () => {
    const sns = Array.from({ length: 20_000 }, (_, i) => newOrderSn('shop', now + (i % 700)));
    expect(new Set(sns).size).toBe(sns.length);
  });

  it('remember a second while the next ones are issued', () => {
    const later = now + 1_000;
    const first = Array.from({ length: 5_000 }, () => newOrderSn('balance', now));
    for (let i = 0; i < 1_000; i += 1) newOrderSn('balance', later);
    const again = Array.from({ length: 5_000 }, () => newOrderSn('balance', now));
    expect(new Set([...first, ...again]).size).toBe(10_000);
  });

  it('date by Asia/Shanghai', () => {
    expect(shanghaiToday(Date.parse('2026-11-26T16:30:00Z'))).toEqual([2026, 11, 27]);
  });
});
