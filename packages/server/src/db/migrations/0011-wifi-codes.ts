/** Tables of shareable Wi-Fi codes (issue 7). */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const wifiCodes: MigrationDef = {
  name: '0011-wifi-codes',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('wifi_codes'), dialect)
      /** 8 base62 characters, the public name of the code. */
      .addColumn('code', 'varchar(8)', (c) => c.notNull().unique())
      /** The creator's order-session-id (32 hex). */
      .addColumn('owner', 'varchar(32)', (c) => c.notNull())
      /** At most 32 UTF-8 bytes, so at most 32 characters. */
      .addColumn('ssid', 'varchar(32)', (c) => c.notNull())
      /** '' for an open network. */
      .addColumn('password', 'varchar(63)', (c) => c.notNull().defaultTo(''))
      /** 'WPA' | 'WEP' | 'nopass'. */
      .addColumn('encrypt', 'varchar(8)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // One code per creator and network: creating it again answers the same code, even when concurrent.
      .addUniqueConstraint('wifi_codes_owner_network', ['owner', 'ssid', 'password', 'encrypt'])
      .execute();
  },
};
