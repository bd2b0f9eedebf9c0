/**
 * The operator platforms' side of outbound calls (PROVIDERS.md "Rules for every adapter"). The call itself
 * — timeout, retries, Retry-After, redacted logging, the clock — is outbound-http.ts's, as for every
 * gateway; what is the carriers' own stays here: reads retried and changes sent once, any call that brought
 * no useful answer turned into PlatformUnavailable, and the pacing of each platform (calls per second, one
 * call at a time), which only the operator platforms impose.
 */
import { type OutboundClock, OutboundFailure, type OutboundLog, outboundCall, systemClock } from '../outbound-http.js';
import { CarrierRefusal } from './carrier-gateway.js';

/** The pino-compatible part of a logger the adapters use. */
export type PlatformLog = OutboundLog;

/** Time as the platform helpers see it (app.ts passes a test's clock by this name). */
export type PlatformClock = OutboundClock;

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

export interface PlatformHttpOptions {
  platform: string;
  log: PlatformLog;
  /** The system clock unless a test drives its own. */
  clock?: PlatformClock;
  /** Per attempt; the whole gateway method is bounded again by GATEWAY_TIMEOUT_MS (deadline.ts). */
  timeoutMs: number;
  /** Values never written to the log (password, token, API key), wherever they appear in a URL. */
  secrets: () => string[];
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

/** Attempts of a read in all: the first and two retries after a network error, a timeout or a 5xx. */
const READ_ATTEMPTS = 3;
/** A platform asking to wait longer than this, or more than this many times, counts as unavailable. */
const RETRY_AFTER = { maxWaitMs: 5_000, times: 3 };

export async function platformRequest(
  options: PlatformHttpOptions,
  request: PlatformRequest,
): Promise<PlatformResponse> {
  const { platform } = options;
  let answer: Awaited<ReturnType<typeof outboundCall>>;
  try {
    answer = await outboundCall(
      {
        provider: platform,
        log: options.log,
        clock: options.clock,
        timeoutMs: options.timeoutMs,
        secrets: options.secrets,
        // A platform's query names the card and the operation, which the log is there to show.
        logQuery: true,
        retry: request.read ? 'reads' : 'never',
        attempts: request.read ? READ_ATTEMPTS : 1,
        retryAfter: RETRY_AFTER,
      },
      {
        method: request.method,
        url: request.url,
        headers: { accept: 'application/json', ...request.headers },
        body: request.body,
      },
    );
  } catch (err) {
    if (err instanceof OutboundFailure) {
      throw new PlatformUnavailable(platform, err.kind === 'timeout' ? 'timeout' : err.detail);
    }
    throw err;
  }
  const { status, text } = answer;
  if (status === 429) throw new PlatformUnavailable(platform, `throttled (${status})`);
  if (status >= 500) throw new PlatformUnavailable(platform, `answered ${status}`);
  try {
    return { status, body: text === '' ? undefined : JSON.parse(text) };
  } catch {
    throw new PlatformUnavailable(platform, `answered ${status} with a body that is not JSON`);
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
