/** /pages/index/VanityNumber/menus — every quick category as a grid; a tap opens VanityNumber with it. */
import { NumberMenus } from '../../../features/numbers/components/number-menus';
import { emptyFilter } from '../../../features/numbers/filter/number-filter';
import { openVanityWith } from '../../../features/numbers/paths';

export default function VanityMenusPage() {
  return <NumberMenus page filter={emptyFilter()} onPick={(c) => openVanityWith({ ...emptyFilter(), ...c.fields })} />;
}
