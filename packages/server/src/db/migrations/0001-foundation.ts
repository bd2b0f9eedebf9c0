/** Foundation tables: promoters, settings, dictionary, sessions, seed bookkeeping. */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const foundation: MigrationDef = {
  name: '0001-foundation',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('promoters'), dialect)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('is_agent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('parent_code', 'varchar(32)')
      .addColumn('owner_mobile', 'varchar(11)')
      .addColumn('domain', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('douyin_mp_im_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('kuaishou_mp_im_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('front_json', 'text', (c) => c.notNull())
      .addColumn('shop_menu_json', 'text', (c) => c.notNull())
      .addColumn('show_payment_type_json', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promoters_domain').on('promoters').column('domain').execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('dict_data'), dialect)
      .addColumn('type', 'varchar(64)', (c) => c.notNull())
      .addColumn('label', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'varchar(64)', (c) => c.notNull())
      .addColumn('dict_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('list_class', 'varchar(16)', (c) => c.notNull().defaultTo('default'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('dict_data_type_value', ['type', 'value'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('mobile', 'varchar(11)')
      .addColumn('open_id', 'varchar(128)')
      .addColumn('order_session_id', 'varchar(32)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('shopper_expires_at', 'bigint')
      .execute();

    await db.schema
      .createTable('session_cards')
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('sim_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('authorized_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_cards_pk', ['session_id', 'sim_no'])
      .execute();

    await db.schema
      .createTable('haoka_seeds')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('ran_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
