/**
 * The one request wrapper (SPEC §7–8): GET sends the query and POST the body, empty values dropped;
 * the SPEC headers; a 120 s timeout; then every HTTP outcome and envelope code behaves as the catalogue
 * says. It resolves with `data` on code 0 and rejects with an ApiError (or RuntimeFailure) otherwise.
 */
import {
  dropEmpty,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  ErrorCode,
  REQUEST_TIMEOUT_MS,
} from '@haoka/contract';
import { loadReasons } from '../i18n/load-reasons';
import i18next from '../i18n/translator';
import { applyOutcome, outcomeFor, refusalText } from './error-catalogue';
import { showToast } from './feedback';
import { takeFirstResponse } from './first-requests';
import { requestHeaders } from './headers';
import { whileRequesting } from './idle';
import { navigateUrl } from './navigation';
import { RuntimeFailure, requestNetworkError, requestTimeout } from './runtime-errors';
import { timedFetch } from './timed-fetch';

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** HTTP status when the failure was at the HTTP level. */
  readonly status: number;
  /** The answer's reason id (contract `reasons.ts`), when it gave one. */
  readonly reason: string | undefined;
  /** `message` is the server's own text (zh-Hans); `text` is what a screen shows. */
  constructor(code: number, message: string, data: unknown = null, status = 200, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
    this.reason = reason;
  }

  /** The refusal in the current language (read at render time, so a language switch applies at once). */
  get text(): string {
    return refusalText(this.reason, this.message, this.data);
  }
}

export interface RequestOptions {
  /** Codes the caller handles itself: rejected without the catalogue's toast or dialog. */
  silentCodes?: readonly number[];
  /** Hide the toast of a non-2xx answer (SPEC §8 "unless hidden"). */
  hideError?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Receives what a success says besides 'ok', localized, with its reason (e.g. simRefresh's `dataSyncing`,
   * 数据同步中); a plain success gives 'ok' and no reason.
   */
  onMessage?: (text: string, reason: string | undefined) => void;
}

export const API_BASE: string = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '';

function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) search.set(key, value.join(','));
    else if (typeof value === 'object' && value !== null) search.set(key, JSON.stringify(value));
    else search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

function send(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
  return timedFetch(url, init, { timeoutMs, signal: outer, networkError: requestNetworkError }, async (r) => r);
}

/**
 * The answer the page's HTML already asked for (platform/first-requests.ts), bounded as the app's own
 * request is: it times out `timeoutMs` after the app takes it (a network that never answers fails as
 * it would have, not never), and a failed one is asked again.
 */
function reuse(started: Promise<Response>, timeoutMs: number, fresh: () => Promise<Response>): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(requestTimeout()), timeoutMs);
  });
  return Promise.race([started, timeout])
    .finally(() => clearTimeout(timer))
    .catch((error: unknown) => {
      if (error instanceof RuntimeFailure) throw error;
      return fresh();
    });
}

export async function request<E extends Endpoint>(
  endpoint: E,
  params?: EndpointInput<E>,
  options: RequestOptions = {},
): Promise<EndpointData<E>> {
  const payload = dropEmpty((params ?? {}) as Record<string, unknown>, { sendAsIs: endpoint.sendAsIs });
  const isGet = endpoint.method === 'GET';
  const url = `${API_BASE}${endpoint.path}${isGet ? toQuery(payload) : ''}`;
  const headers: Record<string, string> = { ...requestHeaders(), accept: 'application/json' };
  if (!isGet) headers['content-type'] = 'application/json';

  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const fresh = () =>
    send(
      url,
      { method: endpoint.method, headers, body: isGet ? undefined : JSON.stringify(payload) },
      timeoutMs,
      options.signal,
    );
  // The same request the page's HTML already started (platform/first-requests.ts): its answer, once.
  const started = isGet ? takeFirstResponse(url, headers['session-id'] ?? '') : undefined;
  let response: Response;
  try {
    response = await whileRequesting(started ? reuse(started, timeoutMs, fresh) : fresh());
  } catch (error) {
    if (error instanceof RuntimeFailure && error.errMsg !== 'abort') showToast(i18next.t('errors.network'));
    throw error;
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const envelope = body as { code?: unknown; message?: unknown; reason?: unknown; data?: unknown } | null;
  const serverMessage = typeof envelope?.message === 'string' ? envelope.message : '';
  const reason = typeof envelope?.reason === 'string' ? envelope.reason : undefined;
  if (reason) await loadReasons();

  if (!response.ok) {
    if (response.status === 401) throw new ApiError(ErrorCode.FAIL, serverMessage, null, 401, reason);
    const failure = new ApiError(ErrorCode.FAIL, serverMessage, envelope?.data ?? null, response.status, reason);
    if (response.status >= 500) showToast(i18next.t('errors.serverError'));
    else if (!options.hideError) showToast(failure.text || i18next.t('errors.requestError'));
    throw failure;
  }
  if (!envelope || typeof envelope !== 'object' || !('data' in envelope) || typeof envelope.code !== 'number') {
    showToast(i18next.t('errors.dataInvalid'));
    throw new ApiError(ErrorCode.FAIL, i18next.t('errors.dataInvalid'), null, response.status);
  }
  if (envelope.code === ErrorCode.OK) {
    options.onMessage?.(refusalText(reason, serverMessage, envelope.data), reason);
    return envelope.data as EndpointData<E>;
  }

  if (!options.silentCodes?.includes(envelope.code)) {
    applyOutcome(outcomeFor(envelope.code, serverMessage, envelope.data, reason), navigateUrl);
  }
  throw new ApiError(envelope.code, serverMessage, envelope.data ?? null, 200, reason);
}
