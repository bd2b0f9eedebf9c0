/**
 * The IoT cashier (SCREENS §3 balance/pay, couponChoose/pay, package online pay; §5.3–5.4), shared by the
 * recharge, recharge-activity and package screens. It loads the order (GET /api/iot/orderInfo): title,
 * amount, gift or coupon, a countdown to expireAt (mm:ss; at 0 订单已超时 and no paying) and the order's
 * pay types. 确认支付 → POST /api/iot/payOrder → the provider's page (payUrl), which comes back with
 * &from=pay, or WeChat's JSAPI sheet. Back from paying, GET /api/pay/status is polled every 2 s up to
 * 10 times: 支付成功 (the card is refreshed so its balance shows) or 支付结果确认中 with 我已支付 /
 * 重新支付. A paid order shows its result; a closed, refunded or expired one 订单已关闭.
 */
import { ErrorCode, fenToYuan, type OnlinePayType, yuanToFen } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, Result } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { copyText } from '../../../platform/clipboard';
import { withLoading } from '../../../platform/loading';
import { IOT_HOME_PATH, redirectTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { useIotStore } from '../../../stores/iot';
import { putSimInfo } from '../../iot/api/get-sim-info';
import { refreshSim } from '../../iot/api/refresh-sim';
import { browser } from '../../order/browser';
import { parseApiDateTime } from '../../order/date-time';
import { followLaunchHere } from '../../payment/launch';
import { POLL_INTERVAL_MS, POLL_MAX_TRIES } from '../../payment/pay-polling';
import { useCashierPhase } from '../../payment/use-cashier-phase';
import { formatMmSs, useSecondsLeft } from '../../sms/countdown';
import { type IotOrder, useIotOrder } from '../api/get-iot-order';
import { payIotOrder } from '../api/pay-iot-order';
import { type CashierKind, cashierPhase, initialPayType, isPositiveMoney } from '../money-rules';
import { BALANCE_PATH, COUPON_CHOOSE_PATH, ORDER_LOGS_PATH, PACKAGE_INFO_PATH, PACKAGE_LIST_PATH } from '../paths';
import { MONEY_KEY } from '../query-keys';
import { PayTypePicker } from './pay-type-picker';
import '../iot-money.css';
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

/** Poll pacing (2 s × 10); an object so tests can shorten it. */
export const cashierPolling = { intervalMs: POLL_INTERVAL_MS, maxTries: POLL_MAX_TRIES };

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

function CashierForm({ order, onCheck, onRejected }: { order: IotOrder; onCheck: () => void; onRejected: () => void }) {
  const { t } = useTranslation();
  const [payType, setPayType] = useState<OnlinePayType | undefined>(() =>
    initialPayType(order.payTypes, order.payType),
  );
  const endAt = parseApiDateTime(order.expireAt);
  const seconds = useSecondsLeft(endAt);
  const expired = endAt !== null && seconds === 0;
  const busy = useRef(false);

  const pay = async () => {
    if (!payType || expired || busy.current) return;
    busy.current = true;
    try {
      const launch = await withLoading(() => payIotOrder(order.orderSn, payType, browser.currentUrl()));
      await followLaunchHere(launch, onCheck);
    } catch (error) {
      // The request wrapper told the holder why; a 30003 may mean the order closed meanwhile.
      if (error instanceof ApiError && error.code === ErrorCode.ORDER_REJECTED) onRejected();
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className="money-cashier" data-testid="cashier-form" data-kind={order.kind}>
      <section className="money-cashier__head">
        <div className="money-cashier__label">{t('iotMoney.cashier.amount')}</div>
        <div className="money-cashier__amount" data-testid="cashier-amount">
          {formatYuan(order.payAmount)}
        </div>
        {endAt !== null ? (
          <div
            className={`money-cashier__countdown${expired ? ' money-cashier__countdown--expired' : ''}`}
            data-testid="cashier-countdown"
          >
            {expired ? t('iotMoney.cashier.expired') : t('iotMoney.cashier.expireIn', { time: formatMmSs(seconds) })}
          </div>
        ) : null}
      </section>
      <List mode="card" header={t('iotMoney.cashier.summary')} data-testid="cashier-summary">
        <List.Item
          description={t(`iotMoney.cashier.kind.${order.kind}`)}
          extra={<span data-testid="cashier-title">{order.title}</span>}
        >
          {t('iotMoney.cashier.content')}
        </List.Item>
        {order.kind === 'balance' && isPositiveMoney(order.gift) ? (
          <List.Item extra={<span data-testid="cashier-gift">{formatYuan(order.gift)}</span>}>
            {t('iotMoney.cashier.gift')}
          </List.Item>
        ) : null}
        {isPositiveMoney(order.couponAmount) ? (
          <List.Item extra={<span data-testid="cashier-coupon">-{formatYuan(order.couponAmount)}</span>}>
            {t('iotMoney.cashier.coupon')}
          </List.Item>
        ) : null}
        <List.Item
          extra={
            <span className="money-copy-line">
              <span data-testid="cashier-order-sn">{order.orderSn}</span>
              <button type="button" className="money-link" onClick={() => void copyText(order.orderSn)}>
                {t('iotMoney.common.copy')}
              </button>
            </span>
          }
        >
          {t('iotMoney.common.orderSn')}
        </List.Item>
      </List>
      <PayTypePicker payTypes={order.payTypes} value={payType} onChange={setPayType} />
      <div className="money-bar">
        <Button
          block
          color="primary"
          size="large"
          disabled={expired || !payType}
          onClick={() => void pay()}
          data-testid="cashier-submit"
        >
          {expired ? t('iotMoney.cashier.expired') : t('iotMoney.cashier.submit')}
        </Button>
      </div>
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="money-result__actions">{children}</div>;
}

function HomeButton() {
  const { t } = useTranslation();
  return (
    <Button block fill="outline" onClick={() => redirectTo(IOT_HOME_PATH)} data-testid="cashier-home">
      {t('iotMoney.common.backIotHome')}
    </Button>
  );
}

/** Where a paid recharge went: arrears first (SCREENS §5.4), the rest to the balance. */
function balanceHint(t: TFunction, order: IotOrder): string {
  const arrearsFen = yuanToFen(order.arrearsPaid);
  if (arrearsFen <= 0) return t('iotMoney.cashier.successBalanceHint', { amount: order.payAmount });
  const restFen = yuanToFen(order.payAmount) - arrearsFen;
  if (restFen <= 0) return t('iotMoney.cashier.successArrearsHint', { arrears: order.arrearsPaid });
  return t('iotMoney.cashier.successArrearsRestHint', { arrears: order.arrearsPaid, amount: fenToYuan(restFen) });
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
        isPositiveMoney(order.gift) ? t('iotMoney.cashier.successGiftHint', { amount: order.gift }) : '',
      ]
        .filter(Boolean)
        .join(t('text.clauseSeparator'))
    : t('iotMoney.cashier.successHint', { orderSn: order.orderSn });
  return (
    <div className="money-result" data-testid="cashier-success" data-kind={order.kind}>
      <Result
        status="success"
        title={isBalance ? t('iotMoney.cashier.successBalance') : t('iotMoney.cashier.success')}
        description={description}
      />
      {balanceNow !== null ? (
        <p className="money-result__balance" data-testid="cashier-balance-now">
          {t('iotMoney.cashier.balanceNow', { amount: balanceNow })}
        </p>
      ) : null}
      <Actions>
        <Button
          block
          color="primary"
          onClick={() => redirectTo(successPath ?? DEFAULT_SUCCESS_PATH[order.kind])}
          data-testid="cashier-done"
        >
          {t('iotMoney.cashier.done')}
        </Button>
        {recordsTab ? (
          <Button
            block
            fill="outline"
            onClick={() => redirectTo(ORDER_LOGS_PATH, { tab: recordsTab })}
            data-testid="cashier-records"
          >
            {t('iotMoney.cashier.viewRecords')}
          </Button>
        ) : (
          <HomeButton />
        )}
      </Actions>
    </div>
  );
}

export function IotCashier({ orderSn, fromPay, onDone, successPath }: IotCashierProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const simNo = useIotStore((s) => s.simNo);
  const order = useIotOrder(orderSn);
  const [balanceNow, setBalanceNow] = useState<string | null>(null);
  const [phase, setPhase] = useCashierPhase({
    orderSn,
    order: order.data,
    fromPay,
    phaseOf: cashierPhase,
    polling: cashierPolling,
    // A paid order refreshes the card (balance, needBuyCoupon, flow) and the lists.
    onOutcome: (outcome) => {
      void client.invalidateQueries({ queryKey: [MONEY_KEY] });
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
    },
  });

  if (!orderSn) {
    return (
      <div className="money-result" data-testid="cashier-missing">
        <ErrorBlock status="empty" title={t('iotMoney.cashier.missing')} description="">
          <Button color="primary" size="small" onClick={() => redirectTo(IOT_HOME_PATH)}>
            {t('iotMoney.common.backIotHome')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }

  const data = order.data;
  const kind = data?.kind ?? 'balance';
  return (
    <PageState
      loading={order.isPending || (order.isSuccess && phase === null)}
      error={order.isError && !data ? order.error : undefined}
      onRetry={() => void order.refetch()}
      skeletonRows={6}
    >
      {data && phase === 'form' ? (
        <CashierForm
          key={order.dataUpdatedAt}
          order={data}
          onCheck={() => setPhase('checking')}
          onRejected={() =>
            void order.refetch().then((r) => {
              if (r.data) setPhase(cashierPhase(r.data, false));
            })
          }
        />
      ) : null}
      {phase === 'checking' ? (
        <div className="money-result" data-testid="cashier-checking">
          <Result status="waiting" title={t('iotMoney.cashier.checking')} />
        </div>
      ) : null}
      {data && phase === 'paid' ? <SuccessView order={data} successPath={successPath} balanceNow={balanceNow} /> : null}
      {phase === 'pending' ? (
        <div className="money-result" data-testid="cashier-pending">
          <Result
            status="waiting"
            title={t('iotMoney.cashier.pending')}
            description={t('iotMoney.cashier.pendingHint')}
          />
          <Actions>
            <Button block color="primary" onClick={() => setPhase('checking')} data-testid="cashier-paid-already">
              {t('iotMoney.cashier.paidAlready')}
            </Button>
            <Button
              block
              fill="outline"
              onClick={() => void order.refetch().then((r) => setPhase(r.data ? cashierPhase(r.data, false) : 'form'))}
              data-testid="cashier-repay"
            >
              {t('iotMoney.cashier.repay')}
            </Button>
          </Actions>
        </div>
      ) : null}
      {phase === 'closed' ? (
        <div className="money-result" data-testid="cashier-closed">
          <Result status="error" title={t('iotMoney.cashier.closed')} description={t('iotMoney.cashier.closedHint')} />
          <Actions>
            <Button block color="primary" onClick={() => redirectTo(AGAIN_PATH[kind])} data-testid="cashier-again">
              {t(`iotMoney.cashier.again.${kind}`)}
            </Button>
            <HomeButton />
          </Actions>
        </div>
      ) : null}
    </PageState>
  );
}
