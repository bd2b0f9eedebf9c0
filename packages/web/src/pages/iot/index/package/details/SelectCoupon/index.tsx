/** /pages/iot/index/package/details/SelectCoupon/index 选择优惠券 (SCREENS §3). */
import { SelectCouponPage } from '../../../../../../features/iot-buy/components/select-coupon';

export default function IotSelectCouponPage() {
  return <SelectCouponPage />;
}
