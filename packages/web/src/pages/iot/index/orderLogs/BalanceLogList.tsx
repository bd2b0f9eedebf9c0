/** /pages/iot/index/orderLogs/BalanceLogList 余额明细 (SCREENS §3). */
import { OrderLogListPage } from '../../../../features/iot-buy/components/order-logs';

export default function IotBalanceLogListPage() {
  return <OrderLogListPage tab="balanceLog" />;
}
