/** /pages-sub/iot/index/accelerate/order 加速记录 (SCREENS §4). */
import { AccelerateOrdersPage } from '../../../../features/iot-member/components/accelerate-orders';

export default function IotAccelerateOrderPage() {
  return <AccelerateOrdersPage />;
}
