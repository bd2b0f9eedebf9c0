import { describe, expect, it } from 'vitest';
import { type AlertFields, DEFAULT_ALERT_SETTINGS, dueAlerts, quietUntil, usagePeriod } from './card-alerts.js';

const DAY = 86_400_000;
/** 2026-06-10 10:00 Shanghai. */
const NOW = Date.parse('2026-06-10T10:00:00+08:00');

const card = (patch: Partial<AlertFields> = {}): AlertFields => ({
  totalFlow: 1000,
  useFlow: 0,
  isInfiniteFlow: 0,
  endAt: Date.parse('2026-06-30T23:59:59+08:00'),
  balanceFen: 5000,
  rechargeTimes: 2,
  ...patch,
});

describe('quietUntil', () => {
  it.each([
    ['2026-06-10T21:59:59+08:00', null],
    ['2026-06-10T22:00:00+08:00', '2026-06-11T08:00:00+08:00'],
    ['2026-06-10T23:30:00+08:00', '2026-06-11T08:00:00+08:00'],
    ['2026-06-11T00:00:00+08:00', '2026-06-11T08:00:00+08:00'],
    ['2026-06-11T07:59:59+08:00', '2026-06-11T08:00:00+08:00'],
    ['2026-06-11T08:00:00+08:00', null],
    ['2026-06-11T12:00:00+08:00', null],
  ])('at %s waits until %s', (at, until) => {
    expect(quietUntil(Date.parse(at))).toBe(until === null ? null : Date.parse(until));
  });
});

describe('dueAlerts', () => {
  it('gives the highest usage threshold crossed, in the pool’s period', () => {
    expect(dueAlerts(card({ useFlow: 799 }), DEFAULT_ALERT_SETTINGS, NOW)).toEqual([]);
    expect(dueAlerts(card({ useFlow: 800 }), DEFAULT_ALERT_SETTINGS, NOW)).toEqual([
      { kind: 'usage', threshold: 80, period: '2026-06-30' },
    ]);
    expect(dueAlerts(card({ useFlow: 1000 }), DEFAULT_ALERT_SETTINGS, NOW)).toEqual([
      { kind: 'usage', threshold: 100, period: '2026-06-30' },
    ]);
  });

  it('keys a pool without an end by the month, and has no usage alert for an unlimited or empty pool', () => {
    expect(usagePeriod({ endAt: null }, NOW)).toBe('2026-06');
    expect(dueAlerts(card({ useFlow: 900, endAt: null }), DEFAULT_ALERT_SETTINGS, NOW)[0]?.period).toBe('2026-06');
    expect(dueAlerts(card({ useFlow: 900, isInfiniteFlow: 1 }), DEFAULT_ALERT_SETTINGS, NOW)).toEqual([]);
    expect(dueAlerts(card({ totalFlow: 0 }), DEFAULT_ALERT_SETTINGS, NOW)).toEqual([]);
  });

  it('gives the fewest expiry days crossed, and nothing once the package ended', () => {
    const endAt = NOW + 10 * DAY;
    expect(dueAlerts(card({ endAt }), DEFAULT_ALERT_SETTINGS, endAt - 7 * DAY - 1)).toEqual([]);
    expect(dueAlerts(card({ endAt }), DEFAULT_ALERT_SETTINGS, endAt - 7 * DAY)).toEqual([
      { kind: 'expiry', threshold: 7, period: '2026-06-20' },
    ]);
    expect(dueAlerts(card({ endAt }), DEFAULT_ALERT_SETTINGS, endAt - 3_600_000)).toEqual([
      { kind: 'expiry', threshold: 1, period: '2026-06-20' },
    ]);
    expect(dueAlerts(card({ endAt }), DEFAULT_ALERT_SETTINGS, endAt)).toEqual([]);
  });

  it('keys a low balance by the top-up episode', () => {
    const settings = { ...DEFAULT_ALERT_SETTINGS, usageThresholds: [], expiryDays: [], lowBalanceFen: 1000 };
    expect(dueAlerts(card({ balanceFen: 1000 }), settings, NOW)).toEqual([]);
    expect(dueAlerts(card({ balanceFen: 999 }), settings, NOW)).toEqual([
      { kind: 'balance', threshold: 1000, period: 'r2' },
    ]);
  });
});
