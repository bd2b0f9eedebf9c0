/**
 * Device commands (issue 7). The platform's own record of each command is a row of `sim_net_tasks`
 * (migration 0004; kind `device:<command>`). This adds the simulated device platform's queue: what it
 * holds for an offline device until the device reconnects (or 24 h pass).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const iotDevice: MigrationDef = {
  name: '0010-iot-device',
  async up(db: Kysely<unknown>, _dialect: Dialect) {
    await db.schema
      .createTable('carrier_device_commands')
      .addColumn('task_id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('sim_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('command_json', 'text', (c) => c.notNull())
      /** 'queued' (device offline), 'applied' or 'expired'. */
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('applied_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('carrier_device_commands_sim')
      .on('carrier_device_commands')
      .columns(['sim_no', 'state', 'created_at'])
      .execute();
  },
};
