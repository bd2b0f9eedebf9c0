/**
 * A provider's pay URL may be longer than 1024 characters (issue 21): Alipay's `alipay.trade.wap.pay`
 * launch is a GET URL carrying the whole signed request (biz_content, notify and return URLs, a 2048-bit
 * RSA signature). PostgreSQL enforces varchar lengths, so `payments.pay_url` becomes text there; SQLite
 * never enforced the length and keeps its column as it is.
 */
import type { Kysely } from 'kysely';
import type { MigrationDef } from './helpers.js';

export const longPayUrls: MigrationDef = {
  name: '0016-long-pay-urls',
  async up(db: Kysely<unknown>, dialect) {
    if (dialect !== 'postgres') return;
    await db.schema
      .alterTable('payments')
      .alterColumn('pay_url', (c) => c.setDataType('text'))
      .execute();
  },
};
