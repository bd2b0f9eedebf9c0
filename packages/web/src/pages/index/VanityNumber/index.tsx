/** /pages/index/VanityNumber/index — 靓号选号: the VanityNumber module full-page, filter in the query. */
import { VanityNumber } from '../../../features/numbers/components/vanity-number';

export default function VanityNumberPage() {
  return <VanityNumber syncQuery />;
}
