/**
 * 充值订单 (SCREENS §3 orderLogs/BalanceList): the card's recharge orders (GET /api/iot/simBalanceList) as
 * an infinite list — orderSn with copy, amount, gift, pay type, status (dictionary
 * `balance_order_status`: 0 待支付 / 1 已到账 / 2 已关闭 / 3 已退款), times. A 待支付 row still within its
 * time → 去支付 (balance/pay?orderSn=). Empty: 暂无充值记录.
 */
import type { BalanceOrder } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { InfiniteList } from '../../../components/infinite-list';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { navigateTo } from '../../../platform/navigation';
import { DictTag } from '../../site/dict-label';
import { listSimBalanceOrders, simBalanceOrdersKey } from '../api/list-sim-balance-orders';
import { canStillPay, isPositiveMoney } from '../money-rules';
import { BALANCE_PATH, BALANCE_PAY_PATH } from '../paths';
import { Line, usePackageLabels } from './package-order-list';
import './common.css';
import '../i18n';

function BalanceOrderRow({ order }: { order: BalanceOrder }) {
  const { t } = useTranslation();
  const labels = usePackageLabels();
  return (
    <article className="money-row" data-testid="bal-order" data-sn={order.orderSn}>
      <header className="money-row__head">
        <span className="money-row__title">
          {t('iotBuy.logs.amount')} <strong data-testid="bal-order-amount">{formatYuan(order.amount)}</strong>
        </span>
        <DictTag type="balance_order_status" value={order.status} testId="bal-order-status" />
      </header>
      {isPositiveMoney(order.gift) ? (
        <Line label={t('iotBuy.logs.gift')} testId="bal-order-gift">
          {formatYuan(order.gift)}
        </Line>
      ) : null}
      {order.payType ? (
        <Line label={t('iotBuy.logs.payType')} testId="bal-order-pay-type">
          {labels.payType(order.payType)}
        </Line>
      ) : null}
      {order.rechargeNo ? <Line label={t('iotBuy.logs.rechargeNo')}>{order.rechargeNo}</Line> : null}
      <Line label={t('iotBuy.common.orderSn')}>
        <span className="money-copy-line">
          <span data-testid="bal-order-sn">{order.orderSn}</span>
          <button
            type="button"
            className="money-link"
            onClick={() => void copyText(order.orderSn)}
            data-testid="bal-order-copy"
          >
            {t('iotBuy.common.copy')}
          </button>
        </span>
      </Line>
      <Line label={t('iotBuy.common.createdAt')} testId="bal-order-created">
        {order.createdAt}
      </Line>
      {order.paidAt ? <Line label={t('iotBuy.logs.paidAt')}>{order.paidAt}</Line> : null}
      {canStillPay(order) ? (
        <footer className="money-row__actions">
          <Button
            size="small"
            color="primary"
            onClick={() => navigateTo(BALANCE_PAY_PATH, { orderSn: order.orderSn })}
            data-testid={`bal-order-pay-${order.orderSn}`}
          >
            {t('iotBuy.logs.pay')}
          </Button>
        </footer>
      ) : null}
    </article>
  );
}

export function BalanceOrderList({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  return (
    <InfiniteList<BalanceOrder>
      queryKey={simBalanceOrdersKey(simNo)}
      fetchPage={(page, pageSize) => listSimBalanceOrders({ page, pageSize })}
      itemKey={(o) => o.orderSn}
      renderItem={(o) => <BalanceOrderRow order={o} />}
      className="money-list"
      emptyText={t('iotBuy.logs.emptyBalance')}
      emptyAction={
        <Button size="small" color="primary" onClick={() => navigateTo(BALANCE_PATH)} data-testid="bal-order-recharge">
          {t('iotBuy.balance.submit')}
        </Button>
      }
    />
  );
}
