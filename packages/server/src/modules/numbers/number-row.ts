/**
 * What is stored for a number beside its own fields: operator from the segment, pattern codes and level
 * from the contract's vanity-patterns module. Computed once, when written, by `deriveNumber` alone: the
 * import, the demo seeder and the re-derivation of stored rows (`rederiveNumbers`) all go through it.
 * The digits a number holds (excludeDigits) are not stored: the search index reads them off the number.
 */
import { levelOf, NUMBER_RE, type OperatorType, operatorOfNumber, patternMask, patternsOf } from '@haoka/contract';
import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { nextNumbersVersion } from './repository.js';

export interface DerivedNumber {
  segment: string;
  operator_type: OperatorType;
  level: number;
  pattern_mask: number;
  /** The digits of the last 8, for instances of the release before migration 0014 (schema.ts). */
  tail_digit_mask: number;
}

function tailDigitMask(number: string): number {
  let mask = 0;
  for (let i = number.length - 8; i < number.length; i++) mask |= 1 << (number.charCodeAt(i) - 48);
  return mask;
}

/** Derives the stored columns, or says why the number cannot be sold. */
export function deriveNumber(number: string, declaredOperator?: number): DerivedNumber | { error: string } {
  if (!NUMBER_RE.test(number)) return { error: 'number must be 11 digits starting with 1' };
  const operator = operatorOfNumber(number);
  if (!operator) return { error: `prefix ${number.slice(0, 3)} belongs to no operator` };
  if (declaredOperator !== undefined && declaredOperator !== operator) {
    return { error: `operator ${declaredOperator} does not match prefix ${number.slice(0, 3)}` };
  }
  const codes = patternsOf(number);
  return {
    segment: number.slice(0, 3),
    operator_type: operator,
    level: levelOf(codes),
    pattern_mask: patternMask(codes),
    tail_digit_mask: tailDigitMask(number),
  };
}

/** Rows read per batch, and rows corrected per statement (5 bound values each: far below any limit). */
const REDERIVE_BATCH = 5000;
const REDERIVE_WRITE = 1000;

/**
 * Brings every stored number's derived columns in line with `deriveNumber` (after a change to the pattern
 * rules; migration 0014). Reads the table in id order a batch at a time and rewrites only the rows that
 * differ, with one statement per thousand of them (`UPDATE … FROM (VALUES …)`, which SQLite and
 * PostgreSQL both take) and a new version, so running search indexes take them in. A row `deriveNumber`
 * refuses (it could not have been imported) is left as it is. Returns the number of rows changed.
 */
export async function rederiveNumbers(db: DbOrTx, batchSize = REDERIVE_BATCH, now = Date.now()): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('numbers')
      .select(['id', 'number', 'segment', 'operator_type', 'level', 'pattern_mask'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.id ?? after;
    // The tail-digit mask depends on the digits alone, which a row never changes: not compared.
    const fixes: (DerivedNumber & { id: number })[] = [];
    for (const row of rows) {
      const derived = deriveNumber(row.number);
      if ('error' in derived) continue;
      if (
        derived.level !== row.level ||
        derived.pattern_mask !== row.pattern_mask ||
        derived.segment !== row.segment ||
        derived.operator_type !== row.operator_type
      ) {
        fixes.push({ id: row.id, ...derived });
      }
    }
    if (fixes.length > 0) {
      await inTransaction(db, async (tx) => {
        const version = await nextNumbersVersion(tx);
        for (let i = 0; i < fixes.length; i += REDERIVE_WRITE) {
          // Integers are cast: PostgreSQL would read untyped VALUES parameters as text. The id range keeps
          // its plan to the batch's run of the primary key (a join alone scanned the whole table).
          const chunk = fixes.slice(i, i + REDERIVE_WRITE);
          const values = sql.join(
            chunk.map(
              (f) =>
                sql`(cast(${f.id} as integer), cast(${f.level} as integer), cast(${f.pattern_mask} as integer), ${f.segment}, cast(${f.operator_type} as integer))`,
            ),
          );
          await sql`with fix(id, level, pattern_mask, segment, operator_type) as (values ${values})
            update numbers set level = fix.level, pattern_mask = fix.pattern_mask, segment = fix.segment,
              operator_type = fix.operator_type, version = ${version}, updated_at = ${now}
            from fix where numbers.id = fix.id
              and numbers.id between ${chunk[0]?.id ?? 0} and ${chunk[chunk.length - 1]?.id ?? 0}`.execute(tx);
        }
        changed += fixes.length;
      });
    }
    if (rows.length < batchSize) break;
  }
  return changed;
}

/** Runs `fn` in a transaction, or in the one `db` already is (PostgreSQL runs a migration in one). */
function inTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Tx) : (db as Db).transaction().execute(fn);
}
