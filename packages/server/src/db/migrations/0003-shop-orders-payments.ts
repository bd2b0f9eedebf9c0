/**
 * Shop buying: SMS codes and their outbox, shop orders (ID numbers encrypted, with an HMAC for counts),
 * payment attempts with the provider, the sandbox provider's own ledger, and job leases.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const shopOrdersPayments: MigrationDef = {
  name: '0003-shop-orders-payments',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('sms_codes'), dialect)
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('scene', 'varchar(16)', (c) => c.notNull())
      /** HMAC of the code: a leaked table does not give codes away. */
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('ip', 'varchar(64)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_codes_lookup').on('sms_codes').columns(['mobile', 'scene', 'id']).execute();

    await idColumn(db.schema.createTable('sms_outbox'), dialect)
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('scene', 'varchar(16)', (c) => c.notNull())
      .addColumn('code', 'varchar(8)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_outbox_mobile').on('sms_outbox').columns(['mobile', 'id']).execute();

    await idColumn(db.schema.createTable('shop_orders'), dialect)
      .addColumn('order_sn', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('order_type', 'integer', (c) => c.notNull())
      .addColumn('number_id', 'integer')
      .addColumn('package_id', 'integer')
      .addColumn('goods_id', 'integer')
      .addColumn('title', 'varchar(128)', (c) => c.notNull())
      .addColumn('number', 'varchar(11)')
      .addColumn('package_name', 'varchar(64)')
      .addColumn('goods_image', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('operator_type', 'integer', (c) => c.notNull())
      .addColumn('contact_name', 'varchar(32)', (c) => c.notNull())
      .addColumn('contact_mobile', 'varchar(11)', (c) => c.notNull())
      /** AES-256-GCM ciphertext of the ID number (key outside the database). */
      .addColumn('id_card_enc', 'text', (c) => c.notNull())
      /** HMAC of the ID number, for "5 per ID per operator" counts and order-query login. */
      .addColumn('id_card_hmac', 'varchar(64)', (c) => c.notNull())
      .addColumn('id_card_masked', 'varchar(18)', (c) => c.notNull())
      .addColumn('id_card_last6_hmac', 'varchar(64)', (c) => c.notNull())
      .addColumn('province_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('city_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('county_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('address_detail', 'varchar(200)', (c) => c.notNull())
      .addColumn('pay_amount_fen', 'integer', (c) => c.notNull())
      .addColumn('pay_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('order_status', 'integer', (c) => c.notNull())
      .addColumn('pay_status', 'integer', (c) => c.notNull())
      .addColumn('expire_at', 'bigint')
      .addColumn('paid_at', 'bigint')
      .addColumn('trade_no', 'varchar(64)')
      .addColumn('tracking_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('express_company', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('shipped_at', 'bigint')
      .addColumn('cancel_reason', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('order_session_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('page_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('bd_vid', 'varchar(256)', (c) => c.notNull().defaultTo(''))
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
      /** Hash of the create request: the same uuid with another body answers -1 重复的请求. */
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('shop_orders_idempotency', ['order_session_id', 'uuid'])
      .execute();
    await db.schema.createIndex('shop_orders_mobile').on('shop_orders').columns(['contact_mobile', 'id']).execute();
    await db.schema
      .createIndex('shop_orders_id_card')
      .on('shop_orders')
      .columns(['id_card_hmac', 'operator_type'])
      .execute();
    await db.schema
      .createIndex('shop_orders_expiry')
      .on('shop_orders')
      .columns(['order_status', 'expire_at'])
      .execute();

    /** One row per launch of a payment with the provider (any order kind). */
    await idColumn(db.schema.createTable('payments'), dialect)
      .addColumn('order_sn', 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('pay_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('prepay_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('pay_url', 'varchar(1024)')
      /** 0 launched, 1 paid, 2 closed, 3 refunded. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('trade_no', 'varchar(64)')
      .addColumn('refund_sn', 'varchar(40)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payments_order').on('payments').columns(['order_sn', 'id']).execute();

    /** The sandbox provider's own books (what a real provider keeps on its side). */
    await db.schema
      .createTable('sandbox_payments')
      .addColumn('prepay_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('description', 'varchar(128)', (c) => c.notNull())
      .addColumn('notify_url', 'varchar(1024)', (c) => c.notNull())
      .addColumn('return_url', 'varchar(1024)', (c) => c.notNull())
      /** 'created' | 'paid' | 'closed' | 'refunded' */
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('trade_no', 'varchar(64)')
      .addColumn('expire_at', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(64)', (c) => c.notNull())
      .addColumn('lease_until', 'bigint', (c) => c.notNull())
      .addColumn('last_run_at', 'bigint')
      .addColumn('last_error', 'text')
      .execute();
  },
};
