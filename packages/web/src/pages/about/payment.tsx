/** /pages/about/payment 交易条款 (SCREENS §1): the system article `payment`. */
import { ArticleView } from '../../features/content/components/article-view';

export default function AboutPaymentPage() {
  return <ArticleView code="payment" />;
}
