/**
 * The one cashier (SCREENS §1 order/pay, §3 balance/pay · couponChoose/pay · package online pay, §4
 * integralShop details/cashier · order/orderDetails/pay; §5.1, §5.3–5.4), for shop, card and points-mall
 * orders. Its phases:
 *
 * - choose: the amount, a countdown to `expireAt` (mm:ss; at 0 订单已超时 and no paying), the screen's
 *   summary, the one pay-type list (`PayTypeList`) and the submit button;
 * - launch: the one checkout flow (`useCheckout`: the pay password for the balance, one action, the
 *   launch step where the providers plug in), which leaves for the provider's page (back with &from=pay)
 *   or pays in WeChat's sheet;
 * - poll: 'checking', GET /api/pay/status every 2 s up to 10 times (`useCashierPhase`), entered at once
 *   when back from paying or from the page cache;
 * - result: 支付成功 or 订单已关闭 (the screen's own views, `result`), or 支付结果确认中 with 我已支付 (poll
 *   again) / 重新支付 (the order again: its form, or its result if it changed meanwhile).
 *
 * A 30003 while paying (the order closed meanwhile) is the request wrapper's dialog, then `onRejected`, by
 * default the order's state again. Texts are the screen's section (`texts`), test ids its own (`ids`).
 */
import type { PayLaunch, PayType } from '@haoka/contract';
import { ErrorCode } from '@haoka/contract';
import { Button, Result } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { formatYuan } from '../../components/money';
import { PageState } from '../../components/page-state';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../platform/feedback';
import type { UseQueryResult } from '../../platform/query';
import { ApiError } from '../../platform/request';
import { usePageQuery } from '../../platform/use-page-query';
import { PayKeyboardPopup } from '../iot-buy/components/pay-keyboard';
import { parseApiDateTime } from '../order/date-time';
import { formatMmSs, useSecondsLeft } from '../sms/countdown';
import { POLL_INTERVAL_MS, POLL_MAX_TRIES } from './pay-polling';
import { type BalanceRow, PayTypeList } from './pay-type-list';
import { usablePayTypes } from './pay-types';
import { type CashierPhase, useCashierPhase } from './use-cashier-phase';
import { type PayChoice, useCheckout } from './use-checkout';
import './payment.css';
import '../order/i18n';

/** A cashier route's query: `?orderSn=`, and `&from=pay` when back from the provider's page. */
export function useCashierQuery(): { orderSn: string; fromPay: boolean } {
  const query = usePageQuery();
  return { orderSn: query.orderSn ?? '', fromPay: query.from === 'pay' };
}

/** Poll pacing (2 s × 10); an object so tests can shorten it. */
export const cashierPolling = { intervalMs: POLL_INTERVAL_MS, maxTries: POLL_MAX_TRIES };

/** What the cashier needs of an order. */
export interface CashierOrder {
  orderSn: string;
  payAmount: string;
  expireAt: string | null;
  payTypes: readonly PayType[];
}

/** The catalogue section holding the screen's cashier texts (amount, expireIn, submit, pending …). */
export type CashierTexts = 'order.pay' | 'iotBuy.cashier' | 'iotMall.cashier';

/** The sections holding the waiting texts (checking, pending, pendingHint, paidAlready, repay). */
export type WaitingTexts = CashierTexts | 'iotMember.result';

/** The screen's test ids: `${prefix}-form`, `-amount`, `-countdown`, `-submit`, `-checking`, `-pending`, … */
export interface CashierIds {
  prefix: string;
  /** 重新支付 (default `${prefix}-repay`). */
  repay?: string;
  /** The pay-type list and its radios. */
  payTypes: string;
  payType: (payType: PayType) => string;
  /** The line saying no method is offered. */
  noPayType?: string;
}

export type ResultPhase = Exclude<CashierPhase, 'form' | 'checking' | 'pending'>;

