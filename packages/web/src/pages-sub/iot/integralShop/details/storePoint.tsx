/** /pages-sub/iot/integralShop/details/storePoint 自提门店 (SCREENS §4). */
import { StorePointPage } from '../../../../features/iot-mall/components/store-point';

export default function IntegralShopStorePointPage() {
  return <StorePointPage />;
}
