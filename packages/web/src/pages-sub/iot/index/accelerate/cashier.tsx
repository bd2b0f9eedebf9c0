/** /pages-sub/iot/index/accelerate/cashier 加速包支付 (SCREENS §4). */
import { AccelerateCashierPage } from '../../../../features/iot-member/components/accelerate-cashier';

export default function IotAccelerateCashierPage() {
  return <AccelerateCashierPage />;
}
