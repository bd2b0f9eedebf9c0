/** /pages/iot/index/couponChoose/index 充值活动 (SCREENS §3). */
import { CouponChoosePage } from '../../../../features/iot-buy/components/coupon-choose';

export default function IotCouponChoosePage() {
  return <CouponChoosePage />;
}
