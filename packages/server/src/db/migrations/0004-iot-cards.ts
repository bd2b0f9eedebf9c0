/**
 * IoT cards (SPEC §3 Sim info, §4 device SIMs): the card with its cached upstream state, the device and
 * its vice SIMs, card-page layouts, daily usage for the history chart, and network-switch tasks.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const iotCards: MigrationDef = {
  name: '0004-iot-cards',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('sims'), dialect)
      .addColumn('sim_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('iccid', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('imsi', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('imei', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      /** Contact mobile bound by the holder (simBindMobile); at most 10 cards per mobile. */
      .addColumn('mobile', 'varchar(11)')
      .addColumn('mobile_bound_at', 'bigint')
      .addColumn('device_no', 'varchar(32)')
      /** 1 card, 2 device (SPEC §4: shown as operator 99). */
      .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('operator_type', 'integer', (c) => c.notNull())
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('layout_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('balance_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('arrears_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('integral', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('coupon_coin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sim_status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('auth_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('auth_platform_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('internet_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('online_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cancel_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('replace_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_flow', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('use_flow', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('surplus_time', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('surplus_unit', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('is_infinite_flow', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('end_at', 'bigint')
      /** Last upstream sync (simRefresh). */
      .addColumn('last_robin_at', 'bigint')
      .addColumn('need_buy_coupon', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bind_phone_mode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('apn', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('need_buy_package', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('need_auth', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('need_platform_auth', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('platform_auth_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('pay_password_hash', 'varchar(255)')
      .addColumn('card_password_mode', 'integer', (c) => c.notNull().defaultTo(0))
      /** `scrypt$N$r$p$salt$hash` (base64url parts). */
      .addColumn('card_password_hash', 'varchar(255)')
      .addColumn('card_password_fails', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('card_password_locked_until', 'bigint')
      .addColumn('recharge_times', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('numb_auth', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('break_rule_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('break_tips', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('allow_remove_break', 'integer', (c) => c.notNull().defaultTo(0))
      /** 1 when the break alone stopped the card (sim_status 3): removing it restores 正常. */
      .addColumn('break_stopped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('volume_package_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('volume_use_flow', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('volume_total_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('volume_g_price_fen', 'integer', (c) => c.notNull().defaultTo(0))
      /** 1 enabled, 0 disabled by the platform (login refused). */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sims_mobile').on('sims').columns(['mobile']).execute();
    await db.schema.createIndex('sims_device_no').on('sims').columns(['device_no']).execute();

    await db.schema
      .createTable('sim_devices')
      .addColumn('sim_id', 'integer', (c) => c.primaryKey().references('sims.id').onDelete('cascade'))
      .addColumn('device_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('model', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('wifi_encrypt', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('conn_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_conn_count', 'integer', (c) => c.notNull().defaultTo(10))
      .addColumn('battery', 'integer')
      .addColumn('signal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_wifi', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('switch_wifi', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('wifi_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('wifi_pass', 'varchar(63)', (c) => c.notNull().defaultTo(''))
      .addColumn('show_wifi_5g', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('switch_wifi_5g', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('wifi_name_5g', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('wifi_pass_5g', 'varchar(63)', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('vice_sims'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id').onDelete('cascade'))
      .addColumn('sim_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('iccid', 'varchar(20)', (c) => c.notNull())
      .addColumn('operator_type', 'integer', (c) => c.notNull())
      .addColumn('auth_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('signal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('vice_sims_sim').on('vice_sims').columns(['sim_id', 'sort']).execute();

    await db.schema
      .createTable('sim_layouts')
      .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('layout_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sim_usage_daily')
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id').onDelete('cascade'))
      /** 'YYYY-MM-DD', Asia/Shanghai. */
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('flow_mb', 'double precision', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('sim_usage_daily_pk', ['sim_id', 'day'])
      .execute();

    await db.schema
      .createTable('sim_net_tasks')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('payload_json', 'text', (c) => c.notNull())
      /** pending | done | failed | expired. */
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sim_net_tasks_sim')
      .on('sim_net_tasks')
      .columns(['sim_id', 'kind', 'created_at'])
      .execute();
  },
};
