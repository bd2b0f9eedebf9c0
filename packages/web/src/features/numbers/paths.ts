/** Routes of the vanity-number screens (SPEC §2), for links between them. */
import { navigateTo } from '../../platform/navigation';
import { filterToQuery, type NumberFilter } from './filter/number-filter';

export const VANITY_PATH = '/pages/index/VanityNumber/index';
export const HEAD_SEARCH_PATH = '/pages/index/VanityNumber/HeadSearch/index';
export const PRETTY_PATH = '/pages/goods/pretty/index';
export const PRETTY_PACKAGE_PATH = '/pages/goods/pretty/package';
export const PRETTY_COMMENT_PATH = '/pages/goods/pretty/comment';

/** Opens VanityNumber with a filter in the query (the direct popup pages' 确定). */
export function openVanityWith(filter: NumberFilter): void {
  navigateTo(VANITY_PATH, filterToQuery(filter));
}
