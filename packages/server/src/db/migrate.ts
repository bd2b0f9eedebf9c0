/** Applies the migrations in order; each runs once, recorded by Kysely's migrator. */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './database.js';
import { foundation } from './migrations/0001-foundation.js';
import type { MigrationDef } from './migrations/helpers.js';

/** Every migration, oldest first. Later issues append here. */
export const MIGRATIONS: MigrationDef[] = [foundation];

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const m of MIGRATIONS) out[m.name] = { up: (db) => m.up(db, this.dialect) };
    return out;
  }
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
