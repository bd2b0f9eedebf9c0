/** /pages/iot/index/orderLogs/index 订单记录 (SCREENS §3): ?tab=package|balance|balanceLog. */
import { OrderLogsPage } from '../../../../features/iot-buy/components/order-logs';

export default function IotOrderLogsPage() {
  return <OrderLogsPage />;
}
