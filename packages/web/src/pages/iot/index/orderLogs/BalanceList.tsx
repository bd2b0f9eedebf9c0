/** /pages/iot/index/orderLogs/BalanceList 充值订单 (SCREENS §3). */
import { OrderLogListPage } from '../../../../features/iot-buy/components/order-logs';

export default function IotBalanceListPage() {
  return <OrderLogListPage tab="balance" />;
}
