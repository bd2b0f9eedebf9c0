/**
 * Vanity numbers as a newcomer met them (issue 17):
 * - 不含4 and excludeDigits mean the whole number (NUMBERS.md): `NO4` no longer holds for a number whose
 *   segment has a 4 (148…, 184…), and excluded digits are looked for in all 11 digits.
 *   `tail_digit_mask` (the digits of the last 8) goes: the search index reads a number's digits off the
 *   number itself, so a stored copy could only disagree with it. Every stored number's derived columns
 *   are re-derived with the current rules (`rederiveNumbers`: batched, only changed rows written), so a
 *   database imported before is corrected.
 * - The 号段 dictionary lists the segments in ascending order, as the seeder now writes them (it wrote
 *   them operator by operator, so the list of all segments ran 134…198, 130…196, 133…199, 192).
 */
import type { Kysely } from 'kysely';
import { rederiveNumbers } from '../../modules/numbers/number-row.js';
import type { Db, Dialect } from '../database.js';
import type { MigrationDef } from './helpers.js';

export const vanityNumbers: MigrationDef = {
  name: '0014-vanity-numbers',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const db = raw as unknown as Db;
    await db.schema.alterTable('numbers').dropColumn('tail_digit_mask').execute();
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
  },
};
