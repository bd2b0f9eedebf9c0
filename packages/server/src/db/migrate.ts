/** Applies the migrations in order; each runs once, recorded by Kysely's migrator. */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './database.js';
import { foundation } from './migrations/0001-foundation.js';
import { shopCatalogue } from './migrations/0002-shop-catalogue.js';
import { shopOrdersPayments } from './migrations/0003-shop-orders-payments.js';
import { iotCards } from './migrations/0004-iot-cards.js';
import { iotBuying } from './migrations/0005-iot-buying.js';
import { iotPoints } from './migrations/0006-iot-points.js';
import { iotMembership } from './migrations/0007-iot-membership.js';
import { iotMall } from './migrations/0008-iot-mall.js';
import { iotRewards } from './migrations/0009-iot-rewards.js';
import { iotDevice } from './migrations/0010-iot-device.js';
import { wifiCodes } from './migrations/0011-wifi-codes.js';
import { platformAuth } from './migrations/0012-platform.js';
import { jobRuns } from './migrations/0013-job-runs.js';
import { vanityNumbers } from './migrations/0014-vanity-numbers.js';
import { cardStopReason } from './migrations/0015-card-stop-reason.js';
import { longPayUrls } from './migrations/0016-long-pay-urls.js';
import { staffConsole } from './migrations/0017-staff.js';
import { ordersConsole } from './migrations/0018-orders-console.js';
import { realnameQueue } from './migrations/0019-realname-queue.js';
import { adminJobs } from './migrations/0020-admin-jobs.js';
import { cardsConsole } from './migrations/0021-cards-console.js';
import { paymentsConsole } from './migrations/0022-payments-console.js';
import { consoleJobs } from './migrations/0023-console-jobs.js';
import { media } from './migrations/0024-media.js';
import { cardAlerts } from './migrations/0026-card-alerts.js';
import type { MigrationDef } from './migrations/helpers.js';

/** Every migration, oldest first. Later issues append here. */
export const MIGRATIONS: MigrationDef[] = [
  foundation,
  shopCatalogue,
  shopOrdersPayments,
  iotCards,
  iotBuying,
  iotPoints,
  iotMembership,
  iotMall,
  iotRewards,
  iotDevice,
  wifiCodes,
  platformAuth,
  jobRuns,
  vanityNumbers,
  cardStopReason,
  longPayUrls,
  staffConsole,
  ordersConsole,
  realnameQueue,
  adminJobs,
  cardsConsole,
  paymentsConsole,
  consoleJobs,
  media,
  cardAlerts,
];

class InCodeProvider implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly migrations: readonly MigrationDef[],
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const m of this.migrations) out[m.name] = { up: (db) => m.up(db, this.dialect) };
    return out;
  }
}

/**
 * Without a schema, Kysely looks for its bookkeeping tables in every visible PostgreSQL schema, so one
 * migrated schema (another DATABASE_SCHEMA, another app) hides their absence in ours. Pin it to ours.
 */
async function migrationTableSchema(db: Kysely<unknown>, dialect: Dialect): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Applies the pending migrations, all of them or those up to `through` (a migration's name: a test
 * builds a database as an older release left it, then migrates it the rest of the way).
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: Dialect,
  options: { through?: string } = {},
): Promise<string[]> {
  const schema = await migrationTableSchema(db, dialect);
  const last =
    options.through === undefined ? MIGRATIONS.length : MIGRATIONS.findIndex((m) => m.name === options.through) + 1;
  if (last === 0) throw new Error(`no migration named ${options.through}`);
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(dialect, MIGRATIONS.slice(0, last)),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
