/**
 * Server-issued sessions, stored in the database and read from the SPEC §7 headers (API.md §0
 * "Sessions"). A shopper login lives 7 days sliding; a card stays authorised 30 days after last use.
 */
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/database.js';
import type { SessionsTable } from '../db/schema.js';

export const SHOPPER_TTL_MS = 7 * 24 * 3600_000;
export const CARD_TTL_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export type SessionRow = SessionsTable;

export function newSessionId(): string {
  return randomBytes(32).toString('hex');
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a session row and returns its id. */
export async function createSession(
  db: DbOrTx,
  init: { mobile?: string | null; openId?: string | null; orderSessionId?: string | null },
  now = Date.now(),
): Promise<string> {
  const id = newSessionId();
  await db
    .insertInto('sessions')
    .values({
      id,
      mobile: init.mobile ?? null,
      open_id: init.openId ?? null,
      order_session_id: init.orderSessionId ?? null,
      created_at: now,
      last_seen_at: now,
      shopper_expires_at: init.mobile ? now + SHOPPER_TTL_MS : null,
    })
    .execute();
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
  await db
    .updateTable('sessions')
    .set({
      last_seen_at: now,
      ...(activeShopperMobile(session, now) ? { shopper_expires_at: now + SHOPPER_TTL_MS } : {}),
    })
    .where('id', '=', session.id)
    .execute();
}

/** Sets (or clears, with null) the shopper mobile of a session. */
export async function setShopperMobile(db: DbOrTx, sessionId: string, mobile: string | null, now = Date.now()) {
  await db
    .updateTable('sessions')
    .set({ mobile, shopper_expires_at: mobile ? now + SHOPPER_TTL_MS : null, last_seen_at: now })
    .where('id', '=', sessionId)
    .execute();
}

/** Adds a card to a session (card login). */
export async function authorizeCard(db: DbOrTx, sessionId: string, simNo: string, now = Date.now()) {
  const updated = await db
    .updateTable('session_cards')
    .set({ authorized_at: now, last_used_at: now })
    .where('session_id', '=', sessionId)
    .where('sim_no', '=', simNo)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('session_cards')
      .values({ session_id: sessionId, sim_no: simNo, authorized_at: now, last_used_at: now })
      .execute();
  }
}

/** True when the session holds the card and used it within the last 30 days; slides its use time. */
export async function useCard(db: DbOrTx, sessionId: string, simNo: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('session_cards')
    .select('last_used_at')
    .where('session_id', '=', sessionId)
    .where('sim_no', '=', simNo)
    .executeTakeFirst();
  if (!row || row.last_used_at + CARD_TTL_MS <= now) return false;
  if (now - row.last_used_at >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('session_cards')
      .set({ last_used_at: now })
      .where('session_id', '=', sessionId)
      .where('sim_no', '=', simNo)
      .execute();
  }
  return true;
}

/** Drops a card from a session (IoT logout). */
export async function revokeCard(db: DbOrTx, sessionId: string, simNo: string): Promise<void> {
  await db.deleteFrom('session_cards').where('session_id', '=', sessionId).where('sim_no', '=', simNo).execute();
}
