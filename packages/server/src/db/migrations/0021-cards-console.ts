/**
 * The console's IoT cards (issue 23 item 2): the cards table filtered by state pages newest first through
 * `(sim_status, id)`, and batch jobs on pasted ICCIDs keep their progress and per-card results.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const cardsConsole: MigrationDef = {
  name: '0021-cards-console',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await db.schema.createIndex('sims_status_id').on('sims').columns(['sim_status', 'id']).execute();

    await idColumn(db.schema.createTable('card_batch_jobs'), dialect)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('input_json', 'text', (c) => c.notNull())
      .addColumn('result_json', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
  },
};
