import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once and serves the cached value within the TTL', async () => {
    const cache = new TtlCache<number>(1000);
    const load = vi.fn(async () => 1);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.setSystemTime(1_000_999);
    expect(await cache.getOrLoad('k', async () => 2)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads once the TTL has passed', async () => {
    const cache = new TtlCache<number>(1000);
    await cache.getOrLoad('k', async () => 1);
    vi.setSystemTime(1_001_000);
    expect(await cache.getOrLoad('k', async () => 2)).toBe(2);
    vi.setSystemTime(1_001_500);
    expect(await cache.getOrLoad('k', async () => 3)).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = new TtlCache<string>(1000);
    await cache.getOrLoad('a', async () => 'A');
    expect(await cache.getOrLoad('b', async () => 'B')).toBe('B');
    expect(await cache.getOrLoad('a', async () => 'x')).toBe('A');
  });

  it('does not cache a failed load', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(
      cache.getOrLoad('k', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache.getOrLoad('k', async () => 5)).toBe(5);
    expect(await cache.getOrLoad('k', async () => 6)).toBe(5);
  });

  it('a TTL of 0 never caches', async () => {
    const cache = new TtlCache<number>(0);
    expect(await cache.getOrLoad('k', async () => 1)).toBe(1);
    expect(await cache.getOrLoad('k', async () => 2)).toBe(2);
  });

  it('caches falsy values', async () => {
    const cache = new TtlCache<number | null>(1000);
    expect(await cache.getOrLoad('k', async () => null)).toBeNull();
    expect(await cache.getOrLoad('k', async () => 1)).toBeNull();
  });

  it('clear drops every entry', async () => {
    const cache = new TtlCache<number>(1000);
    await cache.getOrLoad('k', async () => 1);
    cache.clear();
    expect(await cache.getOrLoad('k', async () => 2)).toBe(2);
  });

  it('stays bounded: past maxEntries the old entries are dropped', async () => {
    const cache = new TtlCache<number>(60_000, 2);
    await cache.getOrLoad('a', async () => 1);
    await cache.getOrLoad('b', async () => 2);
    await cache.getOrLoad('c', async () => 3);
    expect(await cache.getOrLoad('a', async () => 10)).toBe(10);
    expect(await cache.getOrLoad('c', async () => 30)).toBe(3);
  });
});
