import { describe, expect, it } from 'vitest';
import { DurationUnit, isLifetime, LIFETIME_MIN_YEARS } from './duration.js';

describe('isLifetime (SPEC §9: year unit and 20 or more)', () => {
  it('units are 1 day, 2 month, 3 year', () => {
    expect(DurationUnit).toEqual({ DAY: 1, MONTH: 2, YEAR: 3 });
    expect(LIFETIME_MIN_YEARS).toBe(20);
  });

  it.each([
    [20, 3, true],
    [21, 3, true],
    [99, 3, true],
    [19, 3, false],
    [1, 3, false],
    [0, 3, false],
    [20, 2, false],
    [240, 2, false],
    [20, 1, false],
    [7300, 1, false],
    [20, 0, false],
    [20, 4, false],
  ])('%i with unit %i → %s', (duration, unit, lifetime) => {
    expect(isLifetime(duration, unit)).toBe(lifetime);
  });
});
