/** Table `media` (migration 0024): images staff uploaded, keyed by the SHA-256 of their bytes. */
import type { Db, DbOrTx } from '../../db/database.js';

export interface MediaRow {
  sha256: string;
  mime: string;
  size: number;
  bytes: Buffer;
}

/** Stores an image once: the same bytes (same hash) uploaded again leave the first row as it is. */
export async function insertMedia(
  db: DbOrTx,
  row: MediaRow & { createdBy: number | null; createdAt: number },
): Promise<void> {
  await db
    .insertInto('media')
    .values({
      sha256: row.sha256,
      mime: row.mime,
      size: row.size,
      bytes: row.bytes,
      created_by: row.createdBy,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function findMedia(db: Db, sha256: string): Promise<MediaRow | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['sha256', 'mime', 'size', 'bytes'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size), bytes: Buffer.from(row.bytes) };
}