export interface CashierProps<O extends CashierOrder> {
  orderSn: string;
  /** The order's query (GET of the screen's order). */
  order: UseQueryResult<O>;
  /** Back from the provider's page (`&from=pay`): look for the result at once. */
  fromPay: boolean;
  /** The first phase of an order as loaded. */
  phaseOf: (order: O, fromPay: boolean) => CashierPhase;
  /** The method chosen at first. */
  initialPayType: (order: O) => PayType | undefined;
  /** The card balance's facts, when the order may be paid from it. */
  balanceOf?: (order: O) => BalanceRow & { existPayPassword: number };
  /** Launches (or re-launches) the payment. */
  launch: (order: O, pay: PayChoice) => Promise<PayLaunch>;
  /** Codes `launch` keeps silent (the keyboard's). */
  silentCodes?: readonly number[];
  texts: CashierTexts;
  ids: CashierIds;
  /** `data-kind` of the form. */
  kindOf?: (order: O) => string;
  submitColor?: 'primary' | 'danger';
  /** The summary of the order under the amount. */
  summary: (order: O) => ReactNode;
  /** The result views: paid, closed, or the order's status when it is not waiting for payment. */
  result: (phase: ResultPhase, order: O) => ReactNode;
  /** Told once per outcome reached: paid or closed (`polled` false for an order loaded in that state). */
  onOutcome?: (outcome: 'paid' | 'closed', polled: boolean) => void;
  /** After a 30003 while paying; by default the order's state is loaded again. */
  onRejected?: () => void;
}

/** A result view: status, title, hint and the actions below. */
export function CashierResult({
  status,
  title,
  hint,
  testId,
  kind,
  data,
  children,
}: {
  status: 'success' | 'waiting' | 'error' | 'info';
  title: string;
  hint?: string;
  testId: string;
  kind?: string;
  /** More `data-*` attributes of the view. */
  data?: Record<`data-${string}`, string>;
  children?: ReactNode;
}) {
  return (
    <div className="cashier-result" data-testid={testId} data-kind={kind} {...data}>
      <Result status={status} title={title} description={hint} />
      {children}
    </div>
  );
}

/** The buttons under a result, one per line. */
export function CashierActions({ children }: { children: ReactNode }) {
  return <div className="cashier-result__actions">{children}</div>;
}

/** 'checking': looking for the result. */
export function CashierChecking({ texts, prefix }: { texts: WaitingTexts; prefix: string }) {
  const { t } = useTranslation();
  return <CashierResult status="waiting" title={t(`${texts}.checking`)} testId={`${prefix}-checking`} />;
}

/** 'pending': 支付结果确认中, with 我已支付 (look again) and 重新支付. */
export function CashierPending({
  texts,
  prefix,
  repayTestId,
  color = 'primary',
  onPaidAlready,
  onRepay,
}: {
  texts: WaitingTexts;
  prefix: string;
  repayTestId?: string;
  color?: 'primary' | 'danger';
  onPaidAlready: () => void;
  onRepay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CashierResult
      status="waiting"
      title={t(`${texts}.pending`)}
      hint={t(`${texts}.pendingHint`)}
      testId={`${prefix}-pending`}
    >
      <CashierActions>
        <Button block color={color} onClick={onPaidAlready} data-testid={`${prefix}-paid-already`}>
          {t(`${texts}.paidAlready`)}
        </Button>
        <Button block fill="outline" onClick={onRepay} data-testid={repayTestId ?? `${prefix}-repay`}>
          {t(`${texts}.repay`)}
        </Button>
      </CashierActions>
    </CashierResult>
  );
}

