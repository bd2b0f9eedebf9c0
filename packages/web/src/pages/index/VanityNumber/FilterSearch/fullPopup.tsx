/** /pages/index/VanityNumber/FilterSearch/fullPopup — 选择归属地 as a page; 确定 opens VanityNumber with it. */
import { RegionPicker } from '../../../../features/numbers/components/region-picker';
import { filterFromQuery } from '../../../../features/numbers/filter/number-filter';
import { openVanityWith } from '../../../../features/numbers/paths';
import { usePageQuery } from '../../../../platform/use-page-query';

export default function RegionPopupPage() {
  const filter = filterFromQuery(usePageQuery());
  return (
    <div className="numbers-page-panel">
      <RegionPicker
        value={{ provinceCode: filter.provinceCode, cityCode: filter.cityCode }}
        onConfirm={(region) => openVanityWith({ ...filter, ...region })}
      />
    </div>
  );
}
