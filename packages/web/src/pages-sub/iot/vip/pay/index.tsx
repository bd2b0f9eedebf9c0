/** /pages-sub/iot/vip/pay/index 会员支付 (SCREENS §4). */
import { VipPayPage } from '../../../../features/iot-member/components/vip-pay';

export default function IotVipPayPage() {
  return <VipPayPage />;
}
