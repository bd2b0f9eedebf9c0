/** /pages/goods/general/index 商品详情 (SCREENS §1): one goods by ?goodsId= with its order sheet. */
import { GoodsPage } from '../../../features/goods/components/goods-page';
import { usePageQuery } from '../../../platform/use-page-query';

export default function GoodsGeneralPage() {
  const query = usePageQuery();
  const goodsId = Number(query.goodsId);
  // A new goods is a new page: no sheet or form state carries over from the previous one.
  return <GoodsPage key={goodsId} goodsId={goodsId} />;
}
