/** /pages/order/pay/index 订单支付 (SCREENS §1): pay an order by ?orderSn=; &from=pay on the way back. */
import { PayView } from '../../../features/order/components/pay-view';
import { usePageQuery } from '../../../platform/use-page-query';

export default function OrderPayPage() {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  return <PayView key={orderSn} orderSn={orderSn} fromPay={query.from === 'pay'} />;
}
