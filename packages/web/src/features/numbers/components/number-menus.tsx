/**
 * The menus row (SCREENS §2 VanityNumber/menus): horizontally scrollable quick categories; on the
 * direct page a grid whose taps open VanityNumber with the category in the query.
 */
import { useTranslation } from '../../../i18n/react';
import { useDictOptions } from '../../site/api/get-dict-options';
import { useDictLabel } from '../../site/dict-label';
import type { NumberFilter } from '../filter/number-filter';
import { isCategoryActive, type MenuCategory, menuCategories } from '../menus';
import { Chip } from './chip';

export interface NumberMenusProps {
  filter: NumberFilter;
  onPick: (category: MenuCategory) => void;
  page?: boolean;
}

export function NumberMenus({ filter, onPick, page = false }: NumberMenusProps) {
  const { t } = useTranslation();
  const patternLabel = useDictLabel('number_pattern');
  const categories = menuCategories(useDictOptions('number_pattern'));
  return (
    <nav className={`numbers-menus${page ? ' numbers-menus--page' : ''}`} data-testid="number-menus">
      {categories.map((c) => (
        <Chip
          key={c.key}
          active={!page && isCategoryActive(filter, c)}
          onClick={() => onPick(c)}
          testId={`menu-${c.key}`}
        >
          {'key' in c.label ? t(`vanity.menus.${c.label.key}`) : patternLabel(c.label.pattern)}
        </Chip>
      ))}
    </nav>
  );
}
