/** /pages/index/VanityNumber/FilterSearch/index — the filter bar and its results, without HeadSearch. */
import { VanityNumber } from '../../../../features/numbers/components/vanity-number';

export default function FilterSearchPage() {
  return <VanityNumber syncQuery search={false} menus={false} />;
}
