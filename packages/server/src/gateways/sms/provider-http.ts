/**
 * One signed call to an SMS provider: bounded by GATEWAY_TIMEOUT_MS (the call is aborted, not just
 * ignored), logged without its credentials, and retried only when the request cannot have reached the
 * provider. SendSms is not idempotent: a call that timed out or was cut may have been delivered, and a
 * second one would send a second message (and count twice against the shopper's limits).
 */
import { SmsRefusal } from './sms-gateway.js';

export interface ProviderLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Connection errors raised before a byte of the request left: the provider saw nothing. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
/** Attempts of a call that never reached the provider (a refused connection, a failed DNS lookup). */
export const MAX_ATTEMPTS = 2;

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/**
 * POSTs `build()` (called again for each attempt, so each has its own date and nonce) and answers the
 * parsed JSON body with its HTTP status; a timeout, a network failure or a body that is not JSON is an
 * SmsRefusal.
 */
export async function callProvider(
  provider: string,
  action: string,
  build: () => ProviderRequest,
  deps: { log: ProviderLogger; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  for (let attempt = 1; ; attempt++) {
    const request = build();
    const host = new URL(request.url).host;
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body === '' ? undefined : request.body,
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
    } catch (error) {
      const code = causeCode(error);
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      deps.log.warn(
        {
          provider,
          action,
          host,
          attempt,
          ms: Date.now() - started,
          error: timedOut ? 'timeout' : (code ?? String(error)),
        },
        'sms provider call failed',
      );
      if (code && NOT_SENT.has(code) && attempt < MAX_ATTEMPTS) continue;
      if (timedOut) throw new SmsRefusal(provider, 'timeout', `no answer within ${deps.timeoutMs} ms`);
      throw new SmsRefusal(provider, 'network', code ?? (error instanceof Error ? error.message : String(error)));
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      deps.log.warn({ provider, action, host, status: response.status }, 'sms provider answered no JSON');
      throw new SmsRefusal(provider, `http${response.status}`, 'the answer is not JSON');
    }
    deps.log.info(
      { provider, action, host, attempt, status: response.status, ms: Date.now() - started },
      'sms provider call',
    );
    return { status: response.status, body };
  }
}
