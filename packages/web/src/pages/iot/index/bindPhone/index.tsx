/** /pages/iot/index/bindPhone/index 绑定手机号 (SCREENS §3). */
import { BindPhonePage } from '../../../../features/iot-realname/components/bind-phone';

export default function BindPhoneIndexPage() {
  return <BindPhonePage />;
}
