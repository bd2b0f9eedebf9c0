import { describe, expect, it } from 'vitest';
import { emptyFilter } from './filter/number-filter';
import { isCategoryActive, menuCategories } from './menus';

const dict = ['A4', 'AABB', 'NO4', 'NOT_A_CODE'].map((value) => ({
  label: value,
  value,
  key: '',
  listClass: 'primary' as const,
}));

describe('menus', () => {
  it('presets first, then the dictionary patterns without NO4 and unknown codes', () => {
    expect(menuCategories(dict).map((c) => c.key)).toEqual([
      'all',
      'tail888',
      'tail666',
      'tail168',
      'no4',
      'p-A4',
      'p-AABB',
    ]);
    expect(menuCategories([]).map((c) => c.key)).toHaveLength(5);
  });

  it('a category is active when its fields match, whatever the region or price', () => {
    const [all, tail888, , , no4, a4] = menuCategories(dict);
    const f = { ...emptyFilter(), provinceCode: '440000', priceMin: 100 };
    expect(isCategoryActive(f, all!)).toBe(true);
    expect(isCategoryActive({ ...f, ...tail888!.fields }, tail888!)).toBe(true);
    expect(isCategoryActive({ ...f, ...tail888!.fields, position: 'any' }, tail888!)).toBe(false);
    expect(isCategoryActive({ ...f, excludeDigits: [4] }, no4!)).toBe(true);
    expect(isCategoryActive({ ...f, pattern: ['A4'] }, a4!)).toBe(true);
    expect(isCategoryActive({ ...f, pattern: ['A4'] }, all!)).toBe(false);
  });
});
