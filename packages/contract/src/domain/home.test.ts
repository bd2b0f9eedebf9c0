import { describe, expect, it } from 'vitest';
import { DEFAULT_FIRST_GROUP, effectiveFirstGroup, FRONT_DEFAULT_FIRST_GROUP, normalizeArrange } from './home.js';

describe('effectiveFirstGroup (SPEC §4: user > 0, else front > 0, else 2)', () => {
  it('defaults are 2 effective and 1 for the site front', () => {
    expect(DEFAULT_FIRST_GROUP).toBe(2);
    expect(FRONT_DEFAULT_FIRST_GROUP).toBe(1);
  });

  it.each([
    ['user wins over front', 1, 2, 1],
    ['user 2 wins over front 1', 2, 1, 2],
    ['user 0 → front', 0, 1, 1],
    ['user negative → front', -1, 1, 1],
    ['user NaN → front', Number.NaN, 1, 1],
    ['user undefined → front', undefined, 1, 1],
    ['user null → front', null, 2, 2],
    ['user empty string → front', '', 1, 1],
    ['user non-numeric string → front', 'abc', 1, 1],
    ['user Infinity → front', Number.POSITIVE_INFINITY, 1, 1],
    ['user numeric string wins', '1', 2, 1],
    ['front numeric string', undefined, '1', 1],
    ['neither → 2', undefined, undefined, 2],
    ['both 0 → 2', 0, 0, 2],
    ['both negative → 2', -1, -2, 2],
    ['both NaN → 2', Number.NaN, Number.NaN, 2],
    ['both non-numeric strings → 2', 'x', 'y', 2],
    ['front 0 → 2', null, 0, 2],
  ])('%s', (_label, user, front, expected) => {
    expect(effectiveFirstGroup(user, front)).toBe(expected);
  });
});

describe('normalizeArrange (SPEC §4: outside 1..2 → 1)', () => {
  it.each([
    [2, 2],
    ['2', 2],
    [1, 1],
    ['1', 1],
    [0, 1],
    [3, 1],
    [-2, 1],
    [2.5, 1],
    [Number.NaN, 1],
    [null, 1],
    [undefined, 1],
    ['', 1],
    ['grid', 1],
  ])('%j → %i', (value, expected) => {
    expect(normalizeArrange(value)).toBe(expected);
  });
});
