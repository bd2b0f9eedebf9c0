/**
 * The points mall (API.md §4, SCREENS §5.5): categories, banners, goods with SKUs and pickup stores, the
 * cards' delivery addresses, and the mall's orders (points debited on the points ledger, the cash part
 * paid by balance or online).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn, type MigrationDef } from './helpers.js';

export const iotMall: MigrationDef = {
  name: '0008-iot-mall',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await idColumn(db.schema.createTable('iot_mall_categories'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await idColumn(db.schema.createTable('iot_mall_banners'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('image', 'varchar(500)', (c) => c.notNull())
      .addColumn('path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await idColumn(db.schema.createTable('iot_mall_goods'), dialect)
      .addColumn('promo_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer')
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('images_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('cash_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
      /** 1 express, 2 pickup, 3 virtual. */
      .addColumn('delivery_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('limit_per_order', 'integer', (c) => c.notNull().defaultTo(5))
      /** null = no per-card limit. */
      .addColumn('limit_per_card', 'integer')
      .addColumn('freight_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('iot_mall_goods_shelf')
      .on('iot_mall_goods')
      .columns(['enabled', 'category_id', 'sort'])
      .execute();

    await idColumn(db.schema.createTable('iot_mall_skus'), dialect)
      .addColumn('goods_id', 'integer', (c) => c.notNull().references('iot_mall_goods.id'))
      .addColumn('spec_text', 'varchar(64)', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('cash_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('iot_mall_skus_goods').on('iot_mall_skus').columns(['goods_id', 'sort']).execute();

    await idColumn(db.schema.createTable('iot_mall_stores'), dialect)
      .addColumn('goods_id', 'integer', (c) => c.notNull().references('iot_mall_goods.id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('address', 'varchar(200)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('hours', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('lng', 'double precision')
      .addColumn('lat', 'double precision')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('iot_mall_stores_goods').on('iot_mall_stores').columns(['goods_id', 'sort']).execute();

    await idColumn(db.schema.createTable('iot_sim_addresses'), dialect)
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(16)', (c) => c.notNull())
      .addColumn('province_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('city_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('county_code', 'varchar(6)', (c) => c.notNull())
      .addColumn('detail', 'varchar(200)', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('iot_sim_addresses_sim').on('iot_sim_addresses').columns(['sim_id', 'id']).execute();

    await idColumn(db.schema.createTable('iot_mall_orders'), dialect)
      .addColumn('order_sn', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('sim_id', 'integer', (c) => c.notNull().references('sims.id'))
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('sku_id', 'integer')
      .addColumn('goods_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('goods_image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('spec_text', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('cash_fen', 'integer', (c) => c.notNull())
      .addColumn('freight_fen', 'integer', (c) => c.notNull())
      .addColumn('pay_amount_fen', 'integer', (c) => c.notNull())
      .addColumn('pay_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      /** integral_order_status: 0 待支付, 1 待发货, 2 待收货/待自提, 3 已完成, 4 已取消, 5 已退款. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('pay_status', 'integer', (c) => c.notNull())
      .addColumn('delivery_type', 'integer', (c) => c.notNull())
      .addColumn('address_json', 'text')
      .addColumn('store_json', 'text')
      .addColumn('pick_code', 'varchar(8)')
      .addColumn('express_company', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('tracking_no', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('logistics_json', 'text')
      .addColumn('logistics_at', 'bigint')
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('cancel_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('expire_at', 'bigint')
      .addColumn('paid_at', 'bigint')
      .addColumn('trade_no', 'varchar(64)')
      .addColumn('shipped_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('cancelled_at', 'bigint')
      .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
      .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('iot_mall_orders_uuid', ['sim_id', 'uuid'])
      .execute();
    await db.schema.createIndex('iot_mall_orders_sim').on('iot_mall_orders').columns(['sim_id', 'id']).execute();
    await db.schema
      .createIndex('iot_mall_orders_status')
      .on('iot_mall_orders')
      .columns(['status', 'expire_at'])
      .execute();
    // A pick code names one order waiting at a store (待自提); finished ones free it for reuse.
    await db.schema
      .createIndex('iot_mall_orders_pick_code')
      .on('iot_mall_orders')
      .column('pick_code')
      .unique()
      .where(sql.ref('status'), '=', sql.lit(2))
      .execute();
  },
};
