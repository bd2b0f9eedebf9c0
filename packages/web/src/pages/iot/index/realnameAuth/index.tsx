/** /pages/iot/index/realnameAuth/index 实名认证 (SCREENS §3). */
import { RealnameHubPage } from '../../../../features/iot-realname/components/realname-hub';

export default function RealnameAuthIndexPage() {
  return <RealnameHubPage />;
}
