/** /pages-sub/iot/vip/index 会员中心 (SCREENS §4). */
import { VipCenterPage } from '../../../features/iot-member/components/vip-center';

export default function IotVipPage() {
  return <VipCenterPage />;
}
