/** Helpers so one migration file creates the same schema on SQLite and PostgreSQL. */
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

export interface MigrationDef {
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** An auto-increment integer primary key named `id`. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey());
}
