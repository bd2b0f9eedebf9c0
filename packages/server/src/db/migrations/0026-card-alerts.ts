/**
 * Card alerts (issue 25 item 1): each card's alert settings, and one row per alert sent — unique per card,
 * kind, threshold and period, so an alert is sent once per crossing, whichever instance evaluates the card
 * (the insert that takes the row is the one that sends). See contract domain/card-alerts.ts for periods.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const cardAlerts: MigrationDef = {
  name: '0026-card-alerts',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await db.schema
      .createTable('card_alert_settings')
      .addColumn('sim_id', 'bigint', (c) => c.primaryKey())
      .addColumn('settings_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('card_alerts'), dialect)
      .addColumn('sim_id', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      /** Percent (usage), days (expiry) or fen (balance). */
      .addColumn('threshold', 'bigint', (c) => c.notNull())
      .addColumn('period', 'varchar(32)', (c) => c.notNull())
      /** Shown in the card's in-app notices. */
      .addColumn('in_app', 'integer', (c) => c.notNull())
      /** none | pending | sent | failed */
      .addColumn('sms_state', 'varchar(16)', (c) => c.notNull())
      .addColumn('sms_due_at', 'bigint')
      .addColumn('read_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('card_alerts_once', ['sim_id', 'kind', 'threshold', 'period'])
      .execute();
    await db.schema.createIndex('card_alerts_sim').on('card_alerts').columns(['sim_id', 'read_at', 'id']).execute();
    await db.schema.createIndex('card_alerts_sms_due').on('card_alerts').columns(['sms_state', 'sms_due_at']).execute();
  },
};
