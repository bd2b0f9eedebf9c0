/** /pages/about/textTemplate 关于我们 (SCREENS §1): any system article by ?code=, `about` by default. */
import { ArticleView } from '../../features/content/components/article-view';
import { usePageQuery } from '../../platform/use-page-query';

export default function AboutTextTemplatePage() {
  const query = usePageQuery();
  return <ArticleView code={query.code || 'about'} titleFromArticle />;
}
