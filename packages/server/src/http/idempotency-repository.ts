/**
 * The queries of the staff money actions' idempotency keys (`idempotency_keys`): the repository of
 * `http/idempotency.ts`, which holds their rules (claim, wait, give back, take over an abandoned claim).
 */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { IdempotencyKeysTable } from '../db/schema-staff.js';

/** Inserts the key's row unless the key is already there; true when this call claimed it. */
export async function claimIdempotencyKey(db: DbOrTx, row: Insertable<IdempotencyKeysTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.column('idem_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findIdempotencyKey(db: DbOrTx, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['action', 'target', 'answer_json', 'at'])
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

export async function storeIdempotentAnswer(db: DbOrTx, key: string, answerJson: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ answer_json: answerJson }).where('idem_key', '=', key).execute();
}

export async function deleteIdempotencyKey(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('idem_key', '=', key).execute();
}

/** Deletes the key's claim while it is still the unanswered one made at `at` (an abandoned claim). */
export async function deleteAbandonedClaim(db: DbOrTx, key: string, at: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('idem_key', '=', key)
    .where('answer_json', 'is', null)
    .where('at', '=', at)
    .execute();
}
