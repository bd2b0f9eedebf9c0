/**
 * The card's points (integral) ledger: every change of `sims.integral` writes one line with the points
 * it moved and the balance it produced, so a card's lines always sum to its points (see `moveIntegral`).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const iotPoints: MigrationDef = {
  name: '0006-iot-points',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('iot_integral_logs'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      /** integral_log_type: 1 签到, 2 任务, 3 购买套餐赠送, 4 商城兑换, 5 退回, 6 过期 (7 后台调整, opening lines). */
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('integral_after', 'integer', (c) => c.notNull())
      .addColumn('order_sn', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('iot_integral_logs_sim').on('iot_integral_logs').columns(['sim_id', 'id']).execute();
  },
};
