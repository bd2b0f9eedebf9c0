/**
 * 订单详情 (SCREENS §4 order/orderDetails), `?orderSn=`: a status banner (with the pay countdown while
 * 待支付, the pick code while a pickup waits at its store), the address or store, the latest trace (→ 物流
 * 详情), the goods, 所需积分 / 商品金额 / 运费 / 实付, the order number (copy) and its times, the holder's
 * actions and 联系客服. Another card's order (or a wrong number) says 订单不存在.
 */
import { ErrorCode, type IntegralShopOrderDetails, MallDeliveryType, MallOrderStatus } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { navigateTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { parseApiDateTime } from '../../order/date-time';
import { formatMmSs, useSecondsLeft } from '../../sms/countdown';
import { useMallOrder } from '../api/get-mall-order';
import { hasShipment, newestFirst } from '../mall-rules';
import { IOT_CUSTOMER_PATH, MALL_LOGISTICS_PATH } from '../paths';
import { formatAddress } from './address-list';
import { GoodsLine } from './goods-line';
import { useMallStatusLabel } from './mall-status-tag';
import { OrderActions } from './order-actions';
import './common.css';
import './mall-order-details.css';
import '../i18n';

const PAY_TYPE_KEYS = {
  points: 'iotMall.details.payTypes.points',
  balance: 'iotMall.details.payTypes.balance',
  wxpay: 'iotMall.details.payTypes.wxpay',
  alipay: 'iotMall.details.payTypes.alipay',
} as const;

function StatusBanner({ order }: { order: IntegralShopOrderDetails }) {
  const { t } = useTranslation();
  const statusLabel = useMallStatusLabel();
  const endAt = order.status === MallOrderStatus.UNPAID ? parseApiDateTime(order.expireAt) : null;
  const seconds = useSecondsLeft(endAt);
  const tone =
    order.status === MallOrderStatus.DONE
      ? ' mall-banner--done'
      : order.status >= MallOrderStatus.CANCELLED
        ? ' mall-banner--closed'
        : '';
  let hint: string | null = null;
  if (endAt !== null) {
    hint = seconds > 0 ? t('iotMall.details.payIn', { time: formatMmSs(seconds) }) : t('iotMall.details.expired');
  } else if (order.status === MallOrderStatus.DONE && order.deliveryType === MallDeliveryType.VIRTUAL) {
    hint = t('iotMall.details.virtualDone');
  } else if (order.status === MallOrderStatus.CANCELLED && order.cancelReason) {
    hint = order.cancelReason;
  }
  return (
    <section className={`mall-banner${tone}`} data-testid="detail-banner" data-status={order.status}>
      <div className="mall-banner__title" data-testid="detail-status">
        {statusLabel(order)}
      </div>
      {hint ? (
        <div className="mall-banner__hint" data-testid="detail-hint">
          {hint}
        </div>
      ) : null}
    </section>
  );
}

function Kv({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  if (!value) return null;
  return (
    <div className="mall-kv">
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

function DetailsBody({ order }: { order: IntegralShopOrderDetails }) {
  const { t } = useTranslation();
  const latest = order.logistics ? newestFirst(order.logistics.traces)[0] : undefined;
  const payTypeKey = PAY_TYPE_KEYS[order.payType as keyof typeof PAY_TYPE_KEYS];
  return (
    <div className="mall-page" data-testid="detail-page">
      <StatusBanner order={order} />
      {order.pickCode && order.status === MallOrderStatus.TO_RECEIVE ? (
        <section className="mall-block mall-pick" data-testid="detail-pick">
          <div className="mall-hint">{t('iotMall.details.pickCode')}</div>
          <div className="mall-pick__code" data-testid="detail-pick-code">
            {order.pickCode}
          </div>
          <div className="mall-hint">{t('iotMall.details.pickHint')}</div>
        </section>
      ) : null}
      {order.address ? (
        <section className="mall-block" data-testid="detail-address">
          <div className="mall-hint">{t('iotMall.details.address')}</div>
          <div className="mall-address__who">
            {order.address.name}
            <span>{order.address.mobile}</span>
          </div>
          <div className="mall-address__where">{formatAddress(order.address)}</div>
        </section>
      ) : null}
      {order.store ? (
        <section className="mall-block" data-testid="detail-store">
          <div className="mall-hint">{t('iotMall.details.store')}</div>
          <div className="mall-address__who">{order.store.name}</div>
          <div className="mall-address__where">{order.store.address}</div>
          {order.store.phone ? (
            <div className="mall-hint">{t('iotMall.store.phone', { phone: order.store.phone })}</div>
          ) : null}
          {order.store.hours ? (
            <div className="mall-hint">{t('iotMall.store.hours', { hours: order.store.hours })}</div>
          ) : null}
        </section>
      ) : null}
      {hasShipment(order) ? (
        <button
          type="button"
          className="mall-block mall-block--link"
          onClick={() => navigateTo(MALL_LOGISTICS_PATH, { orderSn: order.orderSn })}
          data-testid="detail-trace"
        >
          <div>
            <div className="mall-address__who">{latest?.desc ?? t('iotMall.details.noTrace')}</div>
            <div className="mall-hint">
              {latest?.time ?? `${order.logistics?.company} ${order.logistics?.trackingNo}`}
            </div>
          </div>
          <RightOutline />
        </button>
      ) : null}
      <section className="mall-block">
        <GoodsLine
          image={order.goods.image}
          name={order.goods.name}
          specText={order.goods.specText}
          quantity={order.goods.quantity}
          points={order.points}
          cash={order.cashAmount}
        />
      </section>
      <section className="mall-block" data-testid="detail-amounts">
        <Kv
          label={t('iotMall.details.points')}
          value={t('iotMall.common.points', { count: order.points })}
          testId="detail-points"
        />
        <Kv label={t('iotMall.details.cash')} value={`¥${order.cashAmount}`} testId="detail-cash" />
        {order.deliveryType === MallDeliveryType.EXPRESS ? (
          <Kv label={t('iotMall.details.freight')} value={`¥${order.freight}`} testId="detail-freight" />
        ) : null}
        <Kv label={t('iotMall.details.payAmount')} value={`¥${order.payAmount}`} testId="detail-pay-amount" />
      </section>
      <section className="mall-block" data-testid="detail-info">
        <div className="mall-kv">
          <span>{t('iotMall.common.orderSn')}</span>
          <strong>
            <span data-testid="detail-order-sn">{order.orderSn}</span>
            <button
              type="button"
              className="mall-link"
              onClick={() => void copyText(order.orderSn)}
              data-testid="detail-copy"
            >
              {t('iotMall.common.copy')}
            </button>
          </strong>
        </div>
        <Kv
          label={t('iotMall.details.payType')}
          value={payTypeKey ? t(payTypeKey) : t('iotMall.details.payTypes.none')}
          testId="detail-pay-type"
        />
        <Kv label={t('iotMall.details.createdAt')} value={order.createdAt} testId="detail-created" />
        <Kv label={t('iotMall.details.paidAt')} value={order.paidAt} testId="detail-paid" />
        <Kv label={t('iotMall.details.shippedAt')} value={order.shippedAt} testId="detail-shipped" />
        <Kv label={t('iotMall.details.finishedAt')} value={order.finishedAt} testId="detail-finished" />
        <Kv label={t('iotMall.details.remark')} value={order.remark} testId="detail-remark" />
      </section>
      <div className="mall-bar">
        <Button size="small" shape="rounded" onClick={() => navigateTo(IOT_CUSTOMER_PATH)} data-testid="detail-contact">
          {t('iotMall.common.contact')}
        </Button>
        <OrderActions order={order} />
      </div>
    </div>
  );
}

function DetailsView({ simNo, orderSn }: { simNo: string; orderSn: string }) {
  const { t } = useTranslation();
  const order = useMallOrder(simNo, orderSn);
  const notFound = !orderSn || (order.error instanceof ApiError && order.error.code === ErrorCode.FAIL);
  if (notFound) {
    return (
      <ErrorBlock status="empty" title={t('iotMall.details.missing')} description="" data-testid="detail-missing" />
    );
  }
  return (
    <PageState
      loading={order.isPending}
      error={order.isError ? order.error : undefined}
      onRetry={() => void order.refetch()}
      skeletonRows={8}
    >
      {order.data ? <DetailsBody order={order.data} /> : null}
    </PageState>
  );
}

export function MallOrderDetailsPage() {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  return <IotGuard>{(simNo) => <DetailsView key={`${simNo}:${orderSn}`} simNo={simNo} orderSn={orderSn} />}</IotGuard>;
}
