/** /pages/iot/index/balance/index 余额充值 (SCREENS §3). */
import { BalanceRechargePage } from '../../../../features/iot-buy/components/balance-recharge';

export default function IotBalancePage() {
  return <BalanceRechargePage />;
}
