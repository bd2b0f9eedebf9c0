/**
 * Vanity numbers as a newcomer met them (issue 17):
 * - 不含4 and excludeDigits mean the whole number (NUMBERS.md): `NO4` no longer holds for a number whose
 *   segment has a 4 (148…, 184…), and excluded digits are looked for in all 11 digits.
 *   Every stored number's derived columns are re-derived with the current rules (`rederiveNumbers`:
 *   batched, only changed rows written, with a new version), so a database imported before is corrected.
 *   `tail_digit_mask` (the digits of the last 8) stays as it is, true to its name: nothing of this
 *   release reads it (the index reads a number's digits off the number), but the instances of the
 *   previous release do until a rolling upgrade replaces them, so a later migration drops it.
 * - The 号段 dictionary lists the segments in ascending order, as the seeder now writes them (it wrote
 *   them operator by operator, so the list of all segments ran 134…198, 130…196, 133…199, 192).
 * - Reviews are written by the buyers of completed number orders and shown on numbers of the kind bought
 *   (design.md "Number reviews"): a review records its order (one each), the number bought and that
 *   number's level. A review stored before has no known kind: level 0, shown on no number.
 */
import type { Kysely } from 'kysely';
import { rederiveNumbers } from '../../modules/numbers/number-row.js';
import type { Db, Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const vanityNumbers: MigrationDef = {
  name: '0014-vanity-numbers',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const db = raw as unknown as Db;
    await rederiveNumbers(db);

    const segments = await db
      .selectFrom('dict_data')
      .select(['id', 'value'])
      .where('type', '=', 'number_segment')
      .execute();
    segments.sort((a, b) => Number(a.value) - Number(b.value) || a.value.localeCompare(b.value));
    for (const [sort, row] of segments.entries()) {
      await db.updateTable('dict_data').set({ sort }).where('id', '=', row.id).execute();
    }

    // One column per statement: SQLite adds a single column per ALTER TABLE.
    await db.schema.alterTable('number_comments').addColumn('order_sn', 'varchar(40)').execute();
    await db.schema
      .alterTable('number_comments')
      .addColumn('number', 'varchar(11)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('number_comments')
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('number_comments_order').on('number_comments').column('order_sn').unique().execute();
    await db.schema
      .createIndex('number_comments_level')
      .on('number_comments')
      .columns(['level', 'created_at'])
      .execute();
  },
};
