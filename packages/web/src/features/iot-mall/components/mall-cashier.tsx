/**
 * The points mall's orders on the one cashier (SCREENS §4 details/cashier and order/orderDetails/pay):
 * the cash part of an unpaid order, with the goods and the points already taken, paid by POST
 * /api/iot/repayShopOrder from the balance (preferred when it covers the amount; the pay-password
 * keyboard) or online. 支付成功 / 订单已关闭 (points returned) → 查看订单 or 返回商城.
 */
import { type IntegralShopOrderDetails, type OnlinePayType, type PayType, yuanToFen } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { ErrorBlock } from '../../../components/error-block';
import { useTranslation } from '../../../i18n/react';
import { redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { Cashier, CashierActions, CashierResult, useCashierQuery } from '../../payment/cashier';
import { useMallOrder } from '../api/get-mall-order';
import { REPAY_SILENT, repayMallOrder } from '../api/repay-mall-order';
import { cashierPhase } from '../mall-rules';
import { MALL_INDEX_PATH, MALL_ORDER_PATH } from '../paths';
import { MALL_KEY } from '../query-keys';
import './common.css';
import '../i18n';

/** The one cashier's poll pacing, which the tests shorten. */
export { cashierPolling as mallCashierPolling } from '../../payment/cashier';

const isOnline = (type: PayType | undefined): type is OnlinePayType => type === 'wxpay' || type === 'alipay';

const balanceEnough = (order: IntegralShopOrderDetails) => yuanToFen(order.balance) >= yuanToFen(order.payAmount);

/** The balance when it covers the amount, else the first online method. */
function firstPayType(order: IntegralShopOrderDetails): PayType | undefined {
  if (order.payTypes.includes('balance') && balanceEnough(order)) return 'balance';
  return order.payTypes.find(isOnline);
}

function Summary({ order }: { order: IntegralShopOrderDetails }) {
  const { t } = useTranslation();
  return (
    <div className="mall-block">
      <div className="mall-kv">
        <span>{t('iotMall.cashier.goods')}</span>
        <strong data-testid="mall-cashier-goods">
          {order.goods.name}
          {order.goods.specText ? ` ${order.goods.specText}` : ''} ×{order.goods.quantity}
        </strong>
      </div>
      <div className="mall-kv">
        <span>{t('iotMall.cashier.points')}</span>
        <strong data-testid="mall-cashier-points">{t('iotMall.common.points', { count: order.points })}</strong>
      </div>
    </div>
  );
}

export interface MallCashierProps {
  simNo: string;
  orderSn: string;
  /** Back from the provider's page (`&from=pay`): look for the result at once. */
  fromPay: boolean;
  /** After a 30003 (the order closed while paying); by default the cashier shows the order's state again. */
  onRejected?: () => void;
}

export function MallCashier({ simNo, orderSn, fromPay, onRejected }: MallCashierProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const order = useMallOrder(simNo, orderSn);

  if (!orderSn) {
    return (
      <ErrorBlock
        status="empty"
        title={t('iotMall.cashier.missing')}
        description=""
        data-testid="mall-cashier-missing"
      />
    );
  }
  const actions = (
    <CashierActions>
      <Button
        block
        color="danger"
        onClick={() => redirectTo(MALL_ORDER_PATH, { orderSn })}
        data-testid="mall-cashier-view"
      >
        {t('iotMall.cashier.viewOrder')}
      </Button>
      <Button block fill="outline" onClick={() => redirectTo(MALL_INDEX_PATH)} data-testid="mall-cashier-mall">
        {t('iotMall.cashier.backToMall')}
      </Button>
    </CashierActions>
  );
  return (
    <Cashier
      orderSn={orderSn}
      order={order}
      fromPay={fromPay}
      phaseOf={cashierPhase}
      initialPayType={firstPayType}
      balanceOf={(o) => ({
        amount: o.balance,
        enough: balanceEnough(o),
        testId: 'mall-cashier-balance-hint',
        existPayPassword: o.existPayPassword,
      })}
      launch={(o, pay) => repayMallOrder({ orderSn: o.orderSn, ...pay })}
      silentCodes={REPAY_SILENT}
      texts="iotMall.cashier"
      ids={{
        prefix: 'mall-cashier',
        payTypes: 'money-pay-types',
        payType: (type) => (type === 'balance' ? 'mall-pay-balance' : `money-pay-type-${type}`),
      }}
      submitColor="danger"
      summary={(o) => <Summary order={o} />}
      result={(phase) =>
        phase === 'paid' ? (
          <CashierResult
            status="success"
            title={t('iotMall.cashier.success')}
            hint={t('iotMall.cashier.successHint', { orderSn })}
            testId="mall-cashier-success"
          >
            {actions}
          </CashierResult>
        ) : (
          <CashierResult
            status="error"
            title={t('iotMall.cashier.closed')}
            hint={t('iotMall.cashier.closedHint')}
            testId="mall-cashier-closed"
          >
            {actions}
          </CashierResult>
        )
      }
      // The card's points and balance, the mall's lists and this order change with the outcome.
      onOutcome={() => {
        void client.invalidateQueries({ queryKey: [MALL_KEY] });
        void client.invalidateQueries({ queryKey: ['simInfo'] });
      }}
      onRejected={onRejected}
    />
  );
}

/**
 * The cashier routes: details/cashier (after 提交订单) and order/orderDetails/pay (去支付 on an order). The
 * latter goes to the order once a 30003 dialog (the order closed) is dismissed.
 */
export function MallCashierPage({ toOrderOnReject }: { toOrderOnReject?: boolean }) {
  const { orderSn, fromPay } = useCashierQuery();
  return (
    <IotGuard>
      {(simNo) => (
        <MallCashier
          key={`${simNo}|${orderSn}|${fromPay}`}
          simNo={simNo}
          orderSn={orderSn}
          fromPay={fromPay}
          {...(toOrderOnReject ? { onRejected: () => redirectTo(MALL_ORDER_PATH, { orderSn }) } : {})}
        />
      )}
    </IotGuard>
  );
}
