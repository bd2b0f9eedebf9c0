import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, type LimitRule, MemoryRateLimiter, RedisRateLimiter } from './rate-limit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('MemoryRateLimiter', () => {
  const rule: LimitRule = { limit: 3, windowMs: 60_000 };

  function clocked(start = 1_000_000) {
    const clock = { t: start };
    const limiter = new MemoryRateLimiter(() => clock.t);
    return { clock, limiter };
  }

  it('counts hits in one window and refuses past the limit', async () => {
    const { limiter } = clocked();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await limiter.hit('k', rule));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
    await limiter.close();
  });

  it('reports the time left in the window', async () => {
    const { clock, limiter } = clocked();
    expect((await limiter.hit('k', rule)).retryAfterMs).toBe(60_000);
    clock.t += 15_000;
    expect((await limiter.hit('k', rule)).retryAfterMs).toBe(45_000);
    await limiter.close();
  });

  it('starts a fresh window once the old one has passed', async () => {
    const { clock, limiter } = clocked();
    for (let i = 0; i < 4; i += 1) await limiter.hit('k', rule);
    clock.t += 59_999;
    expect((await limiter.hit('k', rule)).allowed).toBe(false);
    clock.t += 1; // exactly at the reset time
    const fresh = await limiter.hit('k', rule);
    expect(fresh).toEqual({ allowed: true, count: 1, remaining: 2, retryAfterMs: 60_000 });
    await limiter.close();
  });

  it('a window is fixed: hits inside it do not extend it', async () => {
    const { clock, limiter } = clocked();
    await limiter.hit('k', rule);
    clock.t += 50_000;
    await limiter.hit('k', rule);
    clock.t += 10_000;
    expect((await limiter.hit('k', rule)).count).toBe(1);
    await limiter.close();
  });

  it('keeps keys apart', async () => {
    const { limiter } = clocked();
    for (let i = 0; i < 4; i += 1) await limiter.hit('a', rule);
    expect(await limiter.hit('b', rule)).toMatchObject({ allowed: true, count: 1 });
    expect(await limiter.peek('a', rule)).toMatchObject({ allowed: false, count: 4 });
    await limiter.close();
  });

  it('peek reads without counting', async () => {
    const { clock, limiter } = clocked();
    expect(await limiter.peek('k', rule)).toEqual({ allowed: true, count: 0, remaining: 3, retryAfterMs: 0 });
    await limiter.hit('k', rule);
    await limiter.hit('k', rule);
    clock.t += 1000;
    expect(await limiter.peek('k', rule)).toEqual({ allowed: true, count: 2, remaining: 1, retryAfterMs: 59_000 });
    expect(await limiter.peek('k', rule)).toMatchObject({ count: 2 });
    expect((await limiter.hit('k', rule)).count).toBe(3);
    clock.t += 59_000;
    expect(await limiter.peek('k', rule)).toMatchObject({ count: 0, allowed: true, retryAfterMs: 0 });
    await limiter.close();
  });

  it('reset clears a key only', async () => {
    const { limiter } = clocked();
    for (let i = 0; i < 4; i += 1) {
      await limiter.hit('k', rule);
      await limiter.hit('other', rule);
    }
    await limiter.reset('k');
    expect(await limiter.peek('k', rule)).toMatchObject({ count: 0, allowed: true });
    expect((await limiter.hit('k', rule)).count).toBe(1);
    expect(await limiter.peek('other', rule)).toMatchObject({ count: 4, allowed: false });
    await limiter.reset('never-seen');
    await limiter.close();
  });

  it('a limit of 0 refuses the first hit', async () => {
    const { limiter } = clocked();
    expect(await limiter.hit('k', { limit: 0, windowMs: 1000 })).toMatchObject({ allowed: false, remaining: 0 });
    await limiter.close();
  });
});

describe('createRateLimiter', () => {
  it('uses memory without a Redis URL', async () => {
    const limiter = createRateLimiter(undefined);
    expect(limiter).toBeInstanceOf(MemoryRateLimiter);
    await limiter.close();
  });

  it('uses Redis with a URL', async () => {
    const limiter = createRateLimiter(REDIS_URL);
    expect(limiter).toBeInstanceOf(RedisRateLimiter);
    expect(await limiter.health()).toEqual({ redis: 'ok' });
    await limiter.close();
  });
});

