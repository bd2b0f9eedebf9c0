/**
 * 订单支付 (SCREENS §1 order/pay, §5.1 steps 4–6): amount, countdown to expireAt (mm:ss; at 0 订单已超时
 * and no paying), the order summary and the pay methods the order offers. 立即支付 launches the payment
 * and leaves for the provider's page (payUrl), which comes back with &from=pay; then GET /api/pay/status
 * is polled every 2 s, up to 10 times: 支付成功, or 支付结果确认中 with 我已支付 / 重新支付. An order that is
 * not waiting for payment shows its result or status instead of the form.
 */
import { type OnlinePayType, ShopOrderStatus } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, Radio, Result } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { PayTypeIcon } from '../../../components/pay-type-icon';
import { goHome, navigateTo } from '../../../platform/navigation';
import { formatNumber } from '../../numbers/number-format';
import { reportPoint } from '../../site/api/report-point';
import { useDictLabel } from '../../site/dict-label';
import { formatMmSs, useSecondsLeft } from '../../sms/countdown';
import { type OrderDetail, orderQueryKey, useOrder } from '../api/get-order';
import { getPayStatus } from '../api/get-pay-status';
import { ORDERS_KEY } from '../api/list-orders';
import { payOrder } from '../api/pay-order';
import { browser } from '../browser';
import { parseApiDateTime } from '../date-time';
import { withLoading } from '../loading';
import { ORDER_LIST_PATH, ORDER_PAY_PATH } from '../paths';
import { followLaunchHere } from '../pay-launch';
import { outcomeOf, pollPayment } from '../pay-polling';
import './order.css';

export type PayPhase = 'form' | 'checking' | 'paid' | 'pending' | 'closed' | 'status';

/** What the page shows for an order as loaded (SCREENS §1: status ≠ 待支付 → the result instead). */
export function initialPhase(order: Pick<OrderDetail, 'orderStatus' | 'payStatus'>, fromPay: boolean): PayPhase {
  const outcome = outcomeOf(order.payStatus);
  if (outcome === 'paid') return 'paid';
  if (outcome === 'closed' || order.orderStatus === ShopOrderStatus.CANCELLED) return 'closed';
  if (order.orderStatus !== ShopOrderStatus.UNPAID) return 'status';
  return fromPay ? 'checking' : 'form';
}

/** pay_success is sent once per order and visit (the server also deduplicates by order). */
const reportedPaid = new Set<string>();

function reportPaid(orderSn: string): void {
  if (reportedPaid.has(orderSn)) return;
  reportedPaid.add(orderSn);
  reportPoint({ event: 'pay_success', page: ORDER_PAY_PATH, orderSn });
}

const LABEL_KEYS: Record<OnlinePayType, 'order.pay.wxpay' | 'order.pay.alipay'> = {
  wxpay: 'order.pay.wxpay',
  alipay: 'order.pay.alipay',
};

