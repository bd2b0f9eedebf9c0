/**
 * The back office's real-name queue (issue 22 item 6): submissions under review, oldest first, read
 * by (status, id) instead of a scan of every submission ever made.
 */
import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.js';

export const realnameQueue: MigrationDef = {
  name: '0019-realname-queue',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('iot_realname_submissions_status')
      .on('iot_realname_submissions')
      .columns(['status', 'id'])
      .execute();
  },
};
