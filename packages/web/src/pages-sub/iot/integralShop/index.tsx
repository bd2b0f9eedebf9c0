/** /pages-sub/iot/integralShop/index 积分商城 (SCREENS §4). */
import { MallHomePage } from '../../../features/iot-mall/components/mall-home';

export default function IntegralShopPage() {
  return <MallHomePage />;
}
