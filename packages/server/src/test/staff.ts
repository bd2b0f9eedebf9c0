/**
 * Staff console calls for API tests: a staff member made by the service, signed in through the real
 * login (password and TOTP code of the current faked or real time), and calls that carry the session
 * cookie and CSRF header. The answer keeps its HTTP status, since the console's refusals are 401 / 403.
 */
import {
  adminApi,
  CSRF_HEADER,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  STAFF_COOKIE,
  type StaffCredentials,
  type StaffMe,
  type StaffRole,
} from '@haoka/contract';
import { vi } from 'vitest';
import { CLI_ACTOR } from '../http/audit.js';
import { TOTP_STEP_MS, totpCode } from '../lib/totp.js';
import { addStaff } from '../modules/staff/service.js';
import type { Answer } from './call.js';
import type { TestApp } from './harness.js';

/** A signed-in staff member: the cookie, the CSRF token, and what login answered. */
export interface StaffSignIn {
  credentials: StaffCredentials;
  cookie: string;
  csrf: string;
  me: StaffMe;
}

export interface StaffAnswer<D> {
  status: number;
  body: Answer<D>;
  headers: Record<string, unknown>;
}

export interface StaffCallOptions {
  /** The session; none for an anonymous call. */
  as?: StaffSignIn | null;
  /** The CSRF header: the session's by default, `null` to leave it out, or a value of its own. */
  csrf?: string | null;
  remoteAddress?: string;
}

/** Calls an admin endpoint as the given staff member; any HTTP status is answered. */
export async function staffCall<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  input: EndpointInput<E>,
  options: StaffCallOptions = {},
): Promise<StaffAnswer<EndpointData<E>>> {
  const headers: Record<string, string> = {};
  if (options.as) headers.cookie = `${STAFF_COOKIE}=${options.as.cookie}`;
  const csrf = options.csrf === undefined ? options.as?.csrf : options.csrf;
  if (csrf !== null && csrf !== undefined) headers[CSRF_HEADER] = csrf;
  const isGet = endpoint.method === 'GET';
  const res = await t.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    headers,
    ...(isGet
      ? { query: Object.fromEntries(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)])) }
      : { payload: (input ?? {}) as Record<string, unknown> }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json() as Answer<EndpointData<E>>, headers: res.headers };
}

/** The session token a login answer set in its cookie, or ''. */
export function cookieOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const first = Array.isArray(raw) ? String(raw[0]) : String(raw ?? '');
  const m = first.match(new RegExp(`^${STAFF_COOKIE}=([0-9a-f]*)`));
  return m?.[1] ?? '';
}

/** Moves a faked Date to the next TOTP step, so the next code is new (codes are accepted once). */
export function nextTotpStep(): void {
  vi.setSystemTime(Date.now() + TOTP_STEP_MS);
}

/** Signs in with the credentials and the code of now; throws with the answer when refused. */
export async function signIn(
  t: TestApp,
  credentials: StaffCredentials,
  options: { password?: string; remoteAddress?: string } = {},
): Promise<StaffSignIn> {
  const res = await staffCall(
    t,
    adminApi.login,
    {
      username: credentials.username,
      password: options.password ?? credentials.password,
      code: totpCode(credentials.totpSecret, Date.now()),
    },
    options.remoteAddress ? { remoteAddress: options.remoteAddress } : {},
  );
  if (res.status !== 200 || res.body.code !== 0) throw new Error(`login refused: ${JSON.stringify(res.body)}`);
  return { credentials, cookie: cookieOf(res.headers), csrf: res.body.data.csrfToken, me: res.body.data };
}

/** The password every test staff member chooses at the first sign-in. */
export const CHOSEN_PASSWORD = 'correct horse battery';

/** A new staff member of `role`, signed in, the first password change done. */
export async function activeStaff(t: TestApp, username: string, role: StaffRole): Promise<StaffSignIn> {
  const credentials = await addStaff(t.app.ctx.db, { username, role }, CLI_ACTOR);
  const session = await signIn(t, credentials);
  const changed = await staffCall(
    t,
    adminApi.changePassword,
    { currentPassword: credentials.password, newPassword: CHOSEN_PASSWORD },
    { as: session },
  );
  if (changed.body.code !== 0) throw new Error(`password change refused: ${JSON.stringify(changed.body)}`);
  return { ...session, credentials: { ...credentials, password: CHOSEN_PASSWORD }, me: changed.body.data };
}
