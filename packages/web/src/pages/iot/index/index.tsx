/** /pages/iot/index/index 卡片首页 (SCREENS §3). */
import { IotHomePage } from '../../../features/iot-core/components/iot-home';

export default function IotIndexPage() {
  return <IotHomePage />;
}
