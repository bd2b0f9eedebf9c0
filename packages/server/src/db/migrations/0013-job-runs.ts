/**
 * What `jobs status` shows (issue 9 "Jobs"): each job's interval, last start, next run and failure
 * counts on its lease row, and a history of runs (`job_runs`, the last 7 days) naming the instance
 * that ran each one.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const jobRuns: MigrationDef = {
  name: '0013-job-runs',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    // One column per statement: SQLite adds a single column per ALTER TABLE.
    const add = [
      ['every_ms', 'integer'],
      ['last_started_at', 'bigint'],
      ['next_run_at', 'bigint'],
      ['last_failure_at', 'bigint'],
      ['last_failure', 'text'],
    ] as const;
    for (const [column, type] of add) await db.schema.alterTable('job_leases').addColumn(column, type).execute();
    for (const column of ['run_count', 'failure_count']) {
      await db.schema
        .alterTable('job_leases')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }

    await idColumn(db.schema.createTable('job_runs'), dialect)
      .addColumn('job', 'varchar(64)', (c) => c.notNull())
      .addColumn('holder', 'varchar(64)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint', (c) => c.notNull())
      .addColumn('outcome', 'varchar(8)', (c) => c.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('job_runs_job_started').on('job_runs').columns(['job', 'started_at']).execute();
  },
};
