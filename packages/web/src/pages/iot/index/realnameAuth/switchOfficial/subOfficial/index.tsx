/** /pages/iot/index/realnameAuth/switchOfficial/subOfficial/index 子卡实名 (SCREENS §3). */
import { SubOfficialAuthPage } from '../../../../../../features/iot-realname/components/official-auth';

export default function RealnameSubOfficialPage() {
  return <SubOfficialAuthPage />;
}
