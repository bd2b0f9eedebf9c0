/** /pages/iot/index/package/details/index 套餐订单 (SCREENS §3). */
import { PackageDetailsPage } from '../../../../../features/iot-buy/components/package-details';

export default function IotPackageDetailsPage() {
  return <PackageDetailsPage />;
}
