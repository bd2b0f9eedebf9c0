/**
 * The card's orders on the one cashier (SCREENS §3 balance/pay, couponChoose/pay, package online pay;
 * §5.3–5.4), for the recharge, recharge-activity and package screens: the order of GET /api/iot/orderInfo
 * (title, gift or coupon), paid by POST /api/iot/payOrder; 支付成功 refreshes the card so its balance
 * shows (and where a recharge went: arrears first); 订单已关闭 offers to order again.
 */
import { fenToYuan, type OnlinePayType, yuanToFen } from '@haoka/contract';
import { Button, List } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { formatYuan } from '../../../components/money';
import { EmptyAction, EmptyState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { IOT_HOME_PATH, redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useIotStore } from '../../../stores/iot';
import { putSimInfo } from '../../iot-core/api/get-sim-info';
import { refreshSim } from '../../iot-core/api/refresh-sim';
import { Cashier, CashierActions, CashierResult } from '../../payment/cashier';
import { type IotOrder, useIotOrder } from '../api/get-iot-order';
import { payIotOrder } from '../api/pay-iot-order';
import { type CashierKind, cashierPhase, initialPayType, isPositiveMoney } from '../money-rules';
import { BALANCE_PATH, COUPON_CHOOSE_PATH, ORDER_LOGS_PATH, PACKAGE_INFO_PATH, PACKAGE_LIST_PATH } from '../paths';
import { BUY_KEY } from '../query-keys';
import './common.css';
import './iot-cashier.css';
import '../i18n';

export interface IotCashierProps {
  orderSn: string;
  /** Back from the provider's page (`&from=pay`): look for the result at once. */
  fromPay: boolean;
  /** Called once when the outcome is known: paid, or closed (also for an order loaded in that state). */
  onDone?: (outcome: 'paid' | 'closed') => void;
  /** Where 完成 goes after a successful payment; by default the kind's own page. */
  successPath?: string;
}

/** The one cashier's poll pacing, which the tests shorten. */
export { cashierPolling } from '../../payment/cashier';

const DEFAULT_SUCCESS_PATH: Record<CashierKind, string> = {
  balance: IOT_HOME_PATH,
  package: PACKAGE_INFO_PATH,
  coupon: IOT_HOME_PATH,
};

/** Where 重新下单 goes from a closed order of each kind. */
const AGAIN_PATH: Record<CashierKind, string> = {
  balance: BALANCE_PATH,
  package: PACKAGE_LIST_PATH,
  coupon: COUPON_CHOOSE_PATH,
};

/** The 订单记录 tab listing orders of the kind (recharge activities have none). */
const RECORDS_TAB: Record<CashierKind, string | null> = { balance: 'balance', package: 'package', coupon: null };

function Summary({ order }: { order: IotOrder }) {
  const { t } = useTranslation();
  return (
    <List mode="card" header={t('iotBuy.cashier.summary')} data-testid="cashier-summary">
      <List.Item
        description={t(`iotBuy.cashier.kind.${order.kind}`)}
        extra={<span data-testid="cashier-title">{order.title}</span>}
      >
        {t('iotBuy.cashier.content')}
      </List.Item>
      {order.kind === 'balance' && isPositiveMoney(order.gift) ? (
        <List.Item extra={<span data-testid="cashier-gift">{formatYuan(order.gift)}</span>}>
          {t('iotBuy.cashier.gift')}
        </List.Item>
      ) : null}
      {isPositiveMoney(order.couponAmount) ? (
        <List.Item extra={<span data-testid="cashier-coupon">-{formatYuan(order.couponAmount)}</span>}>
          {t('iotBuy.cashier.coupon')}
        </List.Item>
      ) : null}
      <List.Item
        extra={
          <span className="money-copy-line">
            <span data-testid="cashier-order-sn">{order.orderSn}</span>
            <button type="button" className="money-link" onClick={() => void copyText(order.orderSn)}>
              {t('iotBuy.common.copy')}
            </button>
          </span>
        }
      >
        {t('iotBuy.common.orderSn')}
      </List.Item>
    </List>
  );
}

function HomeButton() {
  const { t } = useTranslation();
  return (
    <Button block fill="outline" onClick={() => redirectTo(IOT_HOME_PATH)} data-testid="cashier-home">
      {t('iotBuy.common.backIotHome')}
    </Button>
  );
}

/** Where a paid recharge went: arrears first (SCREENS §5.4), the rest to the balance. */
function balanceHint(t: TFunction, order: IotOrder): string {
  const arrearsFen = yuanToFen(order.arrearsPaid);
  if (arrearsFen <= 0) return t('iotBuy.cashier.successBalanceHint', { amount: order.payAmount });
  const restFen = yuanToFen(order.payAmount) - arrearsFen;
  if (restFen <= 0) return t('iotBuy.cashier.successArrearsHint', { arrears: order.arrearsPaid });
  return t('iotBuy.cashier.successArrearsRestHint', { arrears: order.arrearsPaid, amount: fenToYuan(restFen) });
}

function SuccessView({
  order,
  successPath,
  balanceNow,
}: {
  order: IotOrder;
  successPath?: string;
  balanceNow: string | null;
}) {
  const { t } = useTranslation();
  const recordsTab = RECORDS_TAB[order.kind];
  const isBalance = order.kind === 'balance';
  const description = isBalance
    ? [
        balanceHint(t, order),
        isPositiveMoney(order.gift) ? t('iotBuy.cashier.successGiftHint', { amount: order.gift }) : '',
      ]
        .filter(Boolean)
        .join(t('text.clauseSeparator'))
    : t('iotBuy.cashier.successHint', { orderSn: order.orderSn });
  return (
    <CashierResult
      status="success"
      title={isBalance ? t('iotBuy.cashier.successBalance') : t('iotBuy.cashier.success')}
      hint={description}
      testId="cashier-success"
      kind={order.kind}
    >
      {balanceNow !== null ? (
        <p className="money-result__balance" data-testid="cashier-balance-now">
          {t('iotBuy.cashier.balanceNow', { amount: balanceNow })}
        </p>
      ) : null}
      <CashierActions>
        <Button
          block
          color="primary"
          onClick={() => redirectTo(successPath ?? DEFAULT_SUCCESS_PATH[order.kind])}
          data-testid="cashier-done"
        >
          {t('iotBuy.cashier.done')}
        </Button>
        {recordsTab ? (
          <Button
            block
            fill="outline"
            onClick={() => redirectTo(ORDER_LOGS_PATH, { tab: recordsTab })}
            data-testid="cashier-records"
          >
            {t('iotBuy.cashier.viewRecords')}
          </Button>
        ) : (
          <HomeButton />
        )}
      </CashierActions>
    </CashierResult>
  );
}

export function IotCashier({ orderSn, fromPay, onDone, successPath }: IotCashierProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const simNo = useIotStore((st) => st.simNo);
  const order = useIotOrder(orderSn);
  const [balanceNow, setBalanceNow] = useState<string | null>(null);

  if (!orderSn) {
    return (
      <EmptyState
        className="money-result"
        testId="cashier-missing"
        title={t('iotBuy.cashier.missing')}
        action={<EmptyAction label={t('iotBuy.common.backIotHome')} onClick={() => redirectTo(IOT_HOME_PATH)} />}
      />
    );
  }

  return (
    <Cashier
      orderSn={orderSn}
      order={order}
      fromPay={fromPay}
      phaseOf={cashierPhase}
      initialPayType={(o) => initialPayType(o.payTypes, o.payType)}
      // The list offers the order's own methods, all online.
      launch={(o, pay) => payIotOrder(o.orderSn, pay.payType as OnlinePayType, pay.returnUrl ?? '')}
      texts="iotBuy.cashier"
      ids={{
        prefix: 'cashier',
        payTypes: 'money-pay-types',
        payType: (type) => `money-pay-type-${type}`,
        noPayType: 'money-no-pay-type',
      }}
      kindOf={(o) => o.kind}
      summary={(o) => <Summary order={o} />}
      result={(phase, o) =>
        phase === 'paid' ? (
          <SuccessView order={o} successPath={successPath} balanceNow={balanceNow} />
        ) : (
          <CashierResult
            status="error"
            title={t('iotBuy.cashier.closed')}
            hint={t('iotBuy.cashier.closedHint')}
            testId="cashier-closed"
          >
            <CashierActions>
              <Button block color="primary" onClick={() => redirectTo(AGAIN_PATH[o.kind])} data-testid="cashier-again">
                {t(`iotBuy.cashier.again.${o.kind}`)}
              </Button>
              <HomeButton />
            </CashierActions>
          </CashierResult>
        )
      }
      // A paid order refreshes the card (balance, needBuyCoupon, flow) and the lists.
      onOutcome={(outcome) => {
        void client.invalidateQueries({ queryKey: [BUY_KEY] });
        if (outcome === 'paid' && simNo) {
          refreshSim(simNo, 0)
            .then(({ data }) => {
              putSimInfo(client, simNo, data);
              setBalanceNow(data.balance);
            })
            .catch(() => {
              // the request wrapper told the holder why; the payment itself is done
            });
        }
        onDone?.(outcome);
      }}
    />
  );
}
