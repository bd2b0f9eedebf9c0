/**
 * The staff console's foundation (issue 22): staff members, their sessions (8 h idle, revocable) and
 * the append-only audit log.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const staffConsole: MigrationDef = {
  name: '0017-staff',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('staff'), dialect)
      .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      // Sealed with the data key (lib/personal-data.ts): a copied database does not give away codes.
      .addColumn('totp_secret', 'varchar(200)', (c) => c.notNull())
      .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'bigint')
      .addColumn('last_login_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('staff_sessions')
      // The SHA-256 of the cookie's token: the table alone does not let anyone in.
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

    await idColumn(db.schema.createTable('audit_log'), dialect)
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('actor', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)')
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target', 'varchar(128)', (c) => c.notNull())
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    await db.schema.createIndex('audit_log_actor_at').on('audit_log').columns(['actor', 'at']).execute();
    await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
    await db.schema.createIndex('audit_log_target_at').on('audit_log').columns(['target', 'at']).execute();
  },
};