function PayForm({ order, onCheck }: { order: OrderDetail; onCheck: () => void }) {
  const { t } = useTranslation();
  const [payType, setPayType] = useState<OnlinePayType | undefined>(order.payTypes[0]);
  const endAt = parseApiDateTime(order.expireAt);
  const seconds = useSecondsLeft(endAt);
  const expired = endAt !== null && seconds === 0;
  const busy = useRef(false);

  const pay = async () => {
    if (!payType || expired || busy.current) return;
    busy.current = true;
    try {
      const launch = await withLoading(() => payOrder(order.orderSn, payType, browser.currentUrl()));
      await followLaunchHere(launch, onCheck);
    } catch {
      // the request wrapper told the shopper why (30003 温馨提示)
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="order-pay" data-testid="pay-form">
      <section className="order-pay__head">
        <div className="order-pay__label">{t('order.pay.amount')}</div>
        <div className="order-pay__amount" data-testid="pay-amount">
          {formatYuan(order.payAmount)}
        </div>
        {endAt !== null ? (
          <div
            className={`order-pay__countdown${expired ? ' order-pay__countdown--expired' : ''}`}
            data-testid="pay-countdown"
          >
            {expired ? t('order.pay.expired') : t('order.pay.expireIn', { time: formatMmSs(seconds) })}
          </div>
        ) : null}
      </section>
      <List mode="card" header={t('order.pay.summary')} data-testid="pay-summary">
        <List.Item extra={<span data-shop-content>{order.title}</span>}>{t('order.pay.goods')}</List.Item>
        {order.number ? <List.Item extra={formatNumber(order.number)}>{t('order.pay.number')}</List.Item> : null}
        {order.packageName ? (
          <List.Item extra={<span data-shop-content>{order.packageName}</span>}>{t('order.pay.package')}</List.Item>
        ) : null}
        <List.Item extra={order.orderSn}>{t('order.pay.orderSn')}</List.Item>
      </List>
      <List mode="card" header={t('order.pay.method')} data-testid="pay-methods">
        {order.payTypes.length === 0 ? (
          <List.Item>{t('order.pay.noMethod')}</List.Item>
        ) : (
          <Radio.Group value={payType} onChange={(v) => setPayType(v as OnlinePayType)}>
            {order.payTypes.map((type) => (
              <List.Item
                key={type}
                onClick={() => setPayType(type)}
                extra={<Radio value={type} data-testid={`pay-type-${type}`} />}
              >
                <span className="order-pay__method">
                  <PayTypeIcon type={type} />
                  {t(LABEL_KEYS[type])}
                </span>
              </List.Item>
            ))}
          </Radio.Group>
        )}
      </List>
      <div className="order-pay__bar">
        <Button
          block
          color="primary"
          size="large"
          disabled={expired || !payType}
          onClick={() => void pay()}
          data-testid="pay-submit"
        >
          {expired ? t('order.pay.expired') : t('order.pay.submit')}
        </Button>
      </div>
    </div>
  );
}

function ResultActions({ children }: { children: ReactNode }) {
  return <div className="order-result__actions">{children}</div>;
}

function DoneActions() {
  const { t } = useTranslation();
  return (
    <ResultActions>
      <Button block color="primary" onClick={() => navigateTo(ORDER_LIST_PATH)} data-testid="pay-view-orders">
        {t('order.pay.viewOrders')}
      </Button>
      <Button block fill="outline" onClick={() => goHome()} data-testid="pay-back-home">
        {t('order.pay.backHome')}
      </Button>
    </ResultActions>
  );
}

export function PayView({ orderSn, fromPay }: { orderSn: string; fromPay: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const detail = useOrder(orderSn);
  const statusLabel = useDictLabel('shop_order_status');
  const [phase, setPhase] = useState<PayPhase | null>(null);

  useEffect(() => {
    if (phase === null && detail.data) setPhase(initialPhase(detail.data, fromPay));
  }, [phase, detail.data, fromPay]);

  // Back from the provider's page restored from the page cache: look for the result.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setPhase((p) => (p === 'form' ? 'checking' : p));
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    if (phase !== 'checking') return;
    const controller = new AbortController();
    void pollPayment(orderSn, { getStatus: getPayStatus, signal: controller.signal }).then((outcome) => {
      if (outcome === 'aborted') return;
      setPhase(outcome === 'unpaid' ? 'pending' : outcome);
      if (outcome !== 'unpaid') {
        void client.invalidateQueries({ queryKey: [ORDERS_KEY] });
        void client.invalidateQueries({ queryKey: orderQueryKey(orderSn) });
      }
    });
    return () => controller.abort();
  }, [phase, orderSn, client]);

  useEffect(() => {
    if (phase === 'paid') reportPaid(orderSn);
  }, [phase, orderSn]);

  if (!orderSn) {
    return <ErrorBlock status="empty" title={t('order.pay.missing')} description="" />;
  }
  return (
    <PageState
      loading={detail.isPending || (detail.isSuccess && phase === null)}
      error={detail.isError ? detail.error : undefined}
      onRetry={() => void detail.refetch()}
      skeletonRows={6}
    >
      {detail.data && phase === 'form' ? (
        <PayForm key={detail.dataUpdatedAt} order={detail.data} onCheck={() => setPhase('checking')} />
      ) : null}
      {phase === 'checking' ? (
        <div className="order-result" data-testid="pay-checking">
          <Result status="waiting" title={t('order.pay.checking')} />
        </div>
      ) : null}
      {phase === 'paid' ? (
        <div className="order-result" data-testid="pay-success">
          <Result status="success" title={t('order.pay.success')} description={t('order.pay.successHint')} />
          <DoneActions />
        </div>
      ) : null}
      {phase === 'pending' ? (
        <div className="order-result" data-testid="pay-pending">
          <Result status="waiting" title={t('order.pay.pending')} description={t('order.pay.pendingHint')} />
          <ResultActions>
            <Button block color="primary" onClick={() => setPhase('checking')} data-testid="pay-paid-already">
              {t('order.pay.paidAlready')}
            </Button>
            <Button
              block
              fill="outline"
              onClick={() => {
                void detail.refetch();
                setPhase('form');
              }}
              data-testid="pay-again"
            >
              {t('order.pay.repay')}
            </Button>
          </ResultActions>
        </div>
      ) : null}
      {phase === 'closed' ? (
        <div className="order-result" data-testid="pay-closed">
          <Result status="error" title={t('order.pay.closed')} description={t('order.pay.closedHint')} />
          <DoneActions />
        </div>
      ) : null}
      {phase === 'status' && detail.data ? (
        <div className="order-result" data-testid="pay-status">
          <Result
            status="info"
            title={t('order.pay.statusTitle', { status: statusLabel(detail.data.orderStatus) })}
            description={t('order.pay.statusHint', { orderSn })}
          />
          <DoneActions />
        </div>
      ) : null}
    </PageState>
  );
}
