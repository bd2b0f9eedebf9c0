/**
 * One table for the console's batch jobs (issue 23): 0020's `admin_jobs` (the inventory import) and 0021's
 * `card_batch_jobs` (batch actions on cards) were two tables for one idea, a job a staff member starts from
 * the browser, run in-process and polled by its page. `admin_jobs` becomes `console_jobs` (its rows keep
 * their ids, so the audit log's `job:<id>` still names them), with the card batch's columns added; the card
 * batch rows are copied over with new ids (kind `card.<action>`; the audit log's `cardJob:<id>` lines name
 * the old ids) and their table dropped.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const consoleJobs: MigrationDef = {
  name: '0023-console-jobs',
  async up(db: Kysely<unknown>, _dialect: Dialect) {
    await db.schema.alterTable('admin_jobs').renameTo('console_jobs').execute();
    await db.schema.alterTable('console_jobs').renameColumn('at', 'created_at').execute();
    await db.schema.alterTable('console_jobs').renameColumn('staff', 'staff_name').execute();
    await db.schema.alterTable('console_jobs').addColumn('input_json', 'text').execute();
    await db.schema.alterTable('console_jobs').addColumn('reason', 'varchar(32)').execute();
    await db.schema.alterTable('console_jobs').addColumn('finished_at', 'bigint').execute();
    await sql`update console_jobs set finished_at = updated_at where status in ('done', 'failed')`.execute(db);
    await sql`
      insert into console_jobs
        (kind, status, progress, total, input_json, result_json, reason, staff_id, staff_name, created_at,
         updated_at, finished_at)
      select 'card.' || kind, status, progress, total, input_json,
        case when status = 'done' then result_json else null end, null, staff_id, staff_name, created_at,
        updated_at, finished_at
      from card_batch_jobs order by id`.execute(db);
    await db.schema.dropTable('card_batch_jobs').execute();
    await db.schema.createIndex('console_jobs_kind_id').on('console_jobs').columns(['kind', 'id']).execute();
    await db.schema.createIndex('console_jobs_status').on('console_jobs').columns(['status', 'updated_at']).execute();
  },
};
