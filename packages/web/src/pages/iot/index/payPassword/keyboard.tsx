/** /pages/iot/index/payPassword/keyboard 支付密码键盘 (SCREENS §3). */
import { PayKeyboardPage } from '../../../../features/iot-buy/components/pay-keyboard';

export default function IotPayKeyboardPage() {
  return <PayKeyboardPage />;
}
