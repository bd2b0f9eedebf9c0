/** /pages-sub/iot/integralShop/details/payment 确认订单 (SCREENS §4). */
import { OrderConfirmPage } from '../../../../features/iot-mall/components/order-confirm';

export default function IntegralShopPaymentPage() {
  return <OrderConfirmPage />;
}
