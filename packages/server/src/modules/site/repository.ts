/** Queries for promoters, settings and the dictionary. */
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { PromotersTable } from '../../db/schema.js';

export function findPromoterByCode(db: DbOrTx, code: string) {
  return db.selectFrom('promoters').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findPromoterByDomain(db: DbOrTx, hostname: string) {
  return db
    .selectFrom('promoters')
    .selectAll()
    .where('domain', '=', hostname)
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

export function findDefaultPromoter(db: DbOrTx) {
  return db
    .selectFrom('promoters')
    .selectAll()
    .where('is_default', '=', 1)
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

/** Whether the promoter is an agent; undefined when there is no such promoter. */
export async function findPromoterIsAgent(db: DbOrTx, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('promoters').select('is_agent').where('code', '=', code).executeTakeFirst();
  return row?.is_agent;
}

/** The code of another promoter than `code` bound to `domain`, if any. */
export async function findOtherPromoterOnDomain(db: DbOrTx, domain: string, code: string) {
  const row = await db
    .selectFrom('promoters')
    .select('code')
    .where('domain', '=', domain)
    .where('code', '!=', code)
    .executeTakeFirst();
  return row?.code;
}

export async function insertPromoter(db: DbOrTx, row: Insertable<PromotersTable>): Promise<void> {
  await db.insertInto('promoters').values(row).execute();
}

export async function updatePromoter(db: DbOrTx, id: number, values: Updateable<PromotersTable>): Promise<void> {
  await db.updateTable('promoters').set(values).where('id', '=', id).execute();
}

/** Makes every promoter but `code` not the default one. */
export async function clearDefaultPromoterExcept(db: DbOrTx, code: string, now: number): Promise<void> {
  await db
    .updateTable('promoters')
    .set({ is_default: 0, updated_at: now })
    .where('code', '!=', code)
    .where('is_default', '=', 1)
    .execute();
}

/** Which of these promoter codes exist. */
export async function findPromoterCodes(db: DbOrTx, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('promoters').select('code').where('code', 'in', codes).execute();
  return rows.map((r) => r.code);
}

/** The agent promoter owned by a shopper mobile, if any. */
export function findAgentByOwnerMobile(db: DbOrTx, mobile: string) {
  return db
    .selectFrom('promoters')
    .selectAll()
    .where('owner_mobile', '=', mobile)
    .where('is_agent', '=', 1)
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

export async function getSetting(db: DbOrTx, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value_json').where('key', '=', key).executeTakeFirst();
  return row ? JSON.parse(row.value_json) : undefined;
}

export async function putSetting(db: DbOrTx, key: string, value: unknown, now = Date.now()): Promise<void> {
  const value_json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value_json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at: now }))
    .execute();
}

export function listDictRows(db: DbOrTx, types: readonly string[]) {
  return db
    .selectFrom('dict_data')
    .select(['type', 'label', 'value', 'dict_key', 'list_class'])
    .where('type', 'in', types)
    .where('enabled', '=', 1)
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A page of promoters by code or name keyword: the default first, then by code. */
export function pagePromoters(db: DbOrTx, filter: { keyword?: string | undefined }, page: number, pageSize: number) {
  let scope = db.selectFrom('promoters');
  const keyword = filter.keyword;
  if (keyword) scope = scope.where((eb) => eb.or([containsText('code', keyword), containsText('name', keyword)]));
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('is_default', 'desc').orderBy('code'));
}
