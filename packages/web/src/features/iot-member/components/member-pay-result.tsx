/**
 * The result of an online VIP or acceleration payment (SCREENS §4 vip/pay, accelerate/cashier): back
 * from the provider with ?orderSn=&from=pay, GET /api/pay/status is polled every 2 s up to 10 times.
 * Paid → 开通成功 with 完成 (the kind's page); closed → 订单已关闭, or 已退款 when the operator refused the
 * acceleration after payment (the money went back automatically); still unpaid → 支付结果确认中 with
 * 我已支付 (poll again) and 重新支付 (POST /api/iot/payMemberOrder, then the provider's page again).
 */
import { iotMemberApi } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { browser } from '../../order/browser';
import { getPayStatus, type PayStatusAnswer } from '../../payment/api/get-pay-status';
import { CashierActions, CashierChecking, CashierPending, CashierResult, cashierPolling } from '../../payment/cashier';
import { followLaunchHere } from '../../payment/launch';
import { useCashierPhase } from '../../payment/use-cashier-phase';
import { payMemberOrder } from '../api/pay-member-order';
import '../i18n';

/** The one cashier's poll pacing, which the tests shorten. */
export { cashierPolling as memberPolling } from '../../payment/cashier';

export interface MemberPayResultProps {
  orderSn: string;
  kind: 'vip' | 'accelerate';
  /** Where 完成 goes, and 重新开通 from a closed order. */
  homePath: string;
}

const checkingFirst = () => 'checking' as const;

export function MemberPayResult({ orderSn, kind, homePath }: MemberPayResultProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const last = useRef<PayStatusAnswer | null>(null);
  const [phase, setPhase] = useCashierPhase({
    orderSn,
    order: orderSn,
    fromPay: true,
    phaseOf: checkingFirst,
    polling: cashierPolling,
    // The last answer tells a refund apart from a closed order.
    getStatus: async (sn) => {
      const answer = await getPayStatus(sn);
      last.current = answer;
      return answer;
    },
    // The card and the lists show the new order (or its refund) once the outcome is known.
    onOutcome: () => {
      for (const key of ['simInfo', 'vipList', 'accelerateList', 'accelerateOrders']) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
  const repay = useAction(() => payMemberOrder(orderSn, browser.currentUrl()), {
    loading: true,
    onSuccess: (launch) => followLaunchHere(launch, () => setPhase('checking')),
    // the request wrapper told why (30003: closed meanwhile); look again
    onError: () => setPhase('checking'),
  });

  if (phase === 'paid') {
    return (
      <CashierResult
        status="success"
        title={t(`iotMember.result.success.${kind}`)}
        hint={t('iotMember.result.successHint', { orderSn })}
        testId="member-paid"
        kind={kind}
      >
        <CashierActions>
          <Button block color="primary" onClick={() => redirectTo(homePath)} data-testid="member-done">
            {t('iotMember.result.done')}
          </Button>
        </CashierActions>
      </CashierResult>
    );
  }
  if (phase === 'closed') {
    const refunded = last.current?.orderStatus === iotMemberApi.MemberOrderStatus.REFUNDED;
    return (
      <CashierResult
        status="error"
        title={refunded ? t('iotMember.result.refunded') : t('iotMember.result.closed')}
        hint={refunded ? t('iotMember.result.refundedHint') : t('iotMember.result.closedHint')}
        testId="member-closed"
        data={{ 'data-refunded': refunded ? '1' : '0' }}
      >
        <CashierActions>
          <Button block color="primary" onClick={() => redirectTo(homePath)} data-testid="member-again">
            {t(`iotMember.result.again.${kind}`)}
          </Button>
        </CashierActions>
      </CashierResult>
    );
  }
  if (phase === 'pending') {
    return (
      <CashierPending
        texts="iotMember.result"
        prefix="member"
        onPaidAlready={() => setPhase('checking')}
        onRepay={() => void repay.run()}
      />
    );
  }
  return <CashierChecking texts="iotMember.result" prefix="member" />;
}
