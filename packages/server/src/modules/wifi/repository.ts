/** Queries of Wi-Fi codes. */
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { WifiCodesTable } from '../../db/schema-wifi.js';

export type WifiCodeRow = Selectable<WifiCodesTable>;

export function findByCode(db: DbOrTx, code: string): Promise<WifiCodeRow | undefined> {
  return db.selectFrom('wifi_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The creator's code for this network, if made before. */
export function findOwned(
  db: DbOrTx,
  key: { owner: string; ssid: string; password: string; encrypt: string },
): Promise<WifiCodeRow | undefined> {
  return db
    .selectFrom('wifi_codes')
    .selectAll()
    .where('owner', '=', key.owner)
    .where('ssid', '=', key.ssid)
    .where('password', '=', key.password)
    .where('encrypt', '=', key.encrypt)
    .executeTakeFirst();
}

export async function insertCode(db: DbOrTx, row: Insertable<WifiCodesTable>): Promise<void> {
  await db.insertInto('wifi_codes').values(row).execute();
}

/** A unique index refused the insert (the same network by the same creator, or a code collision). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
