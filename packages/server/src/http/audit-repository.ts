/** The audit log's one query, the append of a line: the repository of `http/audit.ts`. */
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { AuditLogTable } from '../db/schema-staff.js';

export async function insertAuditLine(db: DbOrTx, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}
