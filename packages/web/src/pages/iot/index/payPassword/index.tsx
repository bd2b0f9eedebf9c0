/** /pages/iot/index/payPassword/index 支付密码 (SCREENS §3). */
import { PayPasswordPage } from '../../../../features/iot-buy/components/pay-password';

export default function IotPayPasswordPage() {
  return <PayPasswordPage />;
}
