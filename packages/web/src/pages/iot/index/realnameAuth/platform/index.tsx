/** /pages/iot/index/realnameAuth/platform/index 平台实名 (SCREENS §3). */
import { PlatformAuthPage } from '../../../../../features/iot-realname/components/platform-auth';

export default function RealnamePlatformPage() {
  return <PlatformAuthPage />;
}
