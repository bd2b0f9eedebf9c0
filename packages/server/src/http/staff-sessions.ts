/**
 * Staff console sessions (issue 22): an HttpOnly, SameSite=Strict cookie whose token's SHA-256 names a
 * `staff_sessions` row. A session ends after 8 h without a request, on logout, and when its staff member
 * is disabled or reset. Each session has its own CSRF token, which writes send back as `x-csrf-token`.
 * The rules live here; the queries in `staff-session-repository.ts`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, STAFF_COOKIE, type StaffRole } from '@haoka/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/database.js';
import {
  deleteStaffSession,
  deleteStaffSessions,
  findStaffSession,
  insertStaffSession,
  touchStaffSession,
} from './staff-session-repository.js';

export const STAFF_IDLE_MS = 8 * 3600_000;
/** last_seen_at is written at most this often, so reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;
/** The cookie is sent to the admin API only. */
const COOKIE_PATH = '/api/admin';

/** The signed-in staff member of a request, as the binding hands it to a handler. */
export interface StaffSession {
  /** The row's id (the token's hash). */
  id: string;
  staffId: number;
  username: string;
  role: StaffRole;
  mustChangePassword: boolean;
  csrfToken: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The session token of the request's cookie, or ''. */
export function staffToken(req: FastifyRequest): string {
  const header = req.headers.cookie;
  if (!header) return '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === STAFF_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[0-9a-f]{64}$/.test(value) ? value : '';
    }
  }
  return '';
}

/** Opens a session and answers its cookie's token and its CSRF token. */
export async function openStaffSession(
  db: DbOrTx,
  staffId: number,
  ip: string | null,
  now = Date.now(),
): Promise<{ token: string; csrfToken: string }> {
  const token = randomBytes(32).toString('hex');
  const csrfToken = randomBytes(32).toString('hex');
  await insertStaffSession(db, {
    id: hashToken(token),
    staff_id: staffId,
    csrf_token: csrfToken,
    ip,
    created_at: now,
    last_seen_at: now,
  });
  return { token, csrfToken };
}

/**
 * The live session of the request's cookie, its staff member enabled; undefined otherwise. An idle
 * session is deleted when met; a live one has its last-seen time slid.
 */
export async function loadStaffSession(
  db: DbOrTx,
  req: FastifyRequest,
  now = Date.now(),
): Promise<StaffSession | undefined> {
  const token = staffToken(req);
  if (!token) return undefined;
  const id = hashToken(token);
  const row = await findStaffSession(db, id);
  if (!row) return undefined;
  if (row.last_seen_at + STAFF_IDLE_MS <= now) {
    await deleteStaffSession(db, id);
    return undefined;
  }
  if (now - row.last_seen_at >= TOUCH_INTERVAL_MS) {
    await touchStaffSession(db, id, now);
  }
  return {
    id,
    staffId: row.staff_id,
    username: row.username,
    role: row.role as StaffRole,
    mustChangePassword: row.must_change_password === 1,
    csrfToken: row.csrf_token,
  };
}

/** True when the request's `x-csrf-token` header is the session's token. */
export function csrfMatches(req: FastifyRequest, session: StaffSession): boolean {
  const sent = req.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent.length !== session.csrfToken.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(session.csrfToken));
}

/** Ends one session (logout). */
export async function closeStaffSession(db: DbOrTx, sessionId: string): Promise<void> {
  await deleteStaffSession(db, sessionId);
}

/** Ends every session of a staff member (disable, reset), or every other one (`except`, a password change). */
export async function revokeStaffSessions(db: DbOrTx, staffId: number, except?: string): Promise<void> {
  await deleteStaffSessions(db, staffId, except);
}

/** Sets the session cookie (Secure in production, where the console is served over HTTPS). */
export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.header('set-cookie', cookie(token, secure));
}

/** Clears the session cookie. */
export function clearStaffCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', `${cookie('', secure)}; Max-Age=0`);
}

function cookie(value: string, secure: boolean): string {
  return `${STAFF_COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
