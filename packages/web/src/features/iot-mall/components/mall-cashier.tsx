/**
 * The mall cashier (SCREENS §4 details/cashier and order/orderDetails/pay): the cash part of an unpaid
 * order — amount, a countdown to its 15 minutes (at 0 订单已超时), the goods and the points already taken
 * — paid from the balance (余额, disabled when short; the pay-password keyboard; none set yet → 支付密码)
 * or online (PayTypePicker → POST /api/iot/repayShopOrder → followLaunch: the provider's page comes back
 * here with &from=pay). Back from paying, GET /api/pay/status is polled: 支付成功 → 查看订单, or 支付结果确认中
 * with 我已支付 / 重新支付. A paid order shows its result, a closed one 订单已关闭 (points returned).
 * 41001: the keyboard shakes and tells the tries left or the lock. 30003: the wrapper's dialog, then
 * `onRejected`.
 */
import { ErrorCode, type IntegralShopOrderDetails, type OnlinePayType, type PayType, yuanToFen } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, Radio, Result } from 'antd-mobile';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { PayTypeIcon } from '../../../components/pay-type-icon';
import { showToast } from '../../../platform/feedback';
import { withLoading } from '../../../platform/loading';
import { redirectTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot/components/iot-guard';
import { PayTypePicker } from '../../iot-money/components/pay-type-picker';
import { PayKeyboardPopup } from '../../iot-package/components/pay-keyboard';
import { usePayKeyboard } from '../../iot-package/components/use-pay-keyboard';
import { browser } from '../../order/browser';
import { parseApiDateTime } from '../../order/date-time';
import { followLaunch } from '../../payment/launch';
import { POLL_INTERVAL_MS, POLL_MAX_TRIES } from '../../payment/pay-polling';
import { useCashierPhase } from '../../payment/use-cashier-phase';
import { formatMmSs, useSecondsLeft } from '../../sms/countdown';
import { useMallOrder } from '../api/get-mall-order';
import { REPAY_SILENT, repayMallOrder } from '../api/repay-mall-order';
import { cashierPhase } from '../mall-rules';
import { MALL_INDEX_PATH, MALL_ORDER_PATH } from '../paths';
import { MALL_KEY } from '../query-keys';
import '../iot-mall.css';
import '../i18n';

/** Poll pacing (2 s × 10); an object so tests can shorten it. */
export const mallCashierPolling = { intervalMs: POLL_INTERVAL_MS, maxTries: POLL_MAX_TRIES };

const isOnline = (type: PayType | undefined): type is OnlinePayType => type === 'wxpay' || type === 'alipay';

function firstPayType(order: IntegralShopOrderDetails): PayType | undefined {
  const balanceEnough = yuanToFen(order.balance) >= yuanToFen(order.payAmount);
  if (order.payTypes.includes('balance') && balanceEnough) return 'balance';
  return order.payTypes.find(isOnline);
}

function CashierForm({
  order,
  cashierPath,
  onPaid,
  onRejected,
}: {
  order: IntegralShopOrderDetails;
  cashierPath: string;
  onPaid: () => void;
  onRejected: () => void;
}) {
  const { t } = useTranslation();
  const [payType, setPayType] = useState<PayType | undefined>(() => firstPayType(order));
  const keyboard = usePayKeyboard();
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const endAt = parseApiDateTime(order.expireAt);
  const seconds = useSecondsLeft(endAt);
  const expired = endAt !== null && seconds === 0;
  const online = order.payTypes.filter(isOnline);
  const offersBalance = order.payTypes.includes('balance');
  const balanceEnough = yuanToFen(order.balance) >= yuanToFen(order.payAmount);

  const onFailure = (error: unknown) => {
    if (keyboard.fail(error)) return;
    // The wrapper showed 30003 (closed meanwhile) or -1 (余额不足 …).
    if (error instanceof ApiError && error.code === ErrorCode.ORDER_REJECTED) onRejected();
  };

  const run = async (body: { payType: PayType; payPassword?: string; returnUrl?: string }) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      const launch = await withLoading(() => repayMallOrder({ orderSn: order.orderSn, ...body }), {
        silentCodes: REPAY_SILENT,
      });
      keyboard.close();
      if (body.payType === 'balance') onPaid();
      else await followLaunch(launch, cashierPath, true);
    } catch (error) {
      onFailure(error);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const pay = async () => {
    if (expired || busy.current) return;
    if (!payType) return showToast(t('iotMall.cashier.choosePayType'));
    if (payType === 'balance') {
      await keyboard.ask(order.existPayPassword);
      return;
    }
    await run({ payType, returnUrl: browser.currentUrl() });
  };

  return (
    <div className="mall-page" data-testid="mall-cashier-form">
      <section className="mall-cashier__head">
        <div className="mall-hint">{t('iotMall.cashier.amount')}</div>
        <div className="mall-cashier__amount" data-testid="mall-cashier-amount">
          {formatYuan(order.payAmount)}
        </div>
        {endAt !== null ? (
          <div
            className={`mall-cashier__countdown${expired ? ' mall-cashier__countdown--expired' : ''}`}
            data-testid="mall-cashier-countdown"
          >
            {expired ? t('iotMall.cashier.expired') : t('iotMall.cashier.expireIn', { time: formatMmSs(seconds) })}
          </div>
        ) : null}
      </section>
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
      {offersBalance ? (
        <List mode="card" data-testid="mall-cashier-balance">
          <List.Item
            disabled={!balanceEnough}
            onClick={balanceEnough ? () => setPayType('balance') : undefined}
            description={
              <span data-testid="mall-cashier-balance-hint">
                {t('iotMall.cashier.balanceHint', { amount: order.balance })}
                {balanceEnough ? '' : ` ${t('iotMall.cashier.balanceShort')}`}
              </span>
            }
            arrowIcon={false}
            extra={
              <Radio
                checked={payType === 'balance'}
                disabled={!balanceEnough}
                onChange={() => setPayType('balance')}
                data-testid="mall-pay-balance"
              />
            }
          >
            <span className="mall-method">
              <PayTypeIcon type="balance" />
              {t('iotMall.cashier.balance')}
            </span>
          </List.Item>
        </List>
      ) : null}
      <PayTypePicker payTypes={online} value={isOnline(payType) ? payType : undefined} onChange={setPayType} />
      <div className="mall-bar">
        <span className="mall-bar__info">{formatYuan(order.payAmount)}</span>
        <Button
          color="danger"
          shape="rounded"
          disabled={expired || submitting}
          onClick={() => void pay()}
          data-testid="mall-cashier-submit"
        >
          {expired ? t('iotMall.cashier.expired') : t('iotMall.cashier.submit')}
        </Button>
      </div>
      <PayKeyboardPopup
        {...keyboard.popup}
        amount={order.payAmount}
        busy={submitting}
        onComplete={(password) => void run({ payType: 'balance', payPassword: password })}
      />
    </div>
  );
}

function ResultView({
  status,
  title,
  hint,
  children,
  testId,
}: {
  status: 'success' | 'waiting' | 'error';
  title: string;
  hint?: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className="mall-result" data-testid={testId}>
      <Result status={status} title={title} description={hint} />
      {children ? <div className="mall-result__actions">{children}</div> : null}
    </div>
  );
}

export interface MallCashierProps {
  simNo: string;
  orderSn: string;
  /** Back from the provider's page (`&from=pay`): look for the result at once. */
  fromPay: boolean;
  /** The route this cashier is on (the provider and followLaunch come back to it). */
  cashierPath: string;
  /** After a 30003 (the order closed while paying); by default the cashier shows it closed. */
  onRejected?: () => void;
}

export function MallCashier({ simNo, orderSn, fromPay, cashierPath, onRejected }: MallCashierProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const order = useMallOrder(simNo, orderSn);
  const [phase, setPhase] = useCashierPhase({
    orderSn,
    order: order.data,
    fromPay,
    phaseOf: cashierPhase,
    polling: mallCashierPolling,
    // The card's points and balance, the mall's lists and this order change with the outcome.
    onOutcome: () => {
      void client.invalidateQueries({ queryKey: [MALL_KEY] });
      void client.invalidateQueries({ queryKey: ['simInfo'] });
    },
  });

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
  const viewOrder = (
    <Button
      block
      color="danger"
      onClick={() => redirectTo(MALL_ORDER_PATH, { orderSn })}
      data-testid="mall-cashier-view"
    >
      {t('iotMall.cashier.viewOrder')}
    </Button>
  );
  const backToMall = (
    <Button block fill="outline" onClick={() => redirectTo(MALL_INDEX_PATH)} data-testid="mall-cashier-mall">
      {t('iotMall.cashier.backToMall')}
    </Button>
  );
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
          cashierPath={cashierPath}
          onPaid={() => setPhase('paid')}
          onRejected={() => {
            if (onRejected) onRejected();
            else void order.refetch().then((r) => setPhase(r.data ? cashierPhase(r.data, false) : 'closed'));
          }}
        />
      ) : null}
      {phase === 'checking' ? (
        <ResultView status="waiting" title={t('iotMall.cashier.checking')} testId="mall-cashier-checking" />
      ) : null}
      {phase === 'paid' ? (
        <ResultView
          status="success"
          title={t('iotMall.cashier.success')}
          hint={t('iotMall.cashier.successHint', { orderSn })}
          testId="mall-cashier-success"
        >
          {viewOrder}
          {backToMall}
        </ResultView>
      ) : null}
      {phase === 'pending' ? (
        <ResultView
          status="waiting"
          title={t('iotMall.cashier.pending')}
          hint={t('iotMall.cashier.pendingHint')}
          testId="mall-cashier-pending"
        >
          <Button block color="danger" onClick={() => setPhase('checking')} data-testid="mall-cashier-paid-already">
            {t('iotMall.cashier.paidAlready')}
          </Button>
          <Button
            block
            fill="outline"
            onClick={() => void order.refetch().then((r) => setPhase(r.data ? cashierPhase(r.data, false) : 'form'))}
            data-testid="mall-cashier-repay"
          >
            {t('iotMall.cashier.repay')}
          </Button>
        </ResultView>
      ) : null}
      {phase === 'closed' ? (
        <ResultView
          status="error"
          title={t('iotMall.cashier.closed')}
          hint={t('iotMall.cashier.closedHint')}
          testId="mall-cashier-closed"
        >
          {viewOrder}
          {backToMall}
        </ResultView>
      ) : null}
    </PageState>
  );
}

/**
 * The cashier routes: details/cashier (after 提交订单) and order/orderDetails/pay (去支付 on an order). The
 * latter goes to the order once a 30003 dialog (the order closed) is dismissed.
 */
export function MallCashierPage({ cashierPath, toOrderOnReject }: { cashierPath: string; toOrderOnReject?: boolean }) {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  const fromPay = query.from === 'pay';
  return (
    <IotGuard>
      {(simNo) => (
        <MallCashier
          key={`${simNo}|${orderSn}|${fromPay}`}
          simNo={simNo}
          orderSn={orderSn}
          fromPay={fromPay}
          cashierPath={cashierPath}
          {...(toOrderOnReject ? { onRejected: () => redirectTo(MALL_ORDER_PATH, { orderSn }) } : {})}
        />
      )}
    </IotGuard>
  );
}
