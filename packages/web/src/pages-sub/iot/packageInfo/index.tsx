/** /pages-sub/iot/packageInfo/index 套餐详情 (SCREENS §4). */
import { PackageInfoPage } from '../../../features/iot-buy/components/package-info';

export default function IotPackageInfoPage() {
  return <PackageInfoPage />;
}
