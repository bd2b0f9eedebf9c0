/** /pages-sub/iot/integralShop/order/orderDetails/index 订单详情 (SCREENS §4). */
import { MallOrderDetailsPage } from '../../../../../features/iot-mall/components/mall-order-details';

export default function IntegralShopOrderPage() {
  return <MallOrderDetailsPage />;
}
