/** /pages/iot/index/orderLogs/PackageList 套餐订单 (SCREENS §3). */
import { OrderLogListPage } from '../../../../features/iot-buy/components/order-logs';

export default function IotPackageListPage() {
  return <OrderLogListPage tab="package" />;
}
