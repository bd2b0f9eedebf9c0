/** /pages-sub/iot/user/vip 会员卡片: the member centre (SCREENS §4). */
import { VipRedirectPage } from '../../../features/iot-user/components/vip-card';

export default function IotUserVipPage() {
  return <VipRedirectPage />;
}
