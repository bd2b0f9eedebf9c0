/**
 * The one way a gateway calls a provider over HTTP (PROVIDERS.md "Rules for every adapter"): each attempt
 * is aborted after `timeoutMs`, attempts are repeated only as the caller's retry policy allows, a 429 may
 * wait what Retry-After says (bounded), and every attempt is logged — provider, action, host, path, status,
 * attempt, ms — with the secrets the caller names cut out. The whole gateway method is bounded again from
 * outside by GATEWAY_TIMEOUT_MS (deadline.ts).
 *
 * The helper interprets nothing: any HTTP answer (a 4xx, a 5xx once retries are spent, a 429 past its
 * bound) is handed back with its text, and the adapter turns it into its own refusal. Only a call that
 * brought no answer at all throws, as an OutboundFailure the adapter maps likewise.
 *
 * Every wait and every deadline goes through an OutboundClock, so that tests check which waits were asked
 * for instead of timing them (a loaded machine makes timed tests flaky); the app uses the system clock.
 */
import type { GatewayLogger } from '../lib/logger.js';

/** The logger an outbound call writes its lines with. */
export type OutboundLog = GatewayLogger;

/** Time as outbound calls see it. */
export interface OutboundClock {
  now(): number;
  /** Resolves after `ms` (pacing, Retry-After, the pause between retries). */
  sleep(ms: number): Promise<void>;
  /** A signal that aborts one call attempt once `ms` have passed. */
  timeout(ms: number): AbortSignal;
}

/** The wall clock and real timers. */
export const systemClock: OutboundClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timeout: (ms) => AbortSignal.timeout(ms),
};

/**
 * Which failed attempts are sent again, by what the provider may have seen of them:
 * - `never`: each call is sent once (a change a provider would apply twice).
 * - `whenNotSent`: only when the request never left (connection refused, DNS): the provider saw nothing,
 *   so even a call that is not idempotent (sending an SMS) is safe to repeat.
 * - `whenCut`: also when the connection broke before an answer — for calls the provider deduplicates by
 *   the caller's own id (WeChat Pay's out_trade_no, out_refund_no). Not after a timeout: the per-attempt
 *   timeout of these callers is the gateway's whole deadline, so a retry could only run after it.
 * - `reads`: also after a timeout or a 5xx — for reads, which change nothing however often they are sent.
 */
export type RetryPolicy = 'never' | 'whenNotSent' | 'whenCut' | 'reads';

/** Attempts in all when the caller does not say, by policy. */
const DEFAULT_ATTEMPTS: Record<RetryPolicy, number> = { never: 1, whenNotSent: 2, whenCut: 2, reads: 3 };

export interface OutboundOptions {
  /** Names the provider in the log and in failures (`aliyun`, `wechatpay`, `onelink`). */
  provider: string;
  log: OutboundLog;
  /** systemClock unless a test drives its own. */
  clock?: OutboundClock | undefined;
  /** Per attempt. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Attempts in all, including the first (the policy's default otherwise). */
  attempts?: number | undefined;
  /** Values never written to the log (password, token, API key), wherever they appear in the URL. */
  secrets?: (() => string[]) | undefined;
  /**
   * Log the query with the path (credentials redacted). Off by default: a query may carry what must not
   * reach the log at all (Aliyun's carries the phone number and the code sent), and a signed one its
   * signature.
   */
  logQuery?: boolean | undefined;
  /**
   * When set, a 429 waits what Retry-After says and is sent again, whatever the policy (the provider did
   * not process it), at most `times` times and never longer than `maxWaitMs` a wait; past either, the 429
   * is the answer. Unset, a 429 is an answer like any other.
   */
  retryAfter?: { maxWaitMs: number; times: number } | undefined;
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: URL | string;
  headers?: Record<string, string> | undefined;
  body?: string | undefined;
  /** The name logged for the call (an API action); the path is logged as well. */
  action?: string | undefined;
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The attempt that brought this answer (1 for the first). */
  attempt: number;
}

