/** /pages-sub/iot/integralShop/details/cashier 收银台 (SCREENS §4): the cash part of a new mall order. */
import { MallCashierPage } from '../../../../features/iot-mall/components/mall-cashier';

export default function IntegralShopCashierPage() {
  return <MallCashierPage />;
}
