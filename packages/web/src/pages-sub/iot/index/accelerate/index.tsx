/** /pages-sub/iot/index/accelerate/index 网络加速 (SCREENS §4). */
import { AccelerateCenterPage } from '../../../../features/iot-member/components/accelerate-center';

export default function IotAcceleratePage() {
  return <AccelerateCenterPage />;
}
