/** /pages-sub/iot/integralShop/details/selectAddress/edit 编辑地址 (SCREENS §4). */
import { AddressEditPage } from '../../../../../features/iot-mall/components/address-edit';

export default function IntegralShopAddressEditPage() {
  return <AddressEditPage />;
}
