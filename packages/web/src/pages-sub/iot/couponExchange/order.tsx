/** /pages-sub/iot/couponExchange/order 券币明细 (SCREENS §4). */
import { CoinLogPage } from '../../../features/iot-rewards/components/coin-log';

export default function CouponExchangeOrderPage() {
  return <CoinLogPage />;
}
