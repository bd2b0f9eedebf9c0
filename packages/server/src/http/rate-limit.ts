/**
 * Rate-limit plumbing: fixed windows counted in memory, or in Redis when REDIS_URL is set so that every
 * instance shares one count (ARCHITECTURE.md "Past one machine"). When Redis cannot be reached, each
 * instance counts in its own memory until Redis answers again: limits stay enforced (per instance), never
 * lifted, and no request waits on Redis longer than REDIS_COMMAND_TIMEOUT_MS.
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
  /** Where the counts are kept now (for GET /healthz); asks Redis once, within the command timeout. */
  health(): Promise<LimiterHealth>;
  close(): Promise<void>;
}

/** `disabled`: no Redis configured (memory by design); `down`: Redis configured but unreachable (memory for now). */
export interface LimiterHealth {
  redis: 'disabled' | 'ok' | 'down';
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

  async health(): Promise<LimiterHealth> {
    return { redis: 'disabled' };
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

/** Longest wait for one Redis command; then the call is counted in memory instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** Longest wait for a connection to Redis (at start, the first calls wait for it). */
const CONNECT_TIMEOUT_MS = 1_000;
/** After a failed or timed-out command, calls go straight to memory this long before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 1_000;

/** What the shared limiter tells its owner (app.ts logs and counts them). */
export interface LimiterEvents {
  /** Redis became unreachable; told once per outage, not per request. */
  outage?(error: Error): void;
  /** Redis answers again: counts are shared again. */
  recovered?(): void;
  /** One call was counted in this instance's memory because Redis could not be reached. */
  fallback?(): void;
}

/**
 * Counts in Redis, so that every instance shares one count. ioredis is set to fail fast instead of
 * queueing or retrying a command (no offline queue, no per-request retries, a short command timeout); it
 * keeps reconnecting in the background. While Redis cannot be reached, every call is counted in this
 * instance's memory instead (`MemoryRateLimiter`), and when Redis is back the shared counts take over
 * again, without a restart. Counts made in memory during the outage stay in memory (they are not merged).
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #events: LimiterEvents;
  readonly #memory: MemoryRateLimiter;
  /** True from the first failure until Redis answers again. */
  #down = false;
  /** Calls before this time do not try Redis (after a failure on a connection that still looks ready). */
  #retryAt = 0;
  /** Settles once the first connection attempt is over (ready, failed, or the connect timeout). */
  readonly #firstAttempt: Promise<void>;

  constructor(url: string, options: { prefix?: string; events?: LimiterEvents; now?: () => number } = {}) {
    this.#prefix = options.prefix ?? 'haoka:rl:';
    this.#events = options.events ?? {};
    this.#memory = new MemoryRateLimiter(options.now);
    this.#redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(100 * attempt, 1_000),
    });
    // ioredis reconnects by itself; without a listener its errors would be printed as unhandled.
    this.#redis.on('error', (error: Error) => this.#failed(error));
    this.#redis.on('ready', () => this.#answered());
    this.#firstAttempt = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_TIMEOUT_MS);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#redis.once('ready', done);
      this.#redis.once('error', done);
      this.#redis.once('end', done);
    });
  }

  #failed(error: Error): void {
    this.#retryAt = Date.now() + REDIS_RETRY_AFTER_MS;
    if (this.#down) return;
    this.#down = true;
    this.#events.outage?.(error);
  }

  #answered(): void {
    this.#retryAt = 0;
    if (!this.#down) return;
    this.#down = false;
    this.#events.recovered?.();
  }

  /** Redis when it can be reached, else this instance's memory. */
  async #use<T>(shared: () => Promise<T>, local: (memory: MemoryRateLimiter) => Promise<T>): Promise<T> {
    await this.#firstAttempt;
    if (this.#redis.status === 'ready' && Date.now() >= this.#retryAt) {
      try {
        const value = await shared();
        this.#answered();
        return value;
      } catch (error) {
        this.#failed(error instanceof Error ? error : new Error(String(error)));
      }
    } else if (!this.#down) {
      this.#failed(new Error(`Redis connection ${this.#redis.status}`));
    }
    this.#events.fallback?.();
    return local(this.#memory);
  }

  hit(key: string, rule: LimitRule): Promise<LimitResult> {
    return this.#use(
      async () => {
        const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, this.#prefix + key, String(rule.windowMs))) as [
          number,
          number,
        ];
        return result(Number(count), rule, Number(ttl));
      },
      (memory) => memory.hit(key, rule),
    );
  }

  peek(key: string, rule: LimitRule): Promise<LimitResult> {
    return this.#use(
      async () => {
        const [count, ttl] = await Promise.all([
          this.#redis.get(this.#prefix + key),
          this.#redis.pttl(this.#prefix + key),
        ]);
        return result(Number(count ?? 0), rule, ttl);
      },
      (memory) => memory.peek(key, rule),
    );
  }

  async reset(key: string): Promise<void> {
    // Both: a count made in memory during an outage must not outlive a reset made after it.
    await this.#memory.reset(key);
    await this.#use(
      async () => {
        await this.#redis.del(this.#prefix + key);
      },
      async () => {},
    );
  }

  async health(): Promise<LimiterHealth> {
    await this.#firstAttempt;
    if (this.#redis.status === 'ready') {
      try {
        await this.#redis.ping();
        this.#answered();
        return { redis: 'ok' };
      } catch (error) {
        this.#failed(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return { redis: 'down' };
  }

  async close(): Promise<void> {
    await this.#memory.close();
    this.#redis.disconnect();
  }
}

export function createRateLimiter(redisUrl: string | undefined, events?: LimiterEvents): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, { events: events ?? {} }) : new MemoryRateLimiter();
}
