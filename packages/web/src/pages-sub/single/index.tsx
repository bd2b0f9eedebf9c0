/** /pages-sub/single/index 精选 (SCREENS §4): the landing page of ?pageCode=. */
import { SinglePageView } from '../../features/single/components/single-page-view';
import { usePageQuery } from '../../platform/use-page-query';

export default function SingleIndexPage() {
  const query = usePageQuery();
  const pageCode = query.pageCode ?? '';
  return <SinglePageView key={pageCode} pageCode={pageCode} />;
}
