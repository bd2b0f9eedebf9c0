import { describe, expect, it } from 'vitest';
import { type GreetingPeriod, greetingPeriod } from './greeting.js';

const EXPECTED: GreetingPeriod[] = [
  'evening', // 0
  'evening',
  'evening',
  'evening',
  'evening',
  'evening', // 5
  'morning', // 6
  'morning',
  'morning',
  'morning',
  'morning', // 10
  'noon', // 11
  'noon',
  'noon', // 13
  'afternoon', // 14
  'afternoon',
  'afternoon',
  'afternoon',
  'afternoon',
  'afternoon', // 19
  'evening', // 20
  'evening', // 21
  'lateNight', // 22
  'lateNight', // 23
];

describe('greetingPeriod', () => {
  it.each(EXPECTED.map((period, hour) => [hour, period] as const))('hour %i → %s', (hour, period) => {
    expect(greetingPeriod(hour)).toBe(period);
  });

  it('covers all 24 hours', () => {
    expect(EXPECTED).toHaveLength(24);
  });
});
