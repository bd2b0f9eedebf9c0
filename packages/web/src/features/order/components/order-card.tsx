/**
 * One order of 我的订单 (SCREENS §1 order/index): order number (copy), status tag from the dictionary,
 * title or number, package, amount, time, and the buttons of its status: 待支付 取消订单 / 去支付, 已发货
 * 查看物流, any 联系客服; a completed number order 评价 (the review sheet), then 已评价.
 */
import type { ShopOrder } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { CUSTOMER_PATH, navigateTo } from '../../../platform/navigation';
import { ReviewSheet } from '../../numbers/components/review-sheet';
import { formatNumber } from '../../numbers/number-format';
import { DictTag } from '../../site/dict-label';
import { type OrderAction, orderActions } from '../order-status';
import { ORDER_LOGISTICS_PATH, ORDER_PAY_PATH } from '../paths';
import '../i18n';

export interface OrderCardProps {
  order: ShopOrder;
  onCancel: (order: ShopOrder) => void;
  /** The buyer reviewed the order (the list reloads to show 已评价). */
  onReviewed: (order: ShopOrder) => void;
}

export function OrderCard({ order, onCancel, onReviewed }: OrderCardProps) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState(false);
  const run: Record<OrderAction, () => void> = {
    contact: () => navigateTo(CUSTOMER_PATH),
    cancel: () => onCancel(order),
    pay: () => navigateTo(ORDER_PAY_PATH, { orderSn: order.orderSn }),
    logistics: () => navigateTo(ORDER_LOGISTICS_PATH, { orderSn: order.orderSn }),
    review: () => setReviewing(true),
  };
  const labels: Record<OrderAction, string> = {
    contact: t('order.list.contact'),
    cancel: t('order.list.cancel'),
    pay: t('order.list.pay'),
    logistics: t('order.list.logistics'),
    review: t('numberReviews.write'),
  };
  return (
    <article
      className="order-card"
      data-testid="order-card"
      data-order-sn={order.orderSn}
      data-status={order.orderStatus}
    >
      <header className="order-card__head">
        <span className="order-card__sn">
          <span data-testid="order-sn">{t('order.list.orderSn', { orderSn: order.orderSn })}</span>
          <button
            type="button"
            className="order-card__copy"
            onClick={() => void copyText(order.orderSn)}
            data-testid="order-copy"
          >
            {t('order.list.copy')}
          </button>
        </span>
        <DictTag type="shop_order_status" value={order.orderStatus} testId="order-status" />
      </header>
      <div className="order-card__body">
        {order.goodsImage ? <img className="order-card__image" src={order.goodsImage} alt="" /> : null}
        <div className="order-card__main">
          <h3 className="order-card__title" data-shop-content data-testid="order-title">
            {order.number ? formatNumber(order.number) : order.title}
          </h3>
          {order.number && order.title ? (
            <p className="order-card__line" data-shop-content>
              {order.title}
            </p>
          ) : null}
          {order.packageName ? (
            <p className="order-card__line">
              {t('order.list.package')}
              <span data-shop-content>{order.packageName}</span>
            </p>
          ) : null}
          <p className="order-card__line">
            {t('order.list.createdAt')}
            {order.createdAt}
          </p>
        </div>
      </div>
      <div className="order-card__amount">
        {t('order.list.amount')} <strong data-testid="order-amount">{formatYuan(order.payAmount)}</strong>
      </div>
      <footer className="order-card__actions">
        {order.review === 'done' ? (
          <span className="order-card__reviewed" data-testid="order-reviewed">
            {t('numberReviews.written')}
          </span>
        ) : null}
        {orderActions(order.orderStatus, order.review).map((action) => (
          <Button
            key={action}
            size="small"
            shape="rounded"
            color={action === 'pay' || action === 'review' ? 'primary' : 'default'}
            fill={action === 'pay' ? 'solid' : 'outline'}
            onClick={run[action]}
            data-testid={`order-action-${action}`}
          >
            {labels[action]}
          </Button>
        ))}
      </footer>
      {order.review === 'open' ? (
        <ReviewSheet
          orderSn={order.orderSn}
          visible={reviewing}
          onClose={() => setReviewing(false)}
          onDone={() => {
            setReviewing(false);
            onReviewed(order);
          }}
        />
      ) : null}
    </article>
  );
}
