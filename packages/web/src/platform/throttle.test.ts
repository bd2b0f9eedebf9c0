import { THROTTLE_MS } from '@haoka/contract';
import { describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

function clock(start = 10_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('throttle (leading edge, once per 1000 ms)', () => {
  it('runs the first call at once and ignores calls inside the window', () => {
    const c = clock();
    const fn = vi.fn((n: number) => n * 2);
    const throttled = throttle(fn, undefined, c.now);
    expect(THROTTLE_MS).toBe(1000);

    expect(throttled(1)).toBe(2);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith(1);

    c.advance(1);
    expect(throttled(2)).toBeUndefined();
    c.advance(998);
    expect(throttled(3)).toBeUndefined();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs again once 1000 ms have passed since the last run, not since the last ignored call', () => {
    const c = clock();
    const fn = vi.fn((n: number) => n);
    const throttled = throttle(fn, undefined, c.now);
    throttled(1);
    c.advance(600);
    throttled(2);
    c.advance(400);
    expect(throttled(3)).toBe(3);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    c.advance(999);
    expect(throttled(4)).toBeUndefined();
    c.advance(1);
    expect(throttled(5)).toBe(5);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('uses the real clock by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const fn = vi.fn();
    const throttled = throttle(fn);
    throttled();
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2025-01-01T00:00:01Z'));
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('each throttled function has its own window', () => {
    const c = clock();
    const a = vi.fn();
    const b = vi.fn();
    const ta = throttle(a, 1000, c.now);
    const tb = throttle(b, 1000, c.now);
    ta();
    tb();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });
});
