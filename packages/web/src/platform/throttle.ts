/** Once per interval, leading edge: the first call runs, calls inside the window are ignored (SPEC §9). */
import { THROTTLE_MS } from '@haoka/contract';

export function throttle<A extends unknown[], R>(
  fn: (...args: A) => R,
  wait = THROTTLE_MS,
  now: () => number = Date.now,
): (...args: A) => R | undefined {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A) => {
    const t = now();
    if (t - last < wait) return undefined;
    last = t;
    return fn(...args);
  };
}
