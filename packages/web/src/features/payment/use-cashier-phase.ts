/**
 * The phases of the cashier (`cashier.tsx`): the loaded order decides the first one (`phaseOf`: its
 * result, closed, its status when it is not waiting for payment, 'checking' when back with &from=pay,
 * else the form); back from the provider's page restored from the page cache, the form turns to
 * 'checking'; 'checking' polls GET /api/pay/status → 'paid', 'closed', or 'pending' (支付结果确认中) when
 * still unpaid after the last try. `onOutcome` is told once per outcome reached ('paid' or 'closed'; also
 * for an order loaded in that state, with `polled` false).
 */
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { getPayStatus, type PayStatusAnswer } from './api/get-pay-status';
import { pollPayment } from './pay-polling';

export type CashierPhase = 'form' | 'checking' | 'paid' | 'pending' | 'closed' | 'status';

export interface CashierPhaseOptions<O> {
  orderSn: string;
  /** The order once loaded (the first phase waits for it). */
  order: O | undefined;
  /** Back from the provider's page (`&from=pay`). */
  fromPay: boolean;
  phaseOf: (order: O, fromPay: boolean) => CashierPhase;
  /** Poll pacing, read at each poll (the cashier's exported object, so tests can shorten it). */
  polling: { intervalMs: number; maxTries: number };
  onOutcome?: (outcome: 'paid' | 'closed', polled: boolean) => void;
  /** GET /api/pay/status by default; a caller may keep the answers (e.g. to tell a refund). */
  getStatus?: (orderSn: string) => Promise<PayStatusAnswer>;
}

/** The phase (null until the order is loaded) and its setter (我已支付 → 'checking', 重新支付 → the form …). */
export function useCashierPhase<O>({
  orderSn,
  order,
  fromPay,
  phaseOf,
  polling,
  onOutcome,
  getStatus = getPayStatus,
}: CashierPhaseOptions<O>): [CashierPhase | null, Dispatch<SetStateAction<CashierPhase | null>>] {
  const [phase, setPhase] = useState<CashierPhase | null>(null);
  const reported = useRef<CashierPhase | null>(null);
  const polled = useRef(false);
  const phaseOfRef = useRef(phaseOf);
  phaseOfRef.current = phaseOf;
  const outcomeRef = useRef(onOutcome);
  outcomeRef.current = onOutcome;
  const statusRef = useRef(getStatus);
  statusRef.current = getStatus;

  useEffect(() => {
    if (phase === null && order) setPhase(phaseOfRef.current(order, fromPay));
  }, [phase, order, fromPay]);

  // Back from the provider's page restored from the page cache: look for the result.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setPhase((p) => (p === 'form' ? 'checking' : p));
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    if (phase !== 'checking') return;
    const controller = new AbortController();
    void pollPayment(orderSn, {
      getStatus: (sn) => statusRef.current(sn),
      signal: controller.signal,
      intervalMs: polling.intervalMs,
      maxTries: polling.maxTries,
    }).then((outcome) => {
      if (outcome === 'aborted') return;
      polled.current = outcome !== 'unpaid';
      setPhase(outcome === 'unpaid' ? 'pending' : outcome);
    });
    return () => controller.abort();
  }, [phase, orderSn, polling]);

  // The outcome, once.
  useEffect(() => {
    if ((phase !== 'paid' && phase !== 'closed') || reported.current === phase) return;
    reported.current = phase;
    outcomeRef.current?.(phase, polled.current);
  }, [phase]);

  return [phase, setPhase];
}
