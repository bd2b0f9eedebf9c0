/** /pages/goods/index 商品列表 (SCREENS §1): the catalogue, optionally opened on a category or operator. */
import { GoodsCatalogue } from '../../features/goods/components/goods-catalogue';
import { usePageQuery } from '../../platform/use-page-query';

export default function GoodsIndexPage() {
  const query = usePageQuery();
  const operator = Number(query.operatorType);
  return (
    <GoodsCatalogue
      initialCategory={query.category ?? ''}
      initialOperator={operator >= 1 && operator <= 4 ? operator : 0}
      keyword={query.keyword}
    />
  );
}
