/** /pages-sub/iot/vip/popup 开通会员 (SCREENS §4): opened directly, the VIP promo card as a page. */
import { VipPopupPage } from '../../../features/iot-member/components/vip-promo';

export default function IotVipPopupPage() {
  return <VipPopupPage />;
}
