/**
 * Images staff upload in the console (banners, logos, goods pictures): the bytes in the database, so every
 * instance serves them with no file storage, keyed by their SHA-256 so the same image is stored once.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const media: MigrationDef = {
  name: '0024-media',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await db.schema
      .createTable('media')
      .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('mime', 'varchar(32)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('bytes', dialect === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
