/** /pages/iot/login/index 卡号登录 (SCREENS §3). */
import { CardLoginPage } from '../../../features/iot-core/components/card-login';

export default function IotLoginPage() {
  return <CardLoginPage />;
}
