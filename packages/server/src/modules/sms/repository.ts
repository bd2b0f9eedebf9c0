/**
 * Queries for SMS verification codes (`sms_codes`), the outbox gateway's log (`sms_outbox`) and the SMS log
 * of every send (`sms_log`).
 */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type { SmsLogTable } from '../../db/schema-payments-console.js';

export async function insertCode(
  db: DbOrTx,
  row: { mobile: string; scene: string; codeHash: string; expiresAt: number; ip: string | null; createdAt: number },
): Promise<number> {
  const inserted = await db
    .insertInto('sms_codes')
    .values({
      mobile: row.mobile,
      scene: row.scene,
      code_hash: row.codeHash,
      attempts: 0,
      expires_at: row.expiresAt,
      used_at: null,
      ip: row.ip,
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteCode(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

/** The newest code of a mobile and scene: it supersedes every older one. */
export function findLatestCode(db: DbOrTx, mobile: string, scene: string) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('mobile', '=', mobile)
    .where('scene', '=', scene)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong try, never past `maxAttempts`; the conditions keep concurrent tries from overshooting. */
export async function countWrongTry(db: DbOrTx, id: number, maxAttempts: number): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks a code used; true for exactly one caller, however many verify it at once. */
export async function markCodeUsed(db: DbOrTx, id: number, maxAttempts: number, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export function listOutbox(db: DbOrTx, mobile: string, limit: number) {
  return db
    .selectFrom('sms_outbox')
    .select(['mobile', 'scene', 'code', 'created_at'])
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listOutboxNotices(db: DbOrTx, mobile: string, limit: number) {
  return db
    .selectFrom('sms_notices')
    .select(['mobile', 'template', 'params_json', 'created_at'])
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertSmsLog(db: DbOrTx, row: Insertable<SmsLogTable>): Promise<void> {
  await db.insertInto('sms_log').values(row).execute();
}

/** A page of the SMS log, newest first. */
export function pageSmsLog(
  db: DbOrTx,
  filter: {
    mobileHash?: string | undefined;
    purpose?: string | undefined;
    ok?: number | undefined;
    from?: number | undefined;
    to?: number | undefined;
  },
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('sms_log');
  if (filter.mobileHash) scope = scope.where('mobile_hash', '=', filter.mobileHash);
  if (filter.purpose) scope = scope.where('purpose', '=', filter.purpose);
  if (filter.ok !== undefined) scope = scope.where('ok', '=', filter.ok);
  if (filter.from !== undefined) scope = scope.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) scope = scope.where('created_at', '<', filter.to);
  return pageOf(scope, page, pageSize, (q) =>
    q
      .select(['id', 'mobile_masked', 'purpose', 'template', 'provider', 'ok', 'answer', 'cost', 'created_at'])
      .orderBy('id', 'desc'),
  );
}
