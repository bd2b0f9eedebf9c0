/**
 * Leading-edge throttle for fetches (SPEC §9): within the window a repeat with the same key gets the
 * first call's promise instead of a new request.
 */
import { THROTTLE_MS } from '@haoka/contract';

export function throttlePromise<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  key: (...args: A) => string = (...args) => JSON.stringify(args),
  wait = THROTTLE_MS,
): (...args: A) => Promise<R> {
  let last: { key: string; at: number; promise: Promise<R> } | null = null;
  return (...args: A) => {
    const k = key(...args);
    const now = Date.now();
    if (last && last.key === k && now - last.at < wait) return last.promise;
    const promise = fn(...args);
    last = { key: k, at: now, promise };
    return promise;
  };
}
