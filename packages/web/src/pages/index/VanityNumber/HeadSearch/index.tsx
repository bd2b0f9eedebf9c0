/** /pages/index/VanityNumber/HeadSearch/index — 号码搜索: the box focused and recent searches; submit opens the list. */
import { HeadSearch } from '../../../../features/numbers/components/head-search';
import { filterFromQuery } from '../../../../features/numbers/filter/number-filter';
import { openVanityWith } from '../../../../features/numbers/paths';
import { usePageQuery } from '../../../../platform/use-page-query';

export default function HeadSearchPage() {
  const filter = filterFromQuery(usePageQuery());
  return (
    <HeadSearch
      page
      initialKeyword={filter.keyword}
      initialPosition={filter.position}
      onSearch={(keyword, position) => openVanityWith({ ...filter, keyword, position })}
    />
  );
}
