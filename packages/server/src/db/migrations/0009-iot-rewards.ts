/**
 * Tables of tasks, sign-ins, task claims, video watches and coupon exchange (issue 6). Protocol texts are
 * system articles in `questions` (like the login agreements), so they need no table here.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const iotRewards: MigrationDef = {
  name: '0009-iot-rewards',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('iot_tasks'), dialect)
      /** '' = every promoter's cards; a promoter's row replaces the '' row of the same code. */
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('task_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('icon', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      /** 'sign' | 'bindPhone' | 'realname' | 'buyPackage' | 'video'. */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('target', 'integer', (c) => c.notNull().defaultTo(1))
      /** 'once' | 'daily' | 'monthly'. */
      .addColumn('period', 'varchar(8)', (c) => c.notNull().defaultTo('once'))
      .addColumn('daily_limit', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('path', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('video_url', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('watch_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rewards_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('iot_tasks_code', ['promo_code', 'task_code'])
      .execute();

    await idColumn(db.schema.createTable('iot_task_claims'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('task_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('period_key', 'varchar(24)', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // One sign-in per card per day and one reward per occurrence, even under concurrent taps.
      .addUniqueConstraint('iot_task_claims_once', ['sim_id', 'task_code', 'period_key'])
      .execute();

    await db.schema
      .createTable('iot_task_watches')
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('task_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('iot_task_watches_pk', ['sim_id', 'task_code'])
      .execute();

    await idColumn(db.schema.createTable('iot_coupon_exchanges'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      /** 1 amount off, 2 discount. */
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('discount', 'double precision')
      .addColumn('threshold_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scope', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
      .addColumn('package_ids_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('valid_days', 'integer', (c) => c.notNull())
      .addColumn('coin_price', 'integer', (c) => c.notNull())
      /** null = unlimited. */
      .addColumn('stock', 'integer')
      /** Exchanges per card; null = no limit. */
      .addColumn('limit_times', 'integer')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('iot_coupon_exchange_records'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('exchange_id', 'integer', (c) => c.notNull())
      .addColumn('coupon_id', 'integer', (c) => c.notNull())
      .addColumn('coin_price', 'integer', (c) => c.notNull())
      .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('iot_coupon_exchange_records_uuid', ['sim_id', 'uuid'])
      .execute();
    await db.schema
      .createIndex('iot_coupon_exchange_records_item')
      .on('iot_coupon_exchange_records')
      .columns(['sim_id', 'exchange_id'])
      .execute();
  },
};