/**
 * No answer came: `timeout` (the attempt's deadline passed), `notSent` (the request never left) or
 * `network` (the connection broke, or any other fetch failure); `detail` is the error code or message.
 */
export class OutboundFailure extends Error {
  constructor(
    readonly provider: string,
    readonly kind: 'timeout' | 'notSent' | 'network',
    readonly detail: string,
  ) {
    super(`${provider}: ${kind === 'timeout' ? 'timeout' : detail}`);
    this.name = 'OutboundFailure';
  }
}

/** Connection errors raised before a byte of the request left: the provider saw nothing. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

const CENSOR = '[redacted]';
/** Query parameters whose values are credentials on any platform. */
const SECRET_PARAMS = ['password', 'token', 'apiKey', 'api_key'];

/** The path (and the query, if asked) as logged: secret query values and any named secret replaced. */
export function redactUrl(url: URL, secrets: string[], withQuery = true): string {
  const shown = new URL(url);
  for (const name of SECRET_PARAMS) if (shown.searchParams.has(name)) shown.searchParams.set(name, CENSOR);
  let text = withQuery ? `${shown.pathname}${shown.search}` : shown.pathname;
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

function failureOf(provider: string, error: unknown): OutboundFailure {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new OutboundFailure(provider, 'timeout', error.message);
  }
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const detail = code ?? (error instanceof Error ? error.message : String(error));
  return new OutboundFailure(provider, code && NOT_SENT.has(code) ? 'notSent' : 'network', detail);
}

function mayRetry(policy: RetryPolicy, failure: OutboundFailure | undefined): boolean {
  if (policy === 'never') return false;
  if (policy === 'reads') return true;
  if (!failure) return false; // a 5xx is retried by reads only
  if (failure.kind === 'notSent') return true;
  return policy === 'whenCut' && failure.kind === 'network';
}

/**
 * Sends `request` — a function is called again for each attempt, so that a signed request gets a fresh
 * timestamp and nonce — and answers the provider's HTTP answer; throws OutboundFailure when none came.
 */
export async function outboundCall(
  options: OutboundOptions,
  request: OutboundRequest | (() => OutboundRequest),
): Promise<OutboundAnswer> {
  const { provider, log } = options;
  const clock = options.clock ?? systemClock;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS[options.retry];
  let failures = 0;
  let throttled = 0;
  for (let attempt = 1; ; attempt += 1) {
    const req = typeof request === 'function' ? request() : request;
    const url = new URL(req.url);
    const where = {
      provider,
      ...(req.action ? { action: req.action } : {}),
      method: req.method,
      host: url.host,
      path: redactUrl(url, options.secrets?.() ?? [], options.logQuery ?? false),
      attempt,
    };
    const started = clock.now();
    let answer: OutboundAnswer | undefined;
    let failure: OutboundFailure | undefined;
    try {
      const res = await fetch(url, {
        method: req.method,
        headers: req.headers ?? {},
        ...(req.body !== undefined && req.body !== '' ? { body: req.body } : {}),
        signal: clock.timeout(options.timeoutMs),
      });
      answer = { status: res.status, headers: res.headers, text: await res.text(), attempt };
      log.info({ ...where, status: res.status, ms: clock.now() - started }, 'provider call');
    } catch (error) {
      failure = failureOf(provider, error);
      log.warn(
        { ...where, ms: clock.now() - started, error: failure.kind === 'timeout' ? 'timeout' : failure.detail },
        'provider call failed',
      );
    }
    if (answer?.status === 429 && options.retryAfter) {
      // Asked to slow down: the request was not processed, so even a change may be sent again.
      const wait = retryAfterMs(answer.headers.get('retry-after'), clock.now());
      throttled += 1;
      if (wait > options.retryAfter.maxWaitMs || throttled > options.retryAfter.times) return answer;
      await clock.sleep(wait);
      continue;
    }
    if (answer && answer.status < 500) return answer;
    failures += 1;
    if (failures >= attempts || !mayRetry(options.retry, failure)) {
      if (answer) return answer;
      throw failure;
    }
    await clock.sleep(100 * failures);
  }
}
