/**
 * Queries of the console's catalogue (console.ts): one code path over the tables of the kinds, each read
 * through its kind's table and row filter (the FAQ and the agreements share `questions`), and the points
 * mall's options (SKUs) with the open orders that hold them.
 */
import { MallOrderStatus } from '@haoka/contract';
import type { DbOrTx, Tx } from '../../db/database.js';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';

export type CatalogueTable =
  | 'goods'
  | 'iot_packages'
  | 'iot_balance_options'
  | 'iot_vip_products'
  | 'iot_accelerate_products'
  | 'iot_mall_goods'
  | 'iot_tasks'
  | 'iot_coupon_exchanges'
  | 'iot_mall_banners'
  | 'questions'
  | 'single_pages';

/** Where a kind's rows are: its table, and for a shared table the filter that keeps its own rows. */
export interface Storage {
  table: CatalogueTable;
  /** Column → value every row of the kind has (`=`), or does not have (`!=`). */
  only?: { column: string; op: '=' | '!='; value: string };
}

// biome-ignore lint/suspicious/noExplicitAny: one code path over eleven tables; each kind maps its own columns
type Row = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type a query whose table is a runtime value
type Query = any;

function scoped(query: Query, storage: Storage): Query {
  return storage.only ? query.where(storage.only.column, storage.only.op, storage.only.value) : query;
}

export async function findRow(db: DbOrTx, storage: Storage, id: number): Promise<Row | undefined> {
  return scoped((db as Query).selectFrom(storage.table).selectAll().where('id', '=', id), storage).executeTakeFirst();
}

/** The id of another row of the kind with these key columns, if any. */
export async function findIdByKey(
  db: DbOrTx,
  storage: Storage,
  key: Record<string, unknown>,
  exceptId?: number,
): Promise<number | undefined> {
  let query = scoped((db as Query).selectFrom(storage.table).select('id'), storage);
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row = (await query.executeTakeFirst()) as { id: number } | undefined;
  return row ? Number(row.id) : undefined;
}

export async function insertRow(tx: Tx, storage: Storage, values: Row): Promise<number> {
  const row = await (tx as Query).insertInto(storage.table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRow(tx: Tx, storage: Storage, id: number, values: Row): Promise<void> {
  await (tx as Query).updateTable(storage.table).set(values).where('id', '=', id).execute();
}

export interface ListFilter {
  promoCode?: string | undefined;
  /** Matched against these columns, any of them. */
  keyword?: { text: string; columns: readonly string[] } | undefined;
  enabledColumn: 'enabled' | 'status';
  enabled?: number | undefined;
  /** Whether the table has a `sort` column (shelf order); else rows come by id. */
  sorted: boolean;
}

/** A page of a kind's rows in shelf order (sort, then oldest first), and the count of the filter. */
export function pageRows(db: DbOrTx, storage: Storage, filter: ListFilter, page: number, pageSize: number) {
  let scope = scoped((db as Query).selectFrom(storage.table), storage);
  if (filter.promoCode !== undefined) scope = scope.where('promo_code', '=', filter.promoCode);
  if (filter.enabled !== undefined) scope = scope.where(filter.enabledColumn, '=', filter.enabled);
  const keyword = filter.keyword;
  if (keyword?.text)
    scope = scope.where((eb: Query) => eb.or(keyword.columns.map((column) => containsText(column, keyword.text))));
  return pageOf(scope, page, pageSize, (q: Query) =>
    (filter.sorted ? q.selectAll().orderBy('sort', 'asc') : q.selectAll()).orderBy('id', 'asc'),
  ) as Promise<{
    rows: Row[];
    total: number;
  }>;
}

// ---- points-mall options

export function listSkus(db: DbOrTx, goodsId: number) {
  return db
    .selectFrom('iot_mall_skus')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function updateSku(
  tx: Tx,
  id: number,
  values: { spec_text: string; points: number; cash_fen: number; stock: number; sort: number },
): Promise<void> {
  await tx.updateTable('iot_mall_skus').set(values).where('id', '=', id).execute();
}

export async function insertSku(
  tx: Tx,
  values: { goods_id: number; spec_text: string; points: number; cash_fen: number; stock: number; sort: number },
): Promise<void> {
  await tx.insertInto('iot_mall_skus').values(values).execute();
}

export async function deleteSku(tx: Tx, id: number): Promise<void> {
  await tx.deleteFrom('iot_mall_skus').where('id', '=', id).execute();
}

/** Open orders of a goods taken without an option (`sku_id` null), which give stock back to the goods only. */
export async function countOpenOrdersWithoutSku(db: DbOrTx, goodsId: number): Promise<number> {
  const row = await db
    .selectFrom('iot_mall_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('goods_id', '=', goodsId)
    .where('sku_id', 'is', null)
    .where('status', 'in', [MallOrderStatus.UNPAID, MallOrderStatus.TO_SHIP])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Open orders of an option that may still give its stock back (mall orders.ts `cancelInTx`: an unpaid
 * order, or a paid one not yet shipped), which needs the option's row.
 */
export async function countOpenSkuOrders(db: DbOrTx, skuId: number): Promise<number> {
  const row = await db
    .selectFrom('iot_mall_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sku_id', '=', skuId)
    .where('status', 'in', [MallOrderStatus.UNPAID, MallOrderStatus.TO_SHIP])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- points-mall categories

export function listMallCategories(db: DbOrTx) {
  return db
    .selectFrom('iot_mall_categories')
    .select(['id', 'promo_code', 'name', 'enabled'])
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
