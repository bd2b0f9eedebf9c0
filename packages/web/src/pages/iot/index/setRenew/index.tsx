/** /pages/iot/index/setRenew/index 自动续费 (SCREENS §3). */
import { SetRenewPage } from '../../../../features/iot-money/components/set-renew';

export default function IotSetRenewPage() {
  return <SetRenewPage />;
}
