/**
 * What the holder can do with a mall order (SCREENS §4 order list and details): 取消订单 (unpaid, or
 * points-only not yet shipped; confirm first, points come back), 去支付 (unpaid, inside its 15 minutes),
 * 查看物流 (shipped express), 确认收货 (shipped express).
 */
import type { IntegralShopOrder } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/react';
import { showModal, showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { cancelMallOrder } from '../api/cancel-mall-order';
import { confirmMallOrder } from '../api/confirm-mall-order';
import { canCancel, canConfirm, canPay, hasShipment } from '../mall-rules';
import { MALL_LOGISTICS_PATH, MALL_REPAY_PATH } from '../paths';
import { MALL_KEY } from '../query-keys';
import '../i18n';
import './common.css';

/** Cancel and confirm receipt, each after a confirm dialog; the mall's data and the card refresh after. */
export function useOrderActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['simInfo'] });
    void client.invalidateQueries({ queryKey: [MALL_KEY] });
  };
  // A refusal (当前状态不可取消 …) is told by the request wrapper; the lists are read again either way.
  const cancelling = useAction((orderSn: string) => cancelMallOrder(orderSn), {
    loading: true,
    onSuccess: () => showToast(t('iotMall.orders.cancelled'), { icon: 'success' }),
    onSettled: refresh,
  });
  const confirming = useAction((orderSn: string) => confirmMallOrder(orderSn), {
    loading: true,
    onSuccess: () => showToast(t('iotMall.orders.received'), { icon: 'success' }),
    onSettled: refresh,
  });
  return {
    async cancel(order: IntegralShopOrder) {
      if (await showModal({ content: t('iotMall.orders.cancelConfirm') })) await cancelling.run(order.orderSn);
    },
    async confirm(order: IntegralShopOrder) {
      if (await showModal({ content: t('iotMall.orders.confirmReceiptAsk') })) await confirming.run(order.orderSn);
    },
  };
}

export function OrderActions({ order }: { order: IntegralShopOrder }) {
  const { t } = useTranslation();
  const actions = useOrderActions();
  const buttons = [
    canCancel(order) ? (
      <Button
        key="cancel"
        size="small"
        shape="rounded"
        onClick={() => void actions.cancel(order)}
        data-testid="order-cancel"
      >
        {t('iotMall.orders.cancel')}
      </Button>
    ) : null,
    hasShipment(order) ? (
      <Button
        key="logistics"
        size="small"
        shape="rounded"
        onClick={() => navigateTo(MALL_LOGISTICS_PATH, { orderSn: order.orderSn })}
        data-testid="order-logistics"
      >
        {t('iotMall.orders.logistics')}
      </Button>
    ) : null,
    canConfirm(order) ? (
      <Button
        key="confirm"
        size="small"
        shape="rounded"
        color="danger"
        fill="outline"
        onClick={() => void actions.confirm(order)}
        data-testid="order-confirm-receipt"
      >
        {t('iotMall.orders.confirmReceipt')}
      </Button>
    ) : null,
    canPay(order) ? (
      <Button
        key="pay"
        size="small"
        shape="rounded"
        color="danger"
        onClick={() => navigateTo(MALL_REPAY_PATH, { orderSn: order.orderSn })}
        data-testid="order-pay"
      >
        {t('iotMall.orders.pay')}
      </Button>
    ) : null,
  ].filter(Boolean);
  if (buttons.length === 0) return null;
  return (
    <div className="mall-actions" data-testid="order-actions">
      {buttons}
    </div>
  );
}
