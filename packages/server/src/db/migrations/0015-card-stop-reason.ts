/**
 * Why a card is stopped (issue 17, must-fix 3): the operator's stop reason as its last sync mapped it
 * (`sims.stop_reason`, domain/card-state.ts SIM_STOP_REASONS; '' none or not given), and the carrier
 * simulator's book of the resumptions it was asked for (`carrier_sim_resumes`).
 */
import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.js';

export const cardStopReason: MigrationDef = {
  name: '0015-card-stop-reason',
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sims')
      .addColumn('stop_reason', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .execute();
    // The carrier simulator's own books: a stopped card the reseller asked it to run again.
    await db.schema
      .createTable('carrier_sim_resumes')
      .addColumn('sim_no', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
