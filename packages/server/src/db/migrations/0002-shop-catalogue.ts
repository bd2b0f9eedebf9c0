/** Shop catalogue: vanity numbers and their packages and reviews, goods, landing pages, FAQ, analytics. */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const shopCatalogue: MigrationDef = {
  name: '0002-shop-catalogue',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('numbers'), dialect)
      .addColumn('number', 'varchar(11)', (c) => c.notNull().unique())
      .addColumn('segment', 'varchar(3)', (c) => c.notNull())
      .addColumn('operator_type', 'integer', (c) => c.notNull())
      .addColumn('province_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('city_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('original_price_fen', 'integer', (c) => c.notNull())
      .addColumn('min_consume_fen', 'integer', (c) => c.notNull())
      .addColumn('contract_months', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      /** Bit i = PATTERN_CODES[i] (contract vanity-patterns), computed when the number is written. */
      .addColumn('pattern_mask', 'integer', (c) => c.notNull())
      /** Bit d = digit d appears in the last 8 digits (excludeDigits until 0014, which looks at the whole number). */
      .addColumn('tail_digit_mask', 'integer', (c) => c.notNull())
      /** '' = sold by every promoter; otherwise only by this one. */
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('lock_order_sn', 'varchar(40)')
      .addColumn('lock_expire_at', 'bigint')
      /**
       * Change sequence from `counters.numbers`, taken inside the writing transaction, so versions commit
       * in order: the search index of every instance catches up on rows above what it has seen.
       */
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('numbers_version').on('numbers').columns(['version', 'id']).execute();

    await db.schema
      .createTable('counters')
      .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
    await db
      .insertInto('counters' as never)
      .values({ name: 'numbers', value: 0 } as never)
      .execute();
    await db.schema
      .createIndex('numbers_sale_order')
      .on('numbers')
      .columns(['status', 'level', 'price_fen', 'id'])
      .execute();
    await db.schema.createIndex('numbers_lock_expiry').on('numbers').columns(['status', 'lock_expire_at']).execute();

    await idColumn(db.schema.createTable('number_packages'), dialect)
      .addColumn('operator_type', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('monthly_fee_fen', 'integer', (c) => c.notNull())
      .addColumn('flow_text', 'varchar(64)', (c) => c.notNull())
      .addColumn('voice_text', 'varchar(64)', (c) => c.notNull())
      .addColumn('contract_months', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      /** Lowest number level the package may be chosen with. */
      .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await idColumn(db.schema.createTable('number_comments'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('star', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('images_json', 'text', (c) => c.notNull())
      .addColumn('tags_json', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('goods'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('image', 'varchar(512)', (c) => c.notNull())
      .addColumn('images_json', 'text', (c) => c.notNull())
      .addColumn('group_no', 'integer', (c) => c.notNull())
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      .addColumn('operator_type', 'integer', (c) => c.notNull())
      .addColumn('monthly_fee_fen', 'integer', (c) => c.notNull())
      .addColumn('flow_text', 'varchar(64)', (c) => c.notNull())
      .addColumn('voice_text', 'varchar(64)', (c) => c.notNull())
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('original_price_fen', 'integer', (c) => c.notNull())
      .addColumn('tags_json', 'text', (c) => c.notNull())
      .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
      /** null = unlimited. */
      .addColumn('stock', 'integer')
      .addColumn('need_sms_code', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('need_address', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('goods_listing').on('goods').columns(['status', 'group_no', 'sort']).execute();

    await idColumn(db.schema.createTable('single_pages'), dialect)
      .addColumn('page_code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('title', 'varchar(128)', (c) => c.notNull())
      .addColumn('banner', 'varchar(512)', (c) => c.notNull())
      .addColumn('theme', 'varchar(7)', (c) => c.notNull())
      .addColumn('cta_text', 'varchar(32)', (c) => c.notNull())
      .addColumn('cta_path', 'varchar(512)', (c) => c.notNull())
      .addColumn('blocks_json', 'text', (c) => c.notNull())
      .addColumn('goods_ids_json', 'text', (c) => c.notNull())
      .addColumn('popup_json', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('questions'), dialect)
      /** System articles (payment, promise, about, privacy…) have a code; FAQ entries may not. */
      .addColumn('code', 'varchar(32)', (c) => c.unique())
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      .addColumn('scope', 'varchar(8)', (c) => c.notNull().defaultTo('shop'))
      .addColumn('title', 'varchar(128)', (c) => c.notNull())
      .addColumn('summary', 'varchar(256)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('hot', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('point_reports'), dialect)
      .addColumn('event', 'varchar(16)', (c) => c.notNull())
      .addColumn('page', 'varchar(256)', (c) => c.notNull())
      .addColumn('page_code', 'varchar(32)')
      .addColumn('promo_code', 'varchar(32)')
      .addColumn('bd_vid', 'varchar(256)')
      .addColumn('order_sn', 'varchar(40)')
      .addColumn('extra_json', 'text')
      .addColumn('ip', 'varchar(64)')
      .addColumn('order_session_id', 'varchar(32)')
      /** event|orderSn for conversion events, so each is recorded (and forwarded) once. */
      .addColumn('dedupe_key', 'varchar(64)', (c) => c.unique())
      .addColumn('forwarded_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
