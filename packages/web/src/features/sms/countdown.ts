/**
 * A countdown to a moment, in whole seconds (SMS resend 60 s, order payment expiry). Computed from the
 * end time rather than counted down tick by tick, so a throttled background tab still shows the truth.
 */
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endAt` (epoch ms), never below 0; a started second counts as a whole one. */
export function secondsLeft(endAt: number, now: number): number {
  return Math.max(0, Math.ceil((endAt - now) / 1000));
}

/** `mm:ss` of a number of seconds (minutes not capped at 59). */
export function formatMmSs(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left until `endAt` (epoch ms, or null for none), re-rendered every second until 0. */
export function useSecondsLeft(endAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (endAt === null || endAt <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endAt]);
  return endAt === null ? 0 : secondsLeft(endAt, now);
}

/** A restartable countdown: `start(seconds)` begins it, `seconds` is what is left (0 when idle). */
export function useCountdown(): { seconds: number; running: boolean; start: (seconds: number) => void } {
  const [endAt, setEndAt] = useState<number | null>(null);
  const seconds = useSecondsLeft(endAt);
  const start = useCallback((s: number) => setEndAt(Date.now() + s * 1000), []);
  return { seconds, running: seconds > 0, start };
}
