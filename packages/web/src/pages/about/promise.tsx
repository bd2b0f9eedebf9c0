/** /pages/about/promise 服务承诺 (SCREENS §1): the system article `promise`. */
import { ArticleView } from '../../features/content/components/article-view';

export default function AboutPromisePage() {
  return <ArticleView code="promise" />;
}
