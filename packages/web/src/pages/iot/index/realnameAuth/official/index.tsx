/** /pages/iot/index/realnameAuth/official/index 运营商实名 (SCREENS §3). */
import { OfficialAuthPage } from '../../../../../features/iot-realname/components/official-auth';

export default function RealnameOfficialPage() {
  return <OfficialAuthPage />;
}
