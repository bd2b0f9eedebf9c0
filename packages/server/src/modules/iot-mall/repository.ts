/** Queries of the points mall: the shelf, stock, stores, the cards' addresses and the mall's orders. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { findByCardUuid, listExpiredUnpaidOrders, moveOrderRow, type OrderMoveFrom } from '../../db/card-orders.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type {
  IotMallGoodsTable,
  IotMallOrdersTable,
  IotMallSkusTable,
  IotMallStoresTable,
  IotSimAddressesTable,
} from '../../db/schema-iot-mall.js';

export type GoodsRow = Selectable<IotMallGoodsTable>;
export type SkuRow = Selectable<IotMallSkusTable>;
export type StoreRow = Selectable<IotMallStoresTable>;
export type AddressRow = Selectable<IotSimAddressesTable>;
export type MallOrderRow = Selectable<IotMallOrdersTable>;

// ---- the shelf

const forPromoter =
  (promoCode: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: the same filter on each shelf table
  (eb: any) =>
    eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', promoCode)]);

export function listCategories(db: DbOrTx, promoCode: string) {
  return db
    .selectFrom('iot_mall_categories')
    .select(['id', 'name'])
    .where('enabled', '=', 1)
    .where(forPromoter(promoCode))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listBanners(db: DbOrTx, promoCode: string) {
  return db
    .selectFrom('iot_mall_banners')
    .select(['image', 'path'])
    .where('enabled', '=', 1)
    .where(forPromoter(promoCode))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Goods on the shelf of a card's promoter, a page of them, sold-out ones last. */
export async function pageGoods(
  db: DbOrTx,
  promoCode: string,
  categoryId: number | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: GoodsRow[]; total: number }> {
  let scope = db.selectFrom('iot_mall_goods').where('enabled', '=', 1).where(forPromoter(promoCode));
  if (categoryId !== undefined) scope = scope.where('category_id', '=', categoryId);
  return pageOf(scope, page, pageSize, (q) =>
    q
      .selectAll()
      .orderBy((eb) => eb.case().when('stock', '>', 0).then(0).else(1).end())
      .orderBy('sort')
      .orderBy('id'),
  );
}

