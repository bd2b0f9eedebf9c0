/** Queries of card alerts: settings and the alerts sent (migration 0026). */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { CardAlertsTable } from '../../db/schema.js';

export async function findSettingsJson(db: DbOrTx, simId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('card_alert_settings')
    .select('settings_json')
    .where('sim_id', '=', simId)
    .executeTakeFirst();
  return row?.settings_json;
}

export async function saveSettingsJson(db: DbOrTx, simId: number, json: string, now: number): Promise<void> {
  await db
    .insertInto('card_alert_settings')
    .values({ sim_id: simId, settings_json: json, updated_at: now })
    .onConflict((oc) => oc.column('sim_id').doUpdateSet({ settings_json: json, updated_at: now }))
    .execute();
}

/**
 * Records an alert unless the card already has this kind, threshold and period: its id when this insert
 * took the row (the caller sends it), undefined when the row was there (someone else sent it).
 */
export async function insertAlertOnce(db: DbOrTx, row: Insertable<CardAlertsTable>): Promise<number | undefined> {
  const taken = await db
    .insertInto('card_alerts')
    .values(row)
    .onConflict((oc) => oc.columns(['sim_id', 'kind', 'threshold', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return taken ? Number(taken.id) : undefined;
}

/** Takes a pending SMS for sending (only one caller wins); true when this caller must send it. */
export async function claimSms(db: DbOrTx, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('card_alerts')
    .set({ sms_state: 'sent' })
    .where('id', '=', id)
    .where('sms_state', '=', 'pending')
    .where('sms_due_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSmsFailed(db: DbOrTx, id: number): Promise<void> {
  await db.updateTable('card_alerts').set({ sms_state: 'failed' }).where('id', '=', id).execute();
}

export function findAlert(db: DbOrTx, id: number) {
  return db.selectFrom('card_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pending SMS whose time has come, oldest first. */
export function listDueSms(db: DbOrTx, now: number, limit: number) {
  return db
    .selectFrom('card_alerts')
    .select('id')
    .where('sms_state', '=', 'pending')
    .where('sms_due_at', '<=', now)
    .orderBy('sms_due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A card's in-app notices, unread first, newest first. */
export function pageNotices(db: DbOrTx, simId: number, unreadOnly: boolean, offset: number, limit: number) {
  let query = db.selectFrom('card_alerts').selectAll().where('sim_id', '=', simId).where('in_app', '=', 1);
  if (unreadOnly) query = query.where('read_at', 'is', null);
  return query
    .orderBy((eb) => eb.case().when('read_at', 'is', null).then(0).else(1).end())
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countNotices(db: DbOrTx, simId: number, unreadOnly: boolean): Promise<number> {
  let query = db
    .selectFrom('card_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sim_id', '=', simId)
    .where('in_app', '=', 1);
  if (unreadOnly) query = query.where('read_at', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the card's own notices read (ids of another card are left alone). */
export async function markRead(db: DbOrTx, simId: number, ids: readonly number[], now: number): Promise<void> {
  await db
    .updateTable('card_alerts')
    .set({ read_at: now })
    .where('sim_id', '=', simId)
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .execute();
}

/** The card number and bound mobile an alert SMS goes to. */
export function findCardMobile(db: DbOrTx, simId: number) {
  return db.selectFrom('sims').select(['sim_no', 'mobile']).where('id', '=', simId).executeTakeFirst();
}
