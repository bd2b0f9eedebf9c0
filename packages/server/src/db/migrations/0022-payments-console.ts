/**
 * The console's payments and SMS pages (issue 23 item 4): the payment callback log (every provider notify,
 * and every settlement a provider query found), the SMS log (every message a gateway was asked to send, with
 * the provider's answer), and the indexes the payment records and refunds tables page through newest first.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const paymentsConsole: MigrationDef = {
  name: '0022-payments-console',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('payment_callbacks'), dialect)
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('channel', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_sn', 'varchar(64)')
      .addColumn('verified', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)')
      .addColumn('amount_fen', 'bigint')
      .addColumn('trade_no', 'varchar(128)')
      .addColumn('headers_json', 'text')
      .addColumn('body', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_callbacks_created').on('payment_callbacks').column('created_at').execute();
    await db.schema
      .createIndex('payment_callbacks_source_created')
      .on('payment_callbacks')
      .columns(['source', 'created_at'])
      .execute();
    await db.schema.createIndex('payment_callbacks_order').on('payment_callbacks').column('order_sn').execute();

    await idColumn(db.schema.createTable('sms_log'), dialect)
      .addColumn('mobile_masked', 'varchar(32)', (c) => c.notNull())
      /** Keyed hash of the mobile (lib/personal-data lookupHash): a search by mobile without keeping it. */
      .addColumn('mobile_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
      .addColumn('template', 'varchar(64)', (c) => c.notNull())
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('ok', 'integer', (c) => c.notNull())
      .addColumn('answer', 'varchar(300)', (c) => c.notNull())
      .addColumn('cost', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_log_created').on('sms_log').column('created_at').execute();
    await db.schema.createIndex('sms_log_mobile').on('sms_log').columns(['mobile_hash', 'created_at']).execute();

    await db.schema.createIndex('payments_created').on('payments').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('payments_refund_sn').on('payments').column('refund_sn').execute();
  },
};
