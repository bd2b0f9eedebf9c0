/**
 * The result of a free order (SCREENS §1): 提交成功，等待审核 for goods, 预约成功 for a number, with the
 * order number, 查看订单 and 返回首页.
 */
import { Button, Result } from 'antd-mobile';
import { useTranslation } from '../../../i18n/react';
import { goHome, navigateTo } from '../../../platform/navigation';
import { ORDER_LIST_PATH } from '../paths';
import './order.css';
import '../i18n';

export function OrderSubmitted({ kind, orderSn }: { kind: 'goods' | 'number'; orderSn: string }) {
  const { t } = useTranslation();
  return (
    <div className="order-result" data-testid="order-submitted" data-order-sn={orderSn}>
      <Result
        status="success"
        title={kind === 'goods' ? t('order.submit.goodsDone') : t('order.submit.numberDone')}
        description={t('order.submit.doneHint', { orderSn })}
      />
      <div className="order-result__actions">
        <Button block color="primary" onClick={() => navigateTo(ORDER_LIST_PATH)} data-testid="order-submitted-view">
          {t('order.submit.viewOrders')}
        </Button>
        <Button block fill="outline" onClick={() => goHome()}>
          {t('order.submit.backHome')}
        </Button>
      </div>
    </div>
  );
}