export function findGoods(db: DbOrTx, id: number) {
  return db.selectFrom('iot_mall_goods').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSkus(db: DbOrTx, goodsId: number) {
  return db
    .selectFrom('iot_mall_skus')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listStores(db: DbOrTx, goodsId: number) {
  return db
    .selectFrom('iot_mall_stores')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Takes `quantity` of a goods (and of its SKU) with conditional updates; false when either runs short. */
export async function takeStock(tx: Tx, goodsId: number, skuId: number | null, quantity: number): Promise<boolean> {
  if (skuId !== null) {
    const sku = await tx
      .updateTable('iot_mall_skus')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', skuId)
      .where('goods_id', '=', goodsId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    if (Number(sku.numUpdatedRows) !== 1) return false;
  }
  const goods = await tx
    .updateTable('iot_mall_goods')
    .set((eb) => ({ stock: eb('stock', '-', quantity), sales: eb('sales', '+', quantity) }))
    .where('id', '=', goodsId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(goods.numUpdatedRows) === 1;
}

/** Gives back what `takeStock` took (a cancelled or timed-out order). */
export async function returnStock(tx: Tx, goodsId: number, skuId: number | null, quantity: number): Promise<void> {
  if (skuId !== null) {
    await tx
      .updateTable('iot_mall_skus')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', skuId)
      .execute();
  }
  await tx
    .updateTable('iot_mall_goods')
    .set((eb) => ({ stock: eb('stock', '+', quantity), sales: eb('sales', '-', quantity) }))
    .where('id', '=', goodsId)
    .execute();
}

// ---- addresses

export function listAddresses(db: DbOrTx, simId: number) {
  return db
    .selectFrom('iot_sim_addresses')
    .selectAll()
    .where('sim_id', '=', simId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findAddress(db: DbOrTx, simId: number, id: number) {
  return db
    .selectFrom('iot_sim_addresses')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countAddresses(db: DbOrTx, simId: number): Promise<number> {
  const row = await db
    .selectFrom('iot_sim_addresses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sim_id', '=', simId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(tx: Tx, row: Insertable<IotSimAddressesTable>): Promise<number> {
  const { id } = await tx.insertInto('iot_sim_addresses').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateAddress(tx: Tx, simId: number, id: number, values: Updateable<IotSimAddressesTable>) {
  const result = await tx
    .updateTable('iot_sim_addresses')
    .set(values)
    .where('sim_id', '=', simId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAddress(tx: Tx, simId: number, id: number): Promise<boolean> {
  const result = await tx
    .deleteFrom('iot_sim_addresses')
    .where('sim_id', '=', simId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Makes `id` the card's one default address (every other one loses the mark). */
export async function markDefaultAddress(tx: Tx, simId: number, id: number, now: number): Promise<void> {
  await tx
    .updateTable('iot_sim_addresses')
    .set({ is_default: 0, updated_at: now })
    .where('sim_id', '=', simId)
    .where('is_default', '=', 1)
    .where('id', '!=', id)
    .execute();
  await tx
    .updateTable('iot_sim_addresses')
    .set({ is_default: 1, updated_at: now })
    .where('sim_id', '=', simId)
    .where('id', '=', id)
    .execute();
}

export function newestAddress(db: DbOrTx, simId: number) {
  return db
    .selectFrom('iot_sim_addresses')
    .select('id')
    .where('sim_id', '=', simId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

// ---- orders

export function findOrder(db: DbOrTx, orderSn: string) {
  return db.selectFrom('iot_mall_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}

export function findOrderByUuid(db: DbOrTx, simId: number, uuid: string) {
  return findByCardUuid(db, 'iot_mall_orders', simId, uuid);
}

export async function insertOrder(tx: Tx, row: Insertable<IotMallOrdersTable>): Promise<void> {
  await tx.insertInto('iot_mall_orders').values(row).execute();
}

/** Conditional move of an order: only from the given statuses; true when it moved. */
export function moveOrder(
  db: DbOrTx,
  orderSn: string,
  from: OrderMoveFrom,
  values: Updateable<IotMallOrdersTable>,
  now = Date.now(),
): Promise<boolean> {
  return moveOrderRow(db, 'iot_mall_orders', orderSn, from, values, now);
}

/** Pieces of a goods a card holds in orders that count against its per-card limit (all but cancelled/refunded). */
export async function countBoughtPieces(db: DbOrTx, simId: number, goodsId: number): Promise<number> {
  const row = await db
    .selectFrom('iot_mall_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('n'))
    .where('sim_id', '=', simId)
    .where('goods_id', '=', goodsId)
    .where('status', 'in', [0, 1, 2, 3])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isPickCodeOpen(db: DbOrTx, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('iot_mall_orders')
    .select('id')
    .where('pick_code', '=', code)
    .where('status', '=', 2)
    .executeTakeFirst();
  return row !== undefined;
}

export async function pageOrders(
  db: DbOrTx,
  simId: number,
  status: number | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: MallOrderRow[]; total: number }> {
  let scope = db.selectFrom('iot_mall_orders').where('sim_id', '=', simId);
  if (status !== undefined) scope = scope.where('status', '=', status);
  return pageOf(scope, page, pageSize, (q) => q.selectAll().orderBy('id', 'desc'));
}

export function listExpiredUnpaid(db: DbOrTx, now: number) {
  return listExpiredUnpaidOrders(db, 'iot_mall_orders', now);
}

/** Shipped express orders whose shipment is older than `shippedBefore` (auto-confirm). */
export function listShippedBefore(db: DbOrTx, shippedBefore: number) {
  return db
    .selectFrom('iot_mall_orders')
    .select('order_sn')
    .where('status', '=', 2)
    .where('delivery_type', '=', 1)
    .where('shipped_at', '<=', shippedBefore)
    .orderBy('shipped_at')
    .limit(500)
    .execute();
}

/** The console's mall tab: every card's orders, newest first, with the card's number. */
export async function pageAllOrders(
  db: DbOrTx,
  filter: {
    status?: number | undefined;
    simNo?: string | undefined;
    orderSn?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
  },
  page: number,
  pageSize: number,
) {
  let scope = db.selectFrom('iot_mall_orders as o').innerJoin('sims', 'sims.id', 'o.sim_id');
  if (filter.status !== undefined) scope = scope.where('o.status', '=', filter.status);
  if (filter.simNo) scope = scope.where('sims.sim_no', '=', filter.simNo);
  if (filter.orderSn) scope = scope.where('o.order_sn', '=', filter.orderSn);
  if (filter.from !== undefined) scope = scope.where('o.created_at', '>=', filter.from);
  if (filter.to !== undefined) scope = scope.where('o.created_at', '<', filter.to);
  return pageOf(scope, page, pageSize, (q) => q.selectAll('o').select('sims.sim_no').orderBy('o.id', 'desc'));
}
