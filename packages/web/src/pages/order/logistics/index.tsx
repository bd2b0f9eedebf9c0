/** /pages/order/logistics/index 物流信息 (SCREENS §1): the parcel of ?orderSn=. */
import { LogisticsView } from '../../../features/order/components/logistics-view';
import { usePageQuery } from '../../../platform/use-page-query';

export default function OrderLogisticsPage() {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  return <LogisticsView key={orderSn} orderSn={orderSn} />;
}
