/**
 * Server-issued sessions, stored in the database and read from the SPEC §7 headers (API.md §0
 * "Sessions"). A shopper login lives 7 days sliding; a card stays authorised 30 days after last use.
 * The rules live here; the queries in `session-repository.ts`.
 */
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/database.js';
import type { SessionsTable } from '../db/schema.js';
import {
  deleteSessionCard,
  findSessionCard,
  insertSession,
  insertSessionCard,
  updateSession,
  updateSessionCard,
} from './session-repository.js';

export const SHOPPER_TTL_MS = 7 * 24 * 3600_000;
export const CARD_TTL_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export type SessionRow = SessionsTable;

export function newSessionId(): string {
  return randomBytes(32).toString('hex');
}

/** Creates a session row and returns its id. */
export async function createSession(
  db: DbOrTx,
  init: { mobile?: string | null; openId?: string | null; orderSessionId?: string | null },
  now = Date.now(),
): Promise<string> {
  const id = newSessionId();
  await insertSession(db, {
    id,
    mobile: init.mobile ?? null,
    open_id: init.openId ?? null,
    order_session_id: init.orderSessionId ?? null,
    created_at: now,
    last_seen_at: now,
    shopper_expires_at: init.mobile ? now + SHOPPER_TTL_MS : null,
  });
  return id;
}

/** The shopper mobile of a session, or null when absent or expired. */
export function activeShopperMobile(session: SessionRow | undefined, now = Date.now()): string | null {
  if (!session?.mobile || !session.shopper_expires_at || session.shopper_expires_at <= now) return null;
  return session.mobile;
}

/** Slides the shopper expiry and the last-seen time, at most once per touch interval. */
export async function touchSession(db: DbOrTx, session: SessionRow, now = Date.now()): Promise<void> {
  if (now - session.last_seen_at < TOUCH_INTERVAL_MS) return;
  await updateSession(db, session.id, {
    last_seen_at: now,
    ...(activeShopperMobile(session, now) ? { shopper_expires_at: now + SHOPPER_TTL_MS } : {}),
  });
}

/** Sets (or clears, with null) the shopper mobile of a session. */
export async function setShopperMobile(db: DbOrTx, sessionId: string, mobile: string | null, now = Date.now()) {
  await updateSession(db, sessionId, {
    mobile,
    shopper_expires_at: mobile ? now + SHOPPER_TTL_MS : null,
    last_seen_at: now,
  });
}

/** Adds a card to a session (card login). */
export async function authorizeCard(db: DbOrTx, sessionId: string, simNo: string, now = Date.now()) {
  const held = await updateSessionCard(db, sessionId, simNo, { authorized_at: now, last_used_at: now });
  if (!held) {
    await insertSessionCard(db, { session_id: sessionId, sim_no: simNo, authorized_at: now, last_used_at: now });
  }
}

/** True when the session holds the card and used it within the last 30 days; slides its use time. */
export async function useCard(db: DbOrTx, sessionId: string, simNo: string, now = Date.now()): Promise<boolean> {
  const row = await findSessionCard(db, sessionId, simNo);
  if (!row || row.last_used_at + CARD_TTL_MS <= now) return false;
  if (now - row.last_used_at >= TOUCH_INTERVAL_MS) {
    await updateSessionCard(db, sessionId, simNo, { last_used_at: now });
  }
  return true;
}

/** Drops a card from a session (IoT logout). */
export async function revokeCard(db: DbOrTx, sessionId: string, simNo: string): Promise<void> {
  await deleteSessionCard(db, sessionId, simNo);
}
