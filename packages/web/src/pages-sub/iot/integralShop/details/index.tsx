/** /pages-sub/iot/integralShop/details/index 商品详情 (SCREENS §4). */
import { MallGoodsPage } from '../../../../features/iot-mall/components/goods-details';

export default function IntegralShopDetailsPage() {
  return <MallGoodsPage />;
}
