/** /pages/iot/index/couponChoose/pay/index 充值活动支付 (SCREENS §3): ?activityId= or ?orderSn=&from=pay. */
import { CouponPayPage } from '../../../../../features/iot-buy/components/coupon-pay';

export default function IotCouponPayPage() {
  return <CouponPayPage />;
}
