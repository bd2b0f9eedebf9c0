/**
 * Waiting for a payment result (SCREENS §1 order/pay, §5.1 step 6): ask GET /api/pay/status at once and
 * then every 2 s, at most 10 times. Paid (2) ends it with success; closed or refunded (3–5) ends it as
 * closed; still 未支付/支付中 after the last try is "unpaid" (the page says 支付结果确认中). A failed poll
 * counts as not paid yet.
 */
import { PayStatus } from '@haoka/contract';
import type { PayStatusAnswer } from './api/get-pay-status';

export const POLL_INTERVAL_MS = 2000;
export const POLL_MAX_TRIES = 10;

export type PollOutcome = 'paid' | 'closed' | 'unpaid' | 'aborted';

export interface PollOptions {
  getStatus: (orderSn: string) => Promise<PayStatusAnswer>;
  intervalMs?: number;
  maxTries?: number;
  signal?: AbortSignal;
  /** Waits `ms`; resolves early when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

export function outcomeOf(payStatus: number): 'paid' | 'closed' | null {
  if (payStatus === PayStatus.PAID) return 'paid';
  if (payStatus === PayStatus.CLOSED || payStatus === PayStatus.REFUNDING || payStatus === PayStatus.REFUNDED) {
    return 'closed';
  }
  return null;
}

export async function pollPayment(orderSn: string, options: PollOptions): Promise<PollOutcome> {
  const { getStatus, intervalMs = POLL_INTERVAL_MS, maxTries = POLL_MAX_TRIES, signal } = options;
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; attempt <= maxTries; attempt++) {
    if (signal?.aborted) return 'aborted';
    try {
      const outcome = outcomeOf((await getStatus(orderSn)).payStatus);
      if (signal?.aborted) return 'aborted';
      if (outcome) return outcome;
    } catch {
      // not known yet: try again
    }
    if (attempt < maxTries) await wait(intervalMs, signal);
  }
  return signal?.aborted ? 'aborted' : 'unpaid';
}
