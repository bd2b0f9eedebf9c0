/** /pages-sub/single/single 精选单品 (SCREENS §4): the one-product landing page of ?pageCode=. */
import { SingleProductView } from '../../features/single/components/single-product-view';
import { usePageQuery } from '../../platform/use-page-query';

export default function SingleProductPage() {
  const query = usePageQuery();
  const pageCode = query.pageCode ?? '';
  return <SingleProductView key={pageCode} pageCode={pageCode} />;
}
