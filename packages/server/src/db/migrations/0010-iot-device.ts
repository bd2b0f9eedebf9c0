/** Tables of device commands and their queue (issue 7). */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const iotDevice: MigrationDef = {
  name: '0010-iot-device',
  async up(_db: Kysely<unknown>, _dialect: Dialect) {},
};
