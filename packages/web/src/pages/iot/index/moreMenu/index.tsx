/** /pages/iot/index/moreMenu/index 更多服务 (SCREENS §3). */
import { MoreMenuPage } from '../../../../features/iot/components/more-menu';

export default function IotMoreMenuPage() {
  return <MoreMenuPage />;
}
