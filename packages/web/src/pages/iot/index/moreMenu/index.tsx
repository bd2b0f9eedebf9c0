/** /pages/iot/index/moreMenu/index 更多服务 (SCREENS §3). */
import { MoreMenuPage } from '../../../../features/iot-core/components/more-menu';

export default function IotMoreMenuPage() {
  return <MoreMenuPage />;
}
