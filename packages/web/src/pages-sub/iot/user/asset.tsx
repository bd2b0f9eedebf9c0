/** /pages-sub/iot/user/asset 我的资产 (SCREENS §4). */
import { AssetPage } from '../../../features/iot-user/components/asset-strip';

export default function IotUserAssetPage() {
  return <AssetPage />;
}
