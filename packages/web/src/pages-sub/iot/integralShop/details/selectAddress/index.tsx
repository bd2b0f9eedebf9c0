/** /pages-sub/iot/integralShop/details/selectAddress/index 收货地址 (SCREENS §4). */
import { AddressListPage } from '../../../../../features/iot-mall/components/address-list';

export default function IntegralShopAddressPage() {
  return <AddressListPage />;
}
