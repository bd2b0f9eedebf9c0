import { beforeEach, describe, expect, it, vi } from 'vitest';
import { throttlePromise } from './throttle-promise';

const T0 = new Date('2025-01-01T00:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});

function counting() {
  let n = 0;
  return vi.fn(async (key: string) => `${key}#${++n}`);
}

describe('throttlePromise (leading edge, once per 1000 ms per key)', () => {
  it('a repeat inside the window shares the first promise instead of a new call', async () => {
    const fn = counting();
    const throttled = throttlePromise(fn);
    const first = throttled('a');
    vi.setSystemTime(T0 + 500);
    const second = throttled('a');
    vi.setSystemTime(T0 + 999);
    const third = throttled('a');
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(fn).toHaveBeenCalledTimes(1);
    await expect(third).resolves.toBe('a#1');
  });

  it('calls again once the window has passed', async () => {
    const fn = counting();
    const throttled = throttlePromise(fn);
    await throttled('a');
    vi.setSystemTime(T0 + 1000);
    await expect(throttled('a')).resolves.toBe('a#2');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('a different key is not throttled', async () => {
    const fn = counting();
    const throttled = throttlePromise(fn);
    const a = throttled('a');
    const b = throttled('b');
    expect(b).not.toBe(a);
    expect(fn).toHaveBeenCalledTimes(2);
    await expect(b).resolves.toBe('b#2');
  });

  it('a call with another key does not reopen the window of the first key', async () => {
    const fn = counting();
    const throttled = throttlePromise(fn);
    const a = throttled('a');
    throttled('b');
    vi.setSystemTime(T0 + 300);
    expect(throttled('a')).toBe(a);
    expect(fn.mock.calls).toEqual([['a'], ['b']]);
  });

  it('a rejected first call is shared inside the window too', async () => {
    const fn = vi.fn(async () => {
      throw new Error('boom');
    });
    const throttled = throttlePromise(fn);
    const first = throttled();
    const second = throttled();
    expect(second).toBe(first);
    await expect(second).rejects.toThrow('boom');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a custom key function decides what counts as a repeat', () => {
    const fn = vi.fn(async (_id: number, _nonce: string) => 1);
    const throttled = throttlePromise(fn, (id) => String(id));
    throttled(1, 'x');
    throttled(1, 'y');
    throttled(2, 'z');
    expect(fn.mock.calls).toEqual([
      [1, 'x'],
      [2, 'z'],
    ]);
  });
});
