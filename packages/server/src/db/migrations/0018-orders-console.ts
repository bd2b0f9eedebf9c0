/**
 * The console's orders queue (issue 22): the indexes its shop orders table pages through newest first
 * under each filter (status, pay status, promoter, number, date), staff notes on any target, and the
 * idempotency keys that make a money action happen once.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const ordersConsole: MigrationDef = {
  name: '0018-orders-console',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    // Newest first is `created_at desc, id desc`; each filter's index ends with both, so a page is a range
    // scan of the index and the count of a filter never reads the table.
    await db.schema.createIndex('shop_orders_created').on('shop_orders').columns(['created_at', 'id']).execute();
    for (const column of ['order_status', 'pay_status', 'promo_code'] as const) {
      await db.schema
        .createIndex(`shop_orders_${column}_created`)
        .on('shop_orders')
        .columns([column, 'created_at', 'id'])
        .execute();
    }
    await db.schema.createIndex('shop_orders_number').on('shop_orders').column('number').execute();

    /** An internal note of staff on an order (`order:<sn>`) or, later, a card: seen by staff only. */
    await idColumn(db.schema.createTable('staff_notes'), dialect)
      .addColumn('target', 'varchar(128)', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('author', 'varchar(64)', (c) => c.notNull())
      .addColumn('text', 'varchar(500)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_notes_target').on('staff_notes').columns(['target', 'at']).execute();

    /**
     * One row per idempotency key of a staff action: claimed (answer null) before the action runs, its
     * answer stored when it succeeds; the same key again answers the stored answer.
     */
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('idem_key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target', 'varchar(128)', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('answer_json', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
