/** /pages-sub/iot/integralShop/order/orderDetails/logistics 物流详情 (SCREENS §4). */
import { MallLogisticsPage } from '../../../../../features/iot-mall/components/mall-logistics';

export default function IntegralShopLogisticsPage() {
  return <MallLogisticsPage />;
}
