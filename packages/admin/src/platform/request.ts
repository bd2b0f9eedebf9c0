/**
 * The console's one request wrapper over the contract's `adminApi`: same-origin cookie, the session's CSRF
 * header on every POST, empty query values dropped, the envelope parsed. It resolves with `data` on code 0
 * and rejects with an ApiError otherwise; a 401 (no session) and a 403 `staffPasswordChangeRequired` are
 * also told to the session listener, which sends the user to the sign-in or the password page.
 */
import { CSRF_HEADER, dropEmpty, type Endpoint, type EndpointData, type EndpointInput } from '@haoka/contract';
import i18next from 'i18next';
import { refusalText } from './refusal-text';

export class ApiError extends Error {
  constructor(
    /** The envelope's code (-1 when the answer had none). */
    readonly code: number,
    message: string,
    readonly status: number,
    readonly reason: string | undefined,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** What the console shows, in the current language (read when rendered). */
  get text(): string {
    return (
      refusalText(this.reason, this.message, this.data) || i18next.t('common.requestFailed', { status: this.status })
    );
  }
}

type WireEnvelope = { code?: unknown; message?: unknown; reason?: unknown; data?: unknown };

export type SessionProblem = 'signedOut' | 'passwordChangeRequired';
let csrfToken = '';
let sessionListener: (problem: SessionProblem) => void = () => {};

/** Remembers the session's CSRF token (from `login`, `me` or `changePassword`); '' after sign-out. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function onSessionProblem(listener: (problem: SessionProblem) => void): void {
  sessionListener = listener;
}

/** `?a=1&b=2` of the non-empty values. */
export function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(dropEmpty(params))) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

export async function request<E extends Endpoint>(endpoint: E, params?: EndpointInput<E>): Promise<EndpointData<E>> {
  const payload = (params ?? {}) as Record<string, unknown>;
  const isGet = endpoint.method === 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!isGet) {
    headers['content-type'] = 'application/json';
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  }
  let response: Response;
  try {
    response = await fetch(`${endpoint.path}${isGet ? toQuery(payload) : ''}`, {
      method: endpoint.method,
      headers,
      credentials: 'same-origin',
      body: isGet ? undefined : JSON.stringify(dropEmpty(payload)),
    });
  } catch {
    throw new ApiError(-1, i18next.t('common.networkError'), 0, undefined);
  }
  let envelope: WireEnvelope | null = null;
  try {
    envelope = (await response.json()) as WireEnvelope | null;
  } catch {
    envelope = null;
  }
  const code = typeof envelope?.code === 'number' ? envelope.code : -1;
  const message = typeof envelope?.message === 'string' ? envelope.message : '';
  const reason = typeof envelope?.reason === 'string' ? envelope.reason : undefined;
  if (response.ok && code === 0 && envelope && 'data' in envelope) return envelope.data as EndpointData<E>;

  if (response.status === 401) sessionListener('signedOut');
  else if (response.status === 403 && reason === 'staffPasswordChangeRequired')
    sessionListener('passwordChangeRequired');
  throw new ApiError(code, message, response.status, reason, envelope?.data ?? null);
}
