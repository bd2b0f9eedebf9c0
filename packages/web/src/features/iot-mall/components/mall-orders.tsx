/**
 * 商城订单 (SCREENS §4 integralShop/order): tabs 全部 / 待支付 / 待发货 / 待收货 / 已完成 / 已取消 (`?status=`),
 * the card's orders of the tab as an infinite list (goods, points + cash, status) with their actions;
 * tap → 订单详情. Empty: 暂无订单 + 去逛逛.
 */
import type { IntegralShopOrder } from '@haoka/contract';
import { Button, Tabs } from 'antd-mobile';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { navigateTo, redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { listMallOrders, mallOrdersKey } from '../api/list-mall-orders';
import { MALL_ORDER_TABS, tabOf } from '../mall-rules';
import { MALL_INDEX_PATH, MALL_ORDER_PATH, MALL_ORDERS_PATH } from '../paths';
import { GoodsLine } from './goods-line';
import { MallStatusTag, useMallStatusLabel } from './mall-status-tag';
import { OrderActions } from './order-actions';
import { PointsPrice } from './points-price';
import './common.css';
import './mall-orders.css';
import '../i18n';

const tabKey = (status: number | null) => (status === null ? 'all' : String(status));

export function MallOrderCard({ order }: { order: IntegralShopOrder }) {
  const { t } = useTranslation();
  return (
    <article className="mall-order" data-testid={`order-${order.orderSn}`} data-status={order.status}>
      <header className="mall-order__head">
        <span>{order.createdAt}</span>
        <MallStatusTag order={order} testId="order-status" />
      </header>
      <button
        type="button"
        className="mall-order__body"
        onClick={() => navigateTo(MALL_ORDER_PATH, { orderSn: order.orderSn })}
        data-testid="order-open"
      >
        <GoodsLine
          image={order.goods.image}
          name={order.goods.name}
          specText={order.goods.specText}
          quantity={order.goods.quantity}
          points={order.points}
          cash={order.cashAmount}
        />
        <div className="mall-order__total" data-testid="order-total">
          {t('iotMall.payment.total')} <PointsPrice points={order.points} cash={order.payAmount} />
        </div>
      </button>
      <OrderActions order={order} />
    </article>
  );
}

function OrdersView({ status }: { status: number | null }) {
  const { t } = useTranslation();
  const statusLabel = useMallStatusLabel();
  return (
    <IotGuard>
      {(simNo) => (
        <div className="mall-page mall-page--plain" data-testid="orders-page" data-tab={tabKey(status)}>
          <Tabs
            className="mall-tabs"
            activeKey={tabKey(status)}
            onChange={(key) => redirectTo(MALL_ORDERS_PATH, { status: key === 'all' ? null : key })}
            data-testid="orders-tabs"
          >
            {MALL_ORDER_TABS.map((s) => (
              <Tabs.Tab
                key={tabKey(s)}
                title={s === null ? t('iotMall.orders.all') : statusLabel({ status: s, deliveryType: 1 })}
              />
            ))}
          </Tabs>
          <InfiniteList<IntegralShopOrder>
            key={`${simNo}:${tabKey(status)}`}
            queryKey={mallOrdersKey(simNo, status)}
            fetchPage={(page, pageSize) => listMallOrders({ status: status ?? undefined, page, pageSize })}
            itemKey={(o) => o.orderSn}
            renderItem={(o) => <MallOrderCard order={o} />}
            emptyText={t('iotMall.orders.empty')}
            emptyAction={
              <Button
                color="danger"
                size="small"
                onClick={() => navigateTo(MALL_INDEX_PATH)}
                data-testid="orders-browse"
              >
                {t('iotMall.orders.browse')}
              </Button>
            }
          />
        </div>
      )}
    </IotGuard>
  );
}

export function MallOrdersPage() {
  const query = usePageQuery();
  return <OrdersView status={tabOf(query.status)} />;
}
