/** Tables of platform sign-in: mini-users and scan-to-authorise tickets (issue 7). */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const platformAuth: MigrationDef = {
  name: '0012-platform',
  async up(_db: Kysely<unknown>, _dialect: Dialect) {},
};
