/** /pages/iot/index/setRenew/index 自动续费 (SCREENS §3). */
import { SetRenewPage } from '../../../../features/iot-buy/components/set-renew';

export default function IotSetRenewPage() {
  return <SetRenewPage />;
}
