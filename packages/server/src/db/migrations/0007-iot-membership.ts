/**
 * VIP and acceleration (issue 6, SCREENS §5.6): the VIP products, the acceleration passes, one order
 * table for both kinds (they share the lifecycle: 0 待支付 → 1 生效中 | 2 待生效 → 3 已过期; 0 → 5; 1/2 → 4),
 * and the carrier simulator's own book of speed profiles.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const iotMembership: MigrationDef = {
  name: '0007-iot-membership',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('iot_vip_products'), dialect)
      /** '' = every promoter's cards. */
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('vip_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('logo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('original_price_fen', 'integer', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      /** 1 day, 2 month, 3 year. */
      .addColumn('duration_unit', 'integer', (c) => c.notNull())
      /** {gi, items: [{icon, title, desc}]} */
      .addColumn('privileges_json', 'text', (c) => c.notNull())
      .addColumn('tag', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('iot_accelerate_products'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      /** null = every operator. */
      .addColumn('operator_type', 'integer')
      .addColumn('accelerate_name', 'varchar(64)', (c) => c.notNull())
      /** S100M, S300M or S1000M: the operator's speed profile. */
      .addColumn('speed_code', 'varchar(16)', (c) => c.notNull())
      .addColumn('speed_text', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('original_price_fen', 'integer', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('duration_unit', 'integer', (c) => c.notNull())
      .addColumn('tag', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('iot_member_orders'), dialect)
      .addColumn('order_sn', 'varchar(32)', (c) => c.notNull().unique())
      /** 'vip' or 'accelerate'. */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      /** The VIP product or acceleration pass; name, price and terms are copied below. */
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('logo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('privileges_json', 'text', (c) => c.notNull().defaultTo('{"gi":"","items":[]}'))
      .addColumn('speed_code', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('pay_amount_fen', 'integer', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('duration_unit', 'integer', (c) => c.notNull())
      /** 1 online, 2 balance, 3 gift. */
      .addColumn('place_type', 'integer', (c) => c.notNull())
      .addColumn('pay_type', 'varchar(16)', (c) => c.notNull())
      /** vip_order_status: 0 待支付, 1 生效中, 2 待生效, 3 已过期, 4 已退款, 5 已取消. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('pay_status', 'integer', (c) => c.notNull())
      .addColumn('start_at', 'bigint')
      .addColumn('end_at', 'bigint')
      .addColumn('expire_at', 'bigint')
      .addColumn('paid_at', 'bigint')
      .addColumn('trade_no', 'varchar(64)')
      /** Acceleration: the speed profile taken by the operator, and taken off again. */
      .addColumn('applied_at', 'bigint')
      .addColumn('cleared_at', 'bigint')
      .addColumn('refund_at', 'bigint')
      /** 0 none, 1 原路退回, 2 退回余额. */
      .addColumn('refund_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refund_remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('iot_member_orders_uuid', ['sim_id', 'kind', 'uuid'])
      .execute();
    await db.schema
      .createIndex('iot_member_orders_sim')
      .on('iot_member_orders')
      .columns(['sim_id', 'kind', 'status'])
      .execute();
    await db.schema
      .createIndex('iot_member_orders_status')
      .on('iot_member_orders')
      .columns(['status', 'end_at'])
      .execute();

    await db.schema
      .createTable('carrier_speed_profiles')
      .addColumn('order_sn', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('sim_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('speed_code', 'varchar(16)', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      /** 'active' or 'cleared'. */
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
