/**
 * Quick categories of the menus row (SCREENS §2): 全部, presets (尾号888, 不含4 …) and the pattern
 * options of the dictionary type `number_pattern`. A category sets pattern, keyword, position and
 * excludeDigits together, leaving region, operator, price and sort as they are.
 */
import { type DictOption, isPatternCode } from '@haoka/contract';
import type { NumberFilter } from './filter/number-filter';

type CategoryFields = Pick<NumberFilter, 'pattern' | 'keyword' | 'position' | 'excludeDigits'>;

export interface MenuCategory {
  key: string;
  /** A catalogue key for presets; patterns are labelled by their code. */
  label: { key: 'all' | 'tail888' | 'tail666' | 'tail168' | 'no4' } | { pattern: NumberFilter['pattern'][number] };
  fields: CategoryFields;
}

const NO_CATEGORY: CategoryFields = { pattern: [], keyword: '', position: 'any', excludeDigits: [] };

const preset = (key: 'all' | 'tail888' | 'tail666' | 'tail168' | 'no4', fields: Partial<CategoryFields>) =>
  ({ key, label: { key }, fields: { ...NO_CATEGORY, ...fields } }) satisfies MenuCategory;

export const PRESET_CATEGORIES: MenuCategory[] = [
  preset('all', {}),
  preset('tail888', { keyword: '888', position: 'tail' }),
  preset('tail666', { keyword: '666', position: 'tail' }),
  preset('tail168', { keyword: '168', position: 'tail' }),
  preset('no4', { excludeDigits: [4] }),
];

/** Presets, then the dictionary's patterns (NO4 is the 不含4 preset already). */
export function menuCategories(patternOptions: readonly DictOption[]): MenuCategory[] {
  const patterns = patternOptions
    .map((o) => o.value)
    .filter(isPatternCode)
    .filter((code) => code !== 'NO4')
    .map(
      (code): MenuCategory => ({
        key: `p-${code}`,
        label: { pattern: code },
        fields: { ...NO_CATEGORY, pattern: [code] },
      }),
    );
  return [...PRESET_CATEGORIES, ...patterns];
}

export function isCategoryActive(filter: NumberFilter, category: MenuCategory): boolean {
  const f = category.fields;
  return (
    filter.pattern.join(',') === f.pattern.join(',') &&
    filter.keyword === f.keyword &&
    (filter.keyword ? filter.position === f.position : true) &&
    filter.excludeDigits.join(',') === f.excludeDigits.join(',')
  );
}
