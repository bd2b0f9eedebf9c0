/**
 * Rate-limit plumbing: fixed windows counted in memory, or in Redis when REDIS_URL is set so that every
 * instance shares one count (ARCHITECTURE.md "Past one machine").
 */
import { Redis } from 'ioredis';

export interface LimitRule {
  /** Hits allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within the rule. */
  hit(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Reads the count without adding a hit. */
  peek(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Clears a key (e.g. failures after a successful login). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function result(count: number, rule: LimitRule, retryAfterMs: number): LimitResult {
  return {
    allowed: count <= rule.limit,
    count,
    remaining: Math.max(0, rule.limit - count),
    retryAfterMs: Math.max(0, retryAfterMs),
  };
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly #sweep: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.#sweep = setInterval(() => {
      const t = this.now();
      for (const [key, w] of this.#windows) if (w.resetAt <= t) this.#windows.delete(key);
    }, 60_000);
    this.#sweep.unref();
  }

  #current(key: string) {
    const w = this.#windows.get(key);
    if (w && w.resetAt > this.now()) return w;
    return undefined;
  }

  async hit(key: string, rule: LimitRule): Promise<LimitResult> {
    const t = this.now();
    let w = this.#current(key);
    if (!w) {
      w = { count: 0, resetAt: t + rule.windowMs };
      this.#windows.set(key, w);
    }
    w.count += 1;
    return result(w.count, rule, w.resetAt - t);
  }

  async peek(key: string, rule: LimitRule): Promise<LimitResult> {
    const w = this.#current(key);
    return result(w?.count ?? 0, rule, w ? w.resetAt - this.now() : 0);
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;

  /**
   * `onError` hears connection errors (ioredis reconnects by itself; without a listener it would print
   * them to stderr as unhandled). It is told once per outage, not on every reconnect attempt.
   */
  constructor(url: string, prefix = 'haoka:rl:', onError: (error: Error) => void = () => {}) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    this.#prefix = prefix;
    let down = false;
    this.#redis.on('error', (error: Error) => {
      if (!down) onError(error);
      down = true;
    });
    this.#redis.on('ready', () => {
      down = false;
    });
  }

  async hit(key: string, rule: LimitRule): Promise<LimitResult> {
    const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, this.#prefix + key, String(rule.windowMs))) as [
      number,
      number,
    ];
    return result(Number(count), rule, Number(ttl));
  }

  async peek(key: string, rule: LimitRule): Promise<LimitResult> {
    const [count, ttl] = await Promise.all([this.#redis.get(this.#prefix + key), this.#redis.pttl(this.#prefix + key)]);
    return result(Number(count ?? 0), rule, ttl);
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}

export function createRateLimiter(redisUrl: string | undefined, onError?: (error: Error) => void): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, undefined, onError) : new MemoryRateLimiter();
}
