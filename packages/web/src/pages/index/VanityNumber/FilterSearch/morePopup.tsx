/** /pages/index/VanityNumber/FilterSearch/morePopup — 更多筛选 as a page; 确定 opens VanityNumber with it. */
import { MoreFilter } from '../../../../features/numbers/components/more-filter';
import { filterFromQuery } from '../../../../features/numbers/filter/number-filter';
import { openVanityWith } from '../../../../features/numbers/paths';
import { usePageQuery } from '../../../../platform/use-page-query';

export default function MorePopupPage() {
  const filter = filterFromQuery(usePageQuery());
  return <MoreFilter value={filter} onConfirm={(more) => openVanityWith({ ...filter, ...more })} />;
}
