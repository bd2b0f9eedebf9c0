/**
 * Outbound HTTP of the operator platform adapters (PROVIDERS.md "Rules for every adapter"): every call has
 * a timeout, reads are retried a bounded number of times, a 429 waits what Retry-After says, and each call
 * is logged with the credentials cut out of it. The pacing of each platform (calls per second, one call at
 * a time) is its adapter's, with the two helpers below.
 *
 * Every wait and every deadline here goes through a PlatformClock, so that tests check which waits were
 * asked for instead of timing them (a loaded machine makes timed tests flaky); the app uses the real one.
 */
import { CarrierRefusal } from './carrier-gateway.js';

/** The pino-compatible part of a logger the adapters use. */
export interface PlatformLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The platform did not answer usefully (network, timeout, 5xx, too many 429s): the card keeps its state
 * and the shopper is told the operator is busy, as when the whole call runs past GATEWAY_TIMEOUT_MS.
 */
export class PlatformUnavailable extends CarrierRefusal {
  constructor(platform: string, detail: string) {
    super('upstreamBusy', `${platform}: ${detail}`);
    this.name = 'PlatformUnavailable';
  }
}

/** Time as the platform helpers see it. */
export interface PlatformClock {
  now(): number;
  /** Resolves after `ms` (pacing, Retry-After, the over-limit pause, the pause between read retries). */
  sleep(ms: number): Promise<void>;
  /** A signal that aborts one call attempt once `ms` have passed. */
  timeout(ms: number): AbortSignal;
}

/** The wall clock and real timers. */
export const systemClock: PlatformClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timeout: (ms) => AbortSignal.timeout(ms),
};

export interface PlatformHttpOptions {
  platform: string;
  log: PlatformLog;
  /** systemClock unless a test drives its own. */
  clock?: PlatformClock;
  /** Per attempt; the whole gateway method is bounded again by GATEWAY_TIMEOUT_MS (deadline.ts). */
  timeoutMs: number;
  /** Values never written to the log (password, token, API key), wherever they appear in a URL. */
  secrets: () => string[];
  /** Extra attempts of a read after a network error, a timeout or a 5xx. */
  readRetries?: number;
  /** Longest Retry-After honoured; a platform asking for longer counts as unavailable. */
  maxRetryAfterMs?: number;
}

export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /** A read may be repeated; a change is sent once (the caller retries it, if at all, on its own terms). */
  read: boolean;
}

export interface PlatformResponse {
  status: number;
  body: unknown;
}

const CENSOR = '[redacted]';
const SECRET_PARAMS = ['password', 'token', 'apiKey', 'api_key'];

/** The URL as logged: secret query values and any configured secret replaced. */
export function redactUrl(url: URL, secrets: string[]): string {
  const shown = new URL(url);
  for (const name of SECRET_PARAMS) if (shown.searchParams.has(name)) shown.searchParams.set(name, CENSOR);
  let text = `${shown.pathname}${shown.search}`;
  for (const secret of secrets) if (secret.length >= 4) text = text.split(secret).join(CENSOR);
  return text;
}

/** Retry-After in ms (seconds or an HTTP date); 1 s when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : 1000;
}

export async function platformRequest(
  options: PlatformHttpOptions,
  request: PlatformRequest,
): Promise<PlatformResponse> {
  const { platform, log } = options;
  const clock = options.clock ?? systemClock;
  const retries = request.read ? (options.readRetries ?? 2) : 0;
  const maxRetryAfter = options.maxRetryAfterMs ?? 5_000;
  const shown = () => redactUrl(request.url, options.secrets());
  let failures = 0;
  let throttled = 0;
  for (;;) {
    const started = clock.now();
    let status = 0;
    let failure = '';
    try {
      const res = await fetch(request.url, {
        method: request.method,
        headers: { accept: 'application/json', ...request.headers },
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: clock.timeout(options.timeoutMs),
      });
      status = res.status;
      const text = await res.text();
      log.info({ platform, method: request.method, url: shown(), status, ms: clock.now() - started }, 'carrier call');
      if (status === 429) {
        // Asked to slow down: the request was not processed, so even a change may be sent again.
        const wait = retryAfterMs(res.headers.get('retry-after'), clock.now());
        throttled += 1;
        if (wait > maxRetryAfter || throttled > 3) throw new PlatformUnavailable(platform, `throttled (${status})`);
        await clock.sleep(wait);
        continue;
      }
      if (status >= 500) {
        failure = `answered ${status}`;
      } else {
        let body: unknown;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          throw new PlatformUnavailable(platform, `answered ${status} with a body that is not JSON`);
        }
        return { status, body };
      }
    } catch (err) {
      if (err instanceof PlatformUnavailable) throw err;
      failure = err instanceof Error ? err.message : String(err);
      log.warn(
        { platform, method: request.method, url: shown(), ms: clock.now() - started, failure },
        'carrier call failed',
      );
    }
    failures += 1;
    if (failures > retries) throw new PlatformUnavailable(platform, failure);
    await clock.sleep(100 * failures);
  }
}

/** Starts calls at most `perSecond` a second (OneLink's per-appid cap). */
export class CallSpacing {
  #next = 0;
  constructor(
    private readonly perSecond: number,
    private readonly clock: PlatformClock = systemClock,
  ) {}

  async wait(): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(now, this.#next);
    this.#next = at + 1000 / this.perSecond;
    if (at > now) await this.clock.sleep(at - now);
  }
}

/** Runs calls one after another, never two at once (Jasper allows one call at a time per account). */
export class OneAtATime {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(call: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(call, call);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
