/** /pages/iot/index/package/index 套餐订购 (SCREENS §3). */
import { PackageListPage } from '../../../../features/iot-buy/components/package-list';

export default function IotPackageIndexPage() {
  return <PackageListPage />;
}
