/** /pages/iot/index/bindPhone/index 绑定手机号 (SCREENS §3). */
import { BindPhonePage } from '../../../../features/iot-auth/components/bind-phone';

export default function BindPhoneIndexPage() {
  return <BindPhonePage />;
}
