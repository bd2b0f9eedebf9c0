import { describe, expect, it, vi } from 'vitest';
import type { PayStatusAnswer } from './api/get-pay-status';
import { outcomeOf, POLL_INTERVAL_MS, POLL_MAX_TRIES, pollPayment } from './pay-polling';

const answer = (payStatus: number): PayStatusAnswer => ({
  orderSn: 'SO20260101120000123456',
  kind: 'shop',
  payStatus,
  orderStatus: payStatus === 2 ? 1 : 0,
  payAmount: '99.00',
  paidAt: null,
  expireAt: null,
});

/** A status source answering the given pay statuses in turn (the last one repeats); 'x' fails. */
function source(...statuses: (number | 'x')[]) {
  let i = 0;
  return vi.fn(async () => {
    const s = statuses[Math.min(i++, statuses.length - 1)];
    if (s === 'x' || s === undefined) throw new Error('network');
    return answer(s);
  });
}

const instantSleep = () => vi.fn(async (_ms: number) => {});

describe('pollPayment', () => {
  it('asks every 2 s and stops at 已支付', async () => {
    const getStatus = source(1, 1, 2);
    const sleep = instantSleep();
    expect(await pollPayment('SO1', { getStatus, sleep })).toBe('paid');
    expect(getStatus).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([POLL_INTERVAL_MS, POLL_INTERVAL_MS]);
    expect(POLL_INTERVAL_MS).toBe(2000);
  });

  it('still unpaid after 10 tries → unpaid (支付结果确认中)', async () => {
    const getStatus = source(0);
    const sleep = instantSleep();
    expect(await pollPayment('SO1', { getStatus, sleep })).toBe('unpaid');
    expect(POLL_MAX_TRIES).toBe(10);
    expect(getStatus).toHaveBeenCalledTimes(10);
    expect(sleep).toHaveBeenCalledTimes(9);
  });

  it('a closed or refunded payment ends it as closed', async () => {
    expect(await pollPayment('SO1', { getStatus: source(1, 3), sleep: instantSleep() })).toBe('closed');
    expect(outcomeOf(4)).toBe('closed');
    expect(outcomeOf(5)).toBe('closed');
    expect(outcomeOf(0)).toBeNull();
    expect(outcomeOf(1)).toBeNull();
  });

  it('a failed poll counts as not paid yet', async () => {
    const getStatus = source('x', 'x', 2);
    expect(await pollPayment('SO1', { getStatus, sleep: instantSleep() })).toBe('paid');
    expect(getStatus).toHaveBeenCalledTimes(3);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const getStatus = vi.fn(async () => {
      controller.abort();
      return answer(0);
    });
    expect(await pollPayment('SO1', { getStatus, signal: controller.signal, sleep: instantSleep() })).toBe('aborted');
    expect(getStatus).toHaveBeenCalledTimes(1);
  });

  it('waits in real time between polls by default', async () => {
    vi.useFakeTimers();
    try {
      const getStatus = source(0, 2);
      const done = pollPayment('SO1', { getStatus });
      await vi.advanceTimersByTimeAsync(1999);
      expect(getStatus).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await done).toBe('paid');
      expect(getStatus).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
