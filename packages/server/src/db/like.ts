/** Substring search that means the same on SQLite and PostgreSQL: escaped wildcards, ASCII case ignored. */
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** `column` contains `keyword` literally: % and _ typed by a user match themselves. */
export function containsText(column: string, keyword: string): RawBuilder<SqlBool> {
  const escaped = keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}
