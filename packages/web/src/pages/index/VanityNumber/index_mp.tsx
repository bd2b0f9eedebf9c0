/** /pages/index/VanityNumber/index_mp — the mini-program variant; in H5 the same module as index. */
import { VanityNumber } from '../../../features/numbers/components/vanity-number';

export default function VanityNumberMpPage() {
  return <VanityNumber syncQuery />;
}
