/** /pages/iot/index/realnameAuth/switchOfficial/index 多网实名 (SCREENS §3). */
import { SwitchOfficialPage } from '../../../../../features/iot-realname/components/switch-official';

export default function RealnameSwitchOfficialPage() {
  return <SwitchOfficialPage />;
}
