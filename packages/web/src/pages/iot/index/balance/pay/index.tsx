/** /pages/iot/index/balance/pay/index 充值支付 (SCREENS §3): the recharge cashier, ?orderSn=&from=pay. */
import { BalancePayPage } from '../../../../../features/iot-buy/components/balance-pay';

export default function IotBalancePayPage() {
  return <BalancePayPage />;
}
