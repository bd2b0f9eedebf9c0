/** Queries of platform sign-in: mini-users, authorise tickets and WeChat OAuth states. */
import type { DbOrTx } from '../../db/database.js';
import type { MiniUsersTable } from '../../db/schema-platform.js';

export type MiniPlatform = 'wx' | 'ks' | 'dy';

export function findMiniUser(db: DbOrTx, platform: MiniPlatform, openId: string) {
  return db
    .selectFrom('mini_users')
    .selectAll()
    .where('platform', '=', platform)
    .where('open_id', '=', openId)
    .executeTakeFirst();
}

/** Creates the mini-user or updates the given fields of it (one statement, safe under concurrency). */
export async function upsertMiniUser(
  db: DbOrTx,
  platform: MiniPlatform,
  openId: string,
  patch: Partial<Pick<MiniUsersTable, 'nickname' | 'head_portrait' | 'promo_code'>>,
  now: number,
) {
  await db
    .insertInto('mini_users')
    .values({
      platform,
      open_id: openId,
      promo_code: patch.promo_code ?? '',
      nickname: patch.nickname ?? '',
      head_portrait: patch.head_portrait ?? '',
      index_first_group: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['platform', 'open_id']).doUpdateSet({ ...patch, updated_at: now }))
    .execute();
  const row = await findMiniUser(db, platform, openId);
  if (!row) throw new Error('mini-user vanished after upsert');
  return row;
}

export function findTicket(db: DbOrTx, scene: string) {
  return db.selectFrom('authorize_tickets').selectAll().where('scene', '=', scene).executeTakeFirst();
}

export async function insertTicket(
  db: DbOrTx,
  ticket: { scene: string; appName: string; appLogo: string; scopes: string[]; expiresAt: number },
  now: number,
) {
  await db
    .insertInto('authorize_tickets')
    .values({
      scene: ticket.scene,
      app_name: ticket.appName,
      app_logo: ticket.appLogo,
      scopes_json: JSON.stringify(ticket.scopes),
      status: 0,
      decided_by: null,
      scanned_at: null,
      decided_at: null,
      expires_at: ticket.expiresAt,
      created_at: now,
    })
    .execute();
}

export async function markScanned(db: DbOrTx, scene: string, now: number) {
  await db
    .updateTable('authorize_tickets')
    .set({ scanned_at: now })
    .where('scene', '=', scene)
    .where('scanned_at', 'is', null)
    .execute();
}

/** Decides a waiting, unexpired ticket; false when it was not (any more) waiting. */
export async function decideTicket(db: DbOrTx, scene: string, status: 1 | 2, openId: string, now: number) {
  const result = await db
    .updateTable('authorize_tickets')
    .set({ status, decided_by: openId, decided_at: now })
    .where('scene', '=', scene)
    .where('status', '=', 0)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOauthState(db: DbOrTx, state: string, syncRedirect: string, expiresAt: number) {
  await db
    .insertInto('wechat_oauth_states')
    .values({ state, sync_redirect: syncRedirect, expires_at: expiresAt })
    .execute();
}

/** Takes a state once: returns where to go back to, or null when unknown, used or expired. */
export async function takeOauthState(db: DbOrTx, state: string, now: number): Promise<string | null> {
  const row = await db.selectFrom('wechat_oauth_states').selectAll().where('state', '=', state).executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom('wechat_oauth_states').where('state', '=', state).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1 || row.expires_at <= now) return null;
  return row.sync_redirect;
}

export async function deleteExpiredOauthStates(db: DbOrTx, now: number) {
  await db.deleteFrom('wechat_oauth_states').where('expires_at', '<=', now).execute();
}
