/**
 * Leading-edge throttle for fetches (SPEC §9): within the window a repeat with the same key gets the
 * first call's promise instead of a new request. Each key has its own window.
 */
import { THROTTLE_MS } from '@haoka/contract';

export function throttlePromise<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  key: (...args: A) => string = (...args) => JSON.stringify(args),
  wait = THROTTLE_MS,
): (...args: A) => Promise<R> {
  const recent = new Map<string, { at: number; promise: Promise<R> }>();
  return (...args: A) => {
    const k = key(...args);
    const now = Date.now();
    for (const [other, entry] of recent) if (now - entry.at >= wait) recent.delete(other);
    const last = recent.get(k);
    if (last) return last.promise;
    const promise = fn(...args);
    recent.set(k, { at: now, promise });
    return promise;
  };
}
