/** /pages-sub/iot/integralShop/order/orderDetails/pay 订单支付 (SCREENS §4): repay an unpaid mall order. */
import { MallCashierPage } from '../../../../../features/iot-mall/components/mall-cashier';

export default function IntegralShopRepayPage() {
  return <MallCashierPage toOrderOnReject />;
}