describe('RedisRateLimiter without Redis (issue 18)', () => {
  it('counts in memory, still refuses past the limit, and says so once per outage', async () => {
    const outages: string[] = [];
    let fallbacks = 0;
    // Nothing listens on port 1: every connection attempt is refused.
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', {
      events: { outage: (error) => outages.push(error.message), fallback: () => fallbacks++ },
    });
    try {
      const rule = { limit: 2, windowMs: 60_000 };
      const results = [];
      for (let i = 0; i < 4; i += 1) results.push(await limiter.hit('k', rule));
      expect(results.map((r) => r.allowed)).toEqual([true, true, false, false]);
      expect((await limiter.peek('k', rule)).count).toBe(4);
      await limiter.reset('k');
      expect((await limiter.peek('k', rule)).count).toBe(0);
      expect(await limiter.health()).toEqual({ redis: 'down' });
      expect(outages).toHaveLength(1);
      expect(fallbacks).toBeGreaterThanOrEqual(6);
    } finally {
      await limiter.close();
    }
  });
});

describe('RedisRateLimiter (local Redis)', () => {
  const prefix = `haoka:test:${randomBytes(6).toString('hex')}:`;
  let limiter: RedisRateLimiter;
  let raw: Redis;

  beforeAll(() => {
    limiter = new RedisRateLimiter(REDIS_URL, { prefix });
    raw = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length > 0) await raw.del(...keys);
    await limiter.close();
    raw.disconnect();
  });

  it('counts hits in one window and refuses past the limit', async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit('count', rule));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([1, 0, 0, 0]);
    for (const r of results) {
      expect(r.retryAfterMs).toBeGreaterThan(0);
      expect(r.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('stores the count under the prefix with an expiry', async () => {
    await limiter.hit('stored', { limit: 5, windowMs: 30_000 });
    expect(await raw.get(`${prefix}stored`)).toBe('1');
    const ttl = await raw.pttl(`${prefix}stored`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  it('limiters with different prefixes do not share counts', async () => {
    const other = new RedisRateLimiter(REDIS_URL, { prefix: `${prefix}other:` });
    try {
      const rule = { limit: 5, windowMs: 60_000 };
      await limiter.hit('shared', rule);
      await limiter.hit('shared', rule);
      expect((await other.hit('shared', rule)).count).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('starts a fresh window after the old one expires', async () => {
    // Redis keeps real time: the window is long enough that the second hit lands in it on a busy machine.
    const rule = { limit: 1, windowMs: 1_500 };
    await limiter.hit('expire', rule);
    expect((await limiter.hit('expire', rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1_700));
    expect(await limiter.hit('expire', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('peek reads without counting', async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    expect(await limiter.peek('peek', rule)).toEqual({ allowed: true, count: 0, remaining: 3, retryAfterMs: 0 });
    await limiter.hit('peek', rule);
    await limiter.hit('peek', rule);
    const seen = await limiter.peek('peek', rule);
    expect(seen).toMatchObject({ allowed: true, count: 2, remaining: 1 });
    expect(seen.retryAfterMs).toBeGreaterThan(0);
    expect((await limiter.peek('peek', rule)).count).toBe(2);
    expect((await limiter.hit('peek', rule)).count).toBe(3);
  });

  it('reset clears a key only', async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    await limiter.hit('r1', rule);
    await limiter.hit('r1', rule);
    await limiter.hit('r2', rule);
    await limiter.reset('r1');
    expect((await limiter.peek('r1', rule)).count).toBe(0);
    expect(await limiter.hit('r1', rule)).toMatchObject({ allowed: true, count: 1 });
    expect((await limiter.peek('r2', rule)).count).toBe(1);
  });

  it('a key left without an expiry gets one on the next hit', async () => {
    await raw.set(`${prefix}noexpiry`, '7');
    const r = await limiter.hit('noexpiry', { limit: 10, windowMs: 20_000 });
    expect(r.count).toBe(8);
    expect(r.retryAfterMs).toBeGreaterThan(0);
    expect(r.retryAfterMs).toBeLessThanOrEqual(20_000);
    const ttl = await raw.pttl(`${prefix}noexpiry`);
    expect(ttl).toBeGreaterThan(0);
  });
});
