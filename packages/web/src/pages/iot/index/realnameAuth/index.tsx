/** /pages/iot/index/realnameAuth/index 实名认证 (SCREENS §3). */
import { RealnameHubPage } from '../../../../features/iot-auth/components/realname-hub';

export default function RealnameAuthIndexPage() {
  return <RealnameHubPage />;
}