function CashierForm<O extends CashierOrder>({
  order,
  props,
  onCheck,
  onPaid,
  onRejected,
}: {
  order: O;
  props: CashierProps<O>;
  onCheck: () => void;
  onPaid: () => void;
  onRejected: () => void;
}) {
  const { t } = useTranslation();
  const { texts, ids } = props;
  // What this browser can pay with (no Alipay inside WeChat): the first choice is among them.
  const usable = usablePayTypes(order.payTypes);
  const [payType, setPayType] = useState<PayType | undefined>(() =>
    props.initialPayType({ ...order, payTypes: usable }),
  );
  const endAt = parseApiDateTime(order.expireAt);
  const seconds = useSecondsLeft(endAt);
  const expired = endAt !== null && seconds === 0;
  const balance = props.balanceOf?.(order);
  const chosen =
    !payType || !usable.includes(payType) || (payType === 'balance' && balance && !balance.enough)
      ? undefined
      : payType;

  const checkout = useCheckout({
    send: (pay) => props.launch(order, pay),
    existPayPassword: balance?.existPayPassword,
    silentCodes: props.silentCodes,
    follow: { onCheck },
    // From the balance the answer is the result; an online launch paid at once is looked for.
    onPaid: (launch) => (launch.payType === 'balance' ? onPaid() : onCheck()),
    onError: (error) => {
      if (error instanceof ApiError && error.code === ErrorCode.ORDER_REJECTED) onRejected();
    },
  });

  const pay = () => {
    if (expired || checkout.busy) return;
    if (!chosen) {
      showToast(t('ui.payList.choose'));
      return;
    }
    void checkout.pay(chosen);
  };

  return (
    <div className="cashier" data-testid={`${ids.prefix}-form`} data-kind={props.kindOf?.(order)}>
      <section className="cashier__head">
        <div className="cashier__label">{t(`${texts}.amount`)}</div>
        <div className="cashier__amount" data-testid={`${ids.prefix}-amount`}>
          {formatYuan(order.payAmount)}
        </div>
        {endAt !== null ? (
          <div
            className={`cashier__countdown${expired ? ' cashier__countdown--expired' : ''}`}
            data-testid={`${ids.prefix}-countdown`}
          >
            {expired ? t(`${texts}.expired`) : t(`${texts}.expireIn`, { time: formatMmSs(seconds) })}
          </div>
        ) : null}
      </section>
      {props.summary(order)}
      <PayTypeList
        payTypes={order.payTypes}
        value={chosen}
        onChange={setPayType}
        balance={balance}
        testId={ids.payTypes}
        itemTestId={ids.payType}
        emptyTestId={ids.noPayType}
      />
      <div className="pay-bar">
        <Button
          block
          color={props.submitColor ?? 'primary'}
          size="large"
          disabled={expired || checkout.busy || usable.length === 0}
          onClick={pay}
          data-testid={`${ids.prefix}-submit`}
        >
          {expired ? t(`${texts}.expired`) : t(`${texts}.submit`)}
        </Button>
      </div>
      {balance ? <PayKeyboardPopup {...checkout.keyboard} amount={order.payAmount} /> : null}
    </div>
  );
}

export function Cashier<O extends CashierOrder>(props: CashierProps<O>) {
  const { orderSn, order, fromPay, phaseOf, texts, ids } = props;
  const [phase, setPhase] = useCashierPhase({
    orderSn,
    order: order.data,
    fromPay,
    phaseOf,
    polling: cashierPolling,
    onOutcome: props.onOutcome,
  });
  // The order again (重新支付, a refusal): its form, or its result if it changed meanwhile.
  const reload = () => void order.refetch().then((r) => setPhase(r.data ? phaseOf(r.data, false) : 'form'));

  const data = order.data;
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
          props={props}
          onCheck={() => setPhase('checking')}
          onPaid={() => setPhase('paid')}
          onRejected={props.onRejected ?? reload}
        />
      ) : null}
      {phase === 'checking' ? <CashierChecking texts={texts} prefix={ids.prefix} /> : null}
      {phase === 'pending' ? (
        <CashierPending
          texts={texts}
          prefix={ids.prefix}
          repayTestId={ids.repay}
          color={props.submitColor}
          onPaidAlready={() => setPhase('checking')}
          onRepay={reload}
        />
      ) : null}
      {data && (phase === 'paid' || phase === 'closed' || phase === 'status') ? props.result(phase, data) : null}
    </PageState>
  );
}
