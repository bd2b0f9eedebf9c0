/** Tables of platform sign-in: mini-users, scan-to-authorise tickets and WeChat OAuth states (issue 7). */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const platformAuth: MigrationDef = {
  name: '0012-platform',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('mini_users'), dialect)
      .addColumn('platform', 'varchar(4)', (c) => c.notNull())
      .addColumn('open_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('head_portrait', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('index_first_group', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('mini_users_open_id', ['platform', 'open_id'])
      .execute();

    await db.schema
      .createTable('authorize_tickets')
      .addColumn('scene', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('app_logo', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('scopes_json', 'varchar(100)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('decided_by', 'varchar(128)')
      .addColumn('scanned_at', 'bigint')
      .addColumn('decided_at', 'bigint')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wechat_oauth_states')
      .addColumn('state', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('sync_redirect', 'varchar(1024)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
