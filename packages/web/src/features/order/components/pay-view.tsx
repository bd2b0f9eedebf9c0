/**
 * 订单支付 (SCREENS §1 order/pay, §5.1 steps 4–6): the shop order on the one cashier
 * (`features/payment/cashier.tsx`), with its summary, its results and pay_success.
 */
import { type OnlinePayType, ShopOrderStatus } from '@haoka/contract';
import { Button, List } from 'antd-mobile';
import { ErrorBlock } from '../../../components/error-block';
import { useTranslation } from '../../../i18n/react';
import { goHome, navigateTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { formatNumber } from '../../numbers/number-format';
import { Cashier, CashierActions, CashierResult } from '../../payment/cashier';
import { outcomeOf } from '../../payment/pay-polling';
import type { CashierPhase } from '../../payment/use-cashier-phase';
import { reportPoint } from '../../site/api/report-point';
import { useDictLabel } from '../../site/dict-label';
import { type OrderDetail, orderQueryKey, useOrder } from '../api/get-order';
import { ORDERS_KEY } from '../api/list-orders';
import { payOrder } from '../api/pay-order';
import { ORDER_LIST_PATH, ORDER_PAY_PATH } from '../paths';
import './order.css';
import '../i18n';

export type PayPhase = CashierPhase;

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

function Summary({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <List mode="card" header={t('order.pay.summary')} data-testid="pay-summary">
      <List.Item extra={<span data-shop-content>{order.title}</span>}>{t('order.pay.goods')}</List.Item>
      {order.number ? <List.Item extra={formatNumber(order.number)}>{t('order.pay.number')}</List.Item> : null}
      {order.packageName ? (
        <List.Item extra={<span data-shop-content>{order.packageName}</span>}>{t('order.pay.package')}</List.Item>
      ) : null}
      <List.Item extra={order.orderSn}>{t('order.pay.orderSn')}</List.Item>
    </List>
  );
}

function DoneActions() {
  const { t } = useTranslation();
  return (
    <CashierActions>
      <Button block color="primary" onClick={() => navigateTo(ORDER_LIST_PATH)} data-testid="pay-view-orders">
        {t('order.pay.viewOrders')}
      </Button>
      <Button block fill="outline" onClick={() => goHome()} data-testid="pay-back-home">
        {t('order.pay.backHome')}
      </Button>
    </CashierActions>
  );
}

function PayResult({ phase, order }: { phase: 'paid' | 'closed' | 'status'; order: OrderDetail }) {
  const { t } = useTranslation();
  const statusLabel = useDictLabel('shop_order_status');
  const view = {
    paid: { status: 'success' as const, title: t('order.pay.success'), hint: t('order.pay.successHint') },
    closed: { status: 'error' as const, title: t('order.pay.closed'), hint: t('order.pay.closedHint') },
    status: {
      status: 'info' as const,
      title: t('order.pay.statusTitle', { status: statusLabel(order.orderStatus) }),
      hint: t('order.pay.statusHint', { orderSn: order.orderSn }),
    },
  }[phase];
  return (
    <CashierResult
      status={view.status}
      title={view.title}
      hint={view.hint}
      testId={phase === 'paid' ? 'pay-success' : `pay-${phase}`}
    >
      <DoneActions />
    </CashierResult>
  );
}

/**
 * 订单支付 (SCREENS §1 order/pay, §5.1 steps 4–6) on the one cashier: the order summary and the pay
 * methods it offers; back from paying, 支付成功 (pay_success reported once) or 支付结果确认中; an order
 * not waiting for payment shows its result or status instead of the form.
 */
export function PayView({ orderSn, fromPay }: { orderSn: string; fromPay: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const detail = useOrder(orderSn);

  if (!orderSn) {
    return <ErrorBlock status="empty" title={t('order.pay.missing')} description="" />;
  }
  return (
    <Cashier
      orderSn={orderSn}
      order={detail}
      fromPay={fromPay}
      phaseOf={initialPhase}
      initialPayType={(order) => order.payTypes[0]}
      // The list offers the order's own methods, all online.
      launch={(order, pay) => payOrder(order.orderSn, pay.payType as OnlinePayType, pay.returnUrl ?? '')}
      texts="order.pay"
      ids={{ prefix: 'pay', repay: 'pay-again', payTypes: 'pay-methods', payType: (type) => `pay-type-${type}` }}
      summary={(order) => <Summary order={order} />}
      result={(phase, order) => <PayResult phase={phase} order={order} />}
      onOutcome={(outcome, polled) => {
        if (outcome === 'paid') reportPaid(orderSn);
        if (polled) {
          void client.invalidateQueries({ queryKey: [ORDERS_KEY] });
          void client.invalidateQueries({ queryKey: orderQueryKey(orderSn) });
        }
      }}
    />
  );
}
