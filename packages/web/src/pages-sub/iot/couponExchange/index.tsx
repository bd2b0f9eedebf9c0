/** /pages-sub/iot/couponExchange/index 券币兑换 (SCREENS §4). */
import { CouponExchangePage } from '../../../features/iot-rewards/components/coupon-exchange';

export default function CouponExchangeIndexPage() {
  return <CouponExchangePage />;
}
