/** /pages/order/index 我的订单 (SCREENS §1): the shopper's orders; ?status= picks the tab. */
import { useShopperGuard } from '../../features/auth/use-shopper-guard';
import { OrderList } from '../../features/order/components/order-list';
import { tabOfQuery } from '../../features/order/order-status';
import { usePageQuery } from '../../platform/use-page-query';

export default function OrderListPage() {
  const query = usePageQuery();
  const loggedIn = useShopperGuard();
  return loggedIn ? <OrderList status={tabOfQuery(query.status)} /> : null;
}
