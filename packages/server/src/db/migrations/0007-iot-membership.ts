/** Tables of VIP and acceleration products and orders (issue 6). */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const iotMembership: MigrationDef = {
  name: '0007-iot-membership',
  async up(_db: Kysely<unknown>, _dialect: Dialect) {},
};
