/** /pages/iot/index/payPassword/validate 身份验证 (SCREENS §3). */
import { PayPasswordValidatePage } from '../../../../features/iot-buy/components/pay-password-validate';

export default function IotPayPasswordValidatePage() {
  return <PayPasswordValidatePage />;
}
