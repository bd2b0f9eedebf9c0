/**
 * Card buying and money (API.md §4, SCREENS §5.3–5.4): packages and their orders, recharge options and
 * orders, the balance ledger, coupons and recharge activities, the coupon-coin ledger, the pay password's
 * lock and reset ticket, auto-renew, platform real-name submissions, private uploads, SMS notices, and the carrier
 * simulator's own books (operator real-name, package activations).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const iotBuying: MigrationDef = {
  name: '0005-iot-buying',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const simColumns: [string, 'integer' | 'bigint' | 'varchar(128)', number | null][] = [
      ['pay_password_fails', 'integer', 0],
      ['pay_password_locked_until', 'bigint', null],
      /** lookupHash of the single-use reset ticket from simUpdatePayPass type 'verify'. */
      ['pay_reset_ticket_hash', 'varchar(128)', null],
      ['pay_reset_ticket_expires_at', 'bigint', null],
      /** Auto-renew package (0 off), set by simUpdateRenewPackage. */
      ['renew_package_id', 'integer', 0],
    ];
    for (const [name, type, fallback] of simColumns) {
      await db.schema
        .alterTable('sims')
        .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
        .execute();
    }

    await idColumn(db.schema.createTable('iot_packages'), dialect)
      /** '' = every promoter's cards. */
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      /** null = every operator. */
      .addColumn('operator_type', 'integer')
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      /** 1 base, 2 add-on, 3 volume. */
      .addColumn('package_type', 'integer', (c) => c.notNull())
      .addColumn('flow_mb', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('is_infinite_flow', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('duration_unit', 'integer', (c) => c.notNull())
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('original_price_fen', 'integer', (c) => c.notNull())
      /** Volume packages: fen per GB used. */
      .addColumn('g_price_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tags_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('effect_types_json', 'text', (c) => c.notNull().defaultTo('[1]'))
      /** null = unlimited. */
      .addColumn('stock', 'integer')
      /** Orders per card (null = no limit). */
      .addColumn('limit_times', 'integer')
      .addColumn('renewable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('gift_integral', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      /** 1 on sale, 0 off. */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('iot_package_orders'), dialect)
      .addColumn('order_sn', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('package_id', 'integer', (c) => c.notNull())
      .addColumn('package_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('package_type', 'integer', (c) => c.notNull())
      .addColumn('flow_mb', 'double precision', (c) => c.notNull())
      /** Usage charged to this package while it is active. */
      .addColumn('use_flow', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('is_infinite_flow', 'integer', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('duration_unit', 'integer', (c) => c.notNull())
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('coupon_id', 'integer')
      .addColumn('coupon_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pay_amount_fen', 'integer', (c) => c.notNull())
      .addColumn('pay_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('effect_type', 'integer', (c) => c.notNull())
      /** 0 待支付, 1 待生效, 2 生效中, 3 已失效, 4 已退款, 5 已取消. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('pay_status', 'integer', (c) => c.notNull())
      .addColumn('start_at', 'bigint')
      .addColumn('end_at', 'bigint')
      .addColumn('expire_at', 'bigint')
      .addColumn('paid_at', 'bigint')
      .addColumn('trade_no', 'varchar(64)')
      /** Accepted by the operator platform; null until then (the activation job retries). */
      .addColumn('activated_at', 'bigint')
      /** Flow added to the card's pool (at start); taken back at expiry. */
      .addColumn('applied_at', 'bigint')
      .addColumn('refund_at', 'bigint')
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      /** 'user' or 'renew' (the auto-renew job). */
      .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
      .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('iot_package_orders_uuid', ['sim_id', 'uuid'])
      .execute();
    await db.schema
      .createIndex('iot_package_orders_sim')
      .on('iot_package_orders')
      .columns(['sim_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('iot_package_orders_status')
      .on('iot_package_orders')
      .columns(['status', 'start_at'])
      .execute();

    await idColumn(db.schema.createTable('iot_balance_options'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('gift_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tag', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await idColumn(db.schema.createTable('iot_balance_orders'), dialect)
      .addColumn('order_sn', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('option_id', 'integer')
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('gift_fen', 'integer', (c) => c.notNull())
      .addColumn('recharge_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('pay_type', 'varchar(16)', (c) => c.notNull())
      /** 0 待支付, 1 已到账, 2 已关闭, 3 已退款. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('pay_status', 'integer', (c) => c.notNull())
      .addColumn('arrears_paid_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire_at', 'bigint')
      .addColumn('paid_at', 'bigint')
      .addColumn('trade_no', 'varchar(64)')
      .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('iot_balance_orders_uuid', ['sim_id', 'uuid'])
      .execute();
    await db.schema
      .createIndex('iot_balance_orders_sim')
      .on('iot_balance_orders')
      .columns(['sim_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('iot_balance_orders_status')
      .on('iot_balance_orders')
      .columns(['status', 'expire_at'])
      .execute();

    await idColumn(db.schema.createTable('iot_balance_logs'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      /** 1 充值, 2 购买套餐, 3 退款, 4 后台调整, 5 按量扣费, 6 活动赠送. */
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull())
      .addColumn('balance_after_fen', 'integer', (c) => c.notNull())
      .addColumn('order_sn', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('iot_balance_logs_sim').on('iot_balance_logs').columns(['sim_id', 'id']).execute();

    await idColumn(db.schema.createTable('iot_coupon_activities'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('pay_price_fen', 'integer', (c) => c.notNull())
      .addColumn('months', 'integer', (c) => c.notNull())
      /** [{name, amountFen, thresholdFen, count, monthIndex, validDays}] */
      .addColumn('coupons_json', 'text', (c) => c.notNull())
      .addColumn('coin_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock', 'integer')
      .addColumn('limit_times', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await idColumn(db.schema.createTable('iot_coupon_orders'), dialect)
      .addColumn('order_sn', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('activity_id', 'integer', (c) => c.notNull())
      .addColumn('activity_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('pay_amount_fen', 'integer', (c) => c.notNull())
      .addColumn('pay_type', 'varchar(16)', (c) => c.notNull())
      /** 0 待支付, 1 已支付 (coupons issued), 2 已关闭, 3 已退款. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('pay_status', 'integer', (c) => c.notNull())
      .addColumn('expire_at', 'bigint')
      .addColumn('paid_at', 'bigint')
      .addColumn('trade_no', 'varchar(64)')
      .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('iot_coupon_orders_uuid', ['sim_id', 'uuid'])
      .execute();
    await db.schema
      .createIndex('iot_coupon_orders_status')
      .on('iot_coupon_orders')
      .columns(['status', 'expire_at'])
      .execute();

    await idColumn(db.schema.createTable('iot_coupons'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      /** 1 amount off, 2 discount. */
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('amount_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('discount', 'double precision')
      .addColumn('threshold_fen', 'integer', (c) => c.notNull().defaultTo(0))
      /** 'all' or 'package' (then package_ids_json lists them). */
      .addColumn('scope', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
      .addColumn('package_ids_json', 'text', (c) => c.notNull().defaultTo('[]'))
      /** 1 未使用, 2 锁定, 3 已使用, 4 已过期. */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      /** The package order holding or using it. */
      .addColumn('order_sn', 'varchar(32)')
      /** Where it came from: the activity order, 'exchange', 'gift'. */
      .addColumn('source', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('iot_coupons_sim').on('iot_coupons').columns(['sim_id', 'status']).execute();

    await idColumn(db.schema.createTable('iot_coin_logs'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      /** 1 充值活动赠送, 2 兑换优惠券, 3 退回, 4 后台调整. */
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('coin', 'integer', (c) => c.notNull())
      .addColumn('coin_after', 'integer', (c) => c.notNull())
      .addColumn('order_sn', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('iot_coin_logs_sim').on('iot_coin_logs').columns(['sim_id', 'id']).execute();

    await idColumn(db.schema.createTable('iot_realname_submissions'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      /** Masked for display (张*); the full name is encrypted. */
      .addColumn('name_masked', 'varchar(32)', (c) => c.notNull())
      .addColumn('name_enc', 'text', (c) => c.notNull())
      .addColumn('id_card_enc', 'text', (c) => c.notNull())
      .addColumn('id_card_hmac', 'varchar(64)', (c) => c.notNull())
      .addColumn('id_card_masked', 'varchar(18)', (c) => c.notNull())
      .addColumn('front_key', 'varchar(80)')
      .addColumn('back_key', 'varchar(80)')
      .addColumn('face_key', 'varchar(80)')
      /** 1 passed, 2 under review, 3 rejected. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('reviewed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('iot_realname_submissions_sim')
      .on('iot_realname_submissions')
      .columns(['sim_id', 'id'])
      .execute();

    await db.schema
      .createTable('uploads')
      .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
      /** The card that uploaded it (scene realname), else null. */
      .addColumn('sim_id', 'integer')
      .addColumn('scene', 'varchar(16)', (c) => c.notNull())
      .addColumn('mime', 'varchar(32)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    /** Notices the outbox SMS gateway "sent" (renewal reminders, …), beside its codes in sms_outbox. */
    await idColumn(db.schema.createTable('sms_notices'), dialect)
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('template', 'varchar(32)', (c) => c.notNull())
      .addColumn('params_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    // The carrier simulator's own books: what the simulated operator platform knows.
    await db.schema
      .createTable('carrier_sim_auth')
      /** The card or vice SIM number the operator authenticated. */
      .addColumn('sim_no', 'varchar(32)', (c) => c.primaryKey())
      /** 1 done, 2 under review, 3 failed. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('id_card_hmac', 'varchar(64)', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('carrier_activations')
      .addColumn('order_sn', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('sim_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('flow_mb', 'double precision', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint')
      /** 'active' or 'cancelled'. */
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
