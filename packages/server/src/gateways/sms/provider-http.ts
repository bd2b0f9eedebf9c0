/**
 * The SMS providers' side of outbound calls: the call itself (GATEWAY_TIMEOUT_MS per attempt, the call
 * aborted rather than ignored, logged without its credentials) is outbound-http.ts's, as for every gateway.
 * What is the SMS providers' own: a call is retried only when the request cannot have reached the provider
 * (`whenNotSent`) — SendSms is not idempotent: a call that timed out or was cut may have been delivered, and
 * a second one would send a second message (and count twice against the shopper's limits) — and every
 * failure is an SmsRefusal.
 */
import { OutboundFailure, type OutboundLog, outboundCall } from '../outbound-http.js';
import { SmsRefusal } from './sms-gateway.js';

export type ProviderLogger = OutboundLog;

export interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
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
  let answer: Awaited<ReturnType<typeof outboundCall>>;
  try {
    answer = await outboundCall({ provider, log: deps.log, timeoutMs: deps.timeoutMs, retry: 'whenNotSent' }, () => ({
      method: 'POST',
      action,
      ...build(),
    }));
  } catch (error) {
    if (!(error instanceof OutboundFailure)) throw error;
    if (error.kind === 'timeout') throw new SmsRefusal(provider, 'timeout', `no answer within ${deps.timeoutMs} ms`);
    throw new SmsRefusal(provider, 'network', error.detail);
  }
  try {
    return { status: answer.status, body: JSON.parse(answer.text) };
  } catch {
    deps.log.warn({ provider, action, status: answer.status }, 'sms provider answered no JSON');
    throw new SmsRefusal(provider, `http${answer.status}`, 'the answer is not JSON');
  }
}
