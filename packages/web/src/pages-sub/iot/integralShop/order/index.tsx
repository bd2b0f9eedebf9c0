/** /pages-sub/iot/integralShop/order/index 商城订单 (SCREENS §4). */
import { MallOrdersPage } from '../../../../features/iot-mall/components/mall-orders';

export default function IntegralShopOrdersPage() {
  return <MallOrdersPage />;
}
