/** Tables of shareable Wi-Fi codes (issue 7). */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const wifiCodes: MigrationDef = {
  name: '0011-wifi-codes',
  async up(_db: Kysely<unknown>, _dialect: Dialect) {},
};
