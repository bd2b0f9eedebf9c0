/**
 * The result of an online VIP or acceleration payment (SCREENS §4 vip/pay, accelerate/cashier): back
 * from the provider with ?orderSn=&from=pay, GET /api/pay/status is polled every 2 s up to 10 times.
 * Paid → 开通成功 with 完成 (the kind's page); closed → 订单已关闭, or 已退款 when the operator refused the
 * acceleration after payment (the money went back automatically); still unpaid → 支付结果确认中 with
 * 我已支付 (poll again) and 重新支付 (POST /api/iot/payMemberOrder, then the provider's page again).
 */
import { type EndpointData, iotMemberApi, type orderApi } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withLoading } from '../../../platform/loading';
import { redirectTo } from '../../../platform/navigation';
import { browser } from '../../order/browser';
import { getPayStatus } from '../../payment/api/get-pay-status';
import { followLaunchHere } from '../../payment/launch';
import { POLL_INTERVAL_MS, POLL_MAX_TRIES, pollPayment } from '../../payment/pay-polling';
import { payMemberOrder } from '../api/pay-member-order';
import '../iot-member.css';
import '../i18n';

type PayStatusAnswer = EndpointData<typeof orderApi.getPayStatus>;
type Phase = 'checking' | 'paid' | 'closed' | 'pending';

/** Poll pacing (2 s × 10); an object so tests can shorten it. */
export const memberPolling = { intervalMs: POLL_INTERVAL_MS, maxTries: POLL_MAX_TRIES };

export interface MemberPayResultProps {
  orderSn: string;
  kind: 'vip' | 'accelerate';
  /** Where 完成 goes, and 重新开通 from a closed order. */
  homePath: string;
}

export function MemberPayResult({ orderSn, kind, homePath }: MemberPayResultProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>('checking');
  const last = useRef<PayStatusAnswer | null>(null);

  useEffect(() => {
    if (phase !== 'checking') return;
    const controller = new AbortController();
    void pollPayment(orderSn, {
      getStatus: async (sn) => {
        const answer = await getPayStatus(sn);
        last.current = answer;
        return answer;
      },
      signal: controller.signal,
      intervalMs: memberPolling.intervalMs,
      maxTries: memberPolling.maxTries,
    }).then((outcome) => {
      if (outcome === 'aborted') return;
      setPhase(outcome === 'unpaid' ? 'pending' : outcome);
    });
    return () => controller.abort();
  }, [phase, orderSn]);

  // The card and the lists show the new order (or its refund) once the outcome is known.
  useEffect(() => {
    if (phase !== 'paid' && phase !== 'closed') return;
    void client.invalidateQueries({ queryKey: ['simInfo'] });
    void client.invalidateQueries({ queryKey: ['vipList'] });
    void client.invalidateQueries({ queryKey: ['accelerateList'] });
    void client.invalidateQueries({ queryKey: ['accelerateOrders'] });
  }, [phase, client]);

  const repay = async () => {
    try {
      const launch = await withLoading(() => payMemberOrder(orderSn, browser.currentUrl()));
      await followLaunchHere(launch, () => setPhase('checking'));
    } catch {
      // the request wrapper told why (30003: closed meanwhile); look again
      setPhase('checking');
    }
  };

  if (phase === 'checking') {
    return (
      <div className="member-result" data-testid="member-checking">
        <Result status="waiting" title={t('iotMember.result.checking')} />
      </div>
    );
  }
  if (phase === 'paid') {
    return (
      <div className="member-result" data-testid="member-paid" data-kind={kind}>
        <Result
          status="success"
          title={t(`iotMember.result.success.${kind}`)}
          description={t('iotMember.result.successHint', { orderSn })}
        />
        <div className="member-result__actions">
          <Button block color="primary" onClick={() => redirectTo(homePath)} data-testid="member-done">
            {t('iotMember.result.done')}
          </Button>
        </div>
      </div>
    );
  }
  if (phase === 'closed') {
    const refunded = last.current?.orderStatus === iotMemberApi.MemberOrderStatus.REFUNDED;
    return (
      <div className="member-result" data-testid="member-closed" data-refunded={refunded ? '1' : '0'}>
        <Result
          status="error"
          title={refunded ? t('iotMember.result.refunded') : t('iotMember.result.closed')}
          description={refunded ? t('iotMember.result.refundedHint') : t('iotMember.result.closedHint')}
        />
        <div className="member-result__actions">
          <Button block color="primary" onClick={() => redirectTo(homePath)} data-testid="member-again">
            {t(`iotMember.result.again.${kind}`)}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="member-result" data-testid="member-pending">
      <Result status="waiting" title={t('iotMember.result.pending')} description={t('iotMember.result.pendingHint')} />
      <div className="member-result__actions">
        <Button block color="primary" onClick={() => setPhase('checking')} data-testid="member-paid-already">
          {t('iotMember.result.paidAlready')}
        </Button>
        <Button block fill="outline" onClick={() => void repay()} data-testid="member-repay">
          {t('iotMember.result.repay')}
        </Button>
      </div>
    </div>
  );
}
