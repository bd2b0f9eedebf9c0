/** /pages-sub/iot/integralShop/order/orderDetails/pay 订单支付 (SCREENS §4): repay an unpaid mall order. */
import { MallCashierPage } from '../../../../../features/iot-mall/components/mall-cashier';
import { MALL_REPAY_PATH } from '../../../../../features/iot-mall/paths';

export default function IntegralShopRepayPage() {
  return <MallCashierPage cashierPath={MALL_REPAY_PATH} toOrderOnReject />;
}
