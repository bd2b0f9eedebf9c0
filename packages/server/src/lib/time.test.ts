import { dateTime } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './time.js';

describe('formatDateTime', () => {
  it('shows the epoch in Shanghai time (UTC+8)', () => {
    expect(formatDateTime(0)).toBe('1970-01-01 08:00:00');
  });

  it('pads every field to two digits', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 2, 1, 3, 4))).toBe('2026-01-02 09:03:04');
  });

  it('moves to the next Shanghai day from 16:00 UTC', () => {
    expect(formatDateTime(Date.UTC(2025, 11, 31, 15, 59, 59))).toBe('2025-12-31 23:59:59');
    expect(formatDateTime(Date.UTC(2025, 11, 31, 16, 0, 0))).toBe('2026-01-01 00:00:00');
  });

  it('handles a leap day', () => {
    expect(formatDateTime(Date.UTC(2028, 1, 29, 4, 0, 0))).toBe('2028-02-29 12:00:00');
  });

  it('drops milliseconds instead of rounding up', () => {
    expect(formatDateTime(Date.UTC(2026, 5, 1, 0, 0, 59, 999))).toBe('2026-06-01 08:00:59');
  });

  it('does not depend on the process time zone', () => {
    const ms = Date.UTC(2026, 6, 15, 12, 30, 0);
    expect(formatDateTime(ms)).toBe('2026-07-15 20:30:00');
    expect(formatDateTime(ms)).not.toBe(new Date(ms).toISOString().slice(0, 19).replace('T', ' '));
  });

  it('always matches the contract DateTime scalar', () => {
    for (const ms of [0, 1, 86_399_999, Date.UTC(1999, 11, 31, 23, 59, 59), Date.UTC(2099, 0, 1)]) {
      expect(dateTime.safeParse(formatDateTime(ms)).success, String(ms)).toBe(true);
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (value) => {
    expect(() => formatDateTime(value)).toThrow(RangeError);
  });
});
