/** One page of a filtered table with the count of the whole filter: the `{ rows, total }` every list answers. */
import type { SelectQueryBuilder } from 'kysely';

/** A FROM and WHERE that selects nothing yet (Kysely's output type for that is `{}`). */
// biome-ignore lint/complexity/noBannedTypes: Kysely's own type of a query without a selection
type Scope<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, {}>;

/**
 * Page `page` (from 1) of `pageSize` rows as `rows` selects and orders them from `scope`, and how many
 * rows `scope` matches; both queries at once.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  scope: Scope<DB, TB>,
  page: number,
  pageSize: number,
  rows: (scope: Scope<DB, TB>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: O[]; total: number }> {
  const [list, count] = await Promise.all([
    rows(scope)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scope
      .select((eb) => eb.fn.countAll().as('n'))
      // Kysely cannot spell out a selection while the table is a type parameter; it is this one count.
      .$castTo<{ n: string | number | bigint }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(count.n) };
}
