/**
 * 加速记录 (SCREENS §4 accelerate/order): the card's acceleration orders (GET /api/iot/accelerateOrderList)
 * as an infinite list, filtered by status (全部 / 生效中 / 待生效 / 已过期 / 已退款, `?status=`): name, top
 * speed, order number, amount paid and how, status (dictionary `vip_order_status`, 0 待支付 … 5 已取消),
 * start–end, and for a refund its way, time and reason. Empty: 暂无加速记录.
 */
import type { AccelerateOrder } from '@haoka/contract';
import { Button, Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { navigateTo, redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { DictTag, useDictLabel } from '../../site/dict-label';
import { accelerateOrdersKey, listAccelerateOrders } from '../api/list-accelerate-orders';
import { ORDER_FILTERS, type OrderFilter, orderFilterOf } from '../member-rules';
import { ACCELERATE_ORDER_PATH, ACCELERATE_PATH } from '../paths';
import { useSpeedLabel } from './accelerate-center';
import './common.css';
import './accelerate-orders.css';
import '../i18n';

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="member-row__line">
      <span className="member-row__label">{label}</span>
      <span className="member-row__value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

function OrderRow({ order }: { order: AccelerateOrder }) {
  const { t } = useTranslation();
  const speedLabel = useSpeedLabel();
  const payWay = order.placeType === 2 ? 'balance' : order.placeType === 3 ? 'gift' : 'online';
  return (
    <article className="member-row" data-testid="accelerate-order" data-sn={order.orderSn}>
      <header className="member-row__head">
        <span data-shop-content className="member-row__title" data-testid="accelerate-order-name">
          {order.accelerateName}
        </span>
        <DictTag type="vip_order_status" value={order.status} testId="accelerate-order-status" />
      </header>
      <Line label={t('iotMember.orders.speed')} testId="accelerate-order-speed">
        {speedLabel(order.speedCode)}
      </Line>
      <Line label={t('iotMember.orders.paid')} testId="accelerate-order-paid">
        {formatYuan(order.actualPayMoney)} · {t(`iotMember.orders.placeType.${payWay}`)}
      </Line>
      {order.startAt || order.endAt ? (
        <Line label={t('iotMember.orders.period')} testId="accelerate-order-period">
          {t('iotMember.orders.periodValue', { start: order.startAt ?? '—', end: order.endAt ?? '—' })}
        </Line>
      ) : null}
      {order.status === 4 ? (
        <div className="member-row__refund" data-testid="accelerate-order-refund">
          <Line label={t('iotMember.orders.refundType')} testId="accelerate-order-refund-type">
            {order.refundType === 1 || order.refundType === 2
              ? t(`iotMember.orders.refundTypes.r${order.refundType}`)
              : '—'}
          </Line>
          {order.refundAt ? <Line label={t('iotMember.orders.refundAt')}>{order.refundAt}</Line> : null}
          {order.refundRemark ? (
            <Line label={t('iotMember.orders.refundRemark')} testId="accelerate-order-refund-remark">
              {order.refundRemark}
            </Line>
          ) : null}
        </div>
      ) : null}
      <Line label={t('iotMember.orders.orderSn')}>
        <span className="member-copy">
          <span data-testid="accelerate-order-sn">{order.orderSn}</span>
          <button type="button" className="member-link" onClick={() => void copyText(order.orderSn)}>
            {t('iotMember.orders.copy')}
          </button>
        </span>
      </Line>
      <Line label={t('iotMember.orders.createdAt')}>{order.createdAt}</Line>
    </article>
  );
}

function OrderList({ simNo, status }: { simNo: string; status: OrderFilter }) {
  const { t } = useTranslation();
  return (
    <InfiniteList<AccelerateOrder>
      queryKey={accelerateOrdersKey(simNo, status)}
      fetchPage={(page, pageSize) => listAccelerateOrders({ page, pageSize, status: status ?? undefined })}
      itemKey={(o) => o.orderSn}
      renderItem={(o) => <OrderRow order={o} />}
      className="member-list"
      emptyText={t('iotMember.orders.empty')}
      emptyAction={
        <Button
          size="small"
          color="primary"
          onClick={() => navigateTo(ACCELERATE_PATH)}
          data-testid="accelerate-order-buy"
        >
          {t('iotMember.orders.buy')}
        </Button>
      }
    />
  );
}

/** The route /pages-sub/iot/index/accelerate/order. */
export function AccelerateOrdersPage() {
  const { t } = useTranslation();
  const statusLabel = useDictLabel('vip_order_status');
  const query = usePageQuery();
  const status = orderFilterOf(query.status);
  return (
    <IotGuard>
      {(simNo) => (
        <div className="member-page iot-page" data-testid="accelerate-orders-page" data-status={status ?? 'all'}>
          <Tabs
            className="member-tabs"
            activeKey={String(status ?? 'all')}
            onChange={(key) => redirectTo(ACCELERATE_ORDER_PATH, key === 'all' ? {} : { status: key })}
          >
            {ORDER_FILTERS.map((s) => (
              <Tabs.Tab
                key={String(s ?? 'all')}
                title={
                  <span data-testid={`accelerate-orders-tab-${s ?? 'all'}`}>
                    {s === null ? t('iotMember.orders.all') : statusLabel(s)}
                  </span>
                }
              />
            ))}
          </Tabs>
          <OrderList key={`${simNo}|${status ?? 'all'}`} simNo={simNo} status={status} />
        </div>
      )}
    </IotGuard>
  );
}
