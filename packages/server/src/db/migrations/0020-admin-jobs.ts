/**
 * The console's batch jobs (issue 23): one row per job a staff member starts from the browser (an inventory
 * import first), run in the process that answered the upload and polled by the page for its progress and
 * result. The result is JSON (the imported count and every refused row).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const adminJobs: MigrationDef = {
  name: '0020-admin-jobs',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('admin_jobs'), dialect)
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('result_json', 'text')
      .addColumn('staff_id', 'integer')
      .addColumn('staff', 'varchar(64)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
