/** /pages/iot/index/switchNet/index 切换网络 (SCREENS §3). */
import { SwitchNetPage } from '../../../../features/iot-realname/components/switch-net';

export default function SwitchNetIndexPage() {
  return <SwitchNetPage />;
}
