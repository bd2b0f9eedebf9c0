/**
 * The queries of the shopper and card sessions (`sessions`, `session_cards`): the repository of
 * `http/sessions.ts`, which holds their rules (lifetimes, the touch interval).
 */
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { SessionCardsTable, SessionsTable } from '../db/schema.js';

export function findSession(db: DbOrTx, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSession(db: DbOrTx, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function updateSession(db: DbOrTx, id: string, values: Updateable<SessionsTable>): Promise<void> {
  await db.updateTable('sessions').set(values).where('id', '=', id).execute();
}

/** When the session last used the card, if it holds it. */
export function findSessionCard(db: DbOrTx, sessionId: string, simNo: string) {
  return db
    .selectFrom('session_cards')
    .select('last_used_at')
    .where('session_id', '=', sessionId)
    .where('sim_no', '=', simNo)
    .executeTakeFirst();
}

/** Sets the card's row of a session; true when the session held the card. */
export async function updateSessionCard(
  db: DbOrTx,
  sessionId: string,
  simNo: string,
  values: Updateable<SessionCardsTable>,
): Promise<boolean> {
  const updated = await db
    .updateTable('session_cards')
    .set(values)
    .where('session_id', '=', sessionId)
    .where('sim_no', '=', simNo)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function insertSessionCard(db: DbOrTx, row: Insertable<SessionCardsTable>): Promise<void> {
  await db.insertInto('session_cards').values(row).execute();
}

export async function deleteSessionCard(db: DbOrTx, sessionId: string, simNo: string): Promise<void> {
  await db.deleteFrom('session_cards').where('session_id', '=', sessionId).where('sim_no', '=', simNo).execute();
}
