/** Queries for general goods (号卡, 流量卡, 宽带, 配件). */
import type { DbOrTx } from '../../db/database.js';
import { containsText } from '../../db/like.js';

export interface GoodsFilter {
  /** The shop asking: goods with promo_code '' (every shop) or this code. */
  promoCode: string;
  group?: number | undefined;
  category?: string | undefined;
  operatorType?: number | undefined;
  keyword?: string | undefined;
}

export type GoodsSort = 'default' | 'sales' | 'priceAsc' | 'priceDesc';

/** Every column but `detail`, which only the single-item form sends. */
const LIST_COLUMNS = [
  'id',
  'name',
  'image',
  'images_json',
  'group_no',
  'category',
  'operator_type',
  'monthly_fee_fen',
  'flow_text',
  'voice_text',
  'price_fen',
  'original_price_fen',
  'tags_json',
  'sales',
  'stock',
  'need_sms_code',
  'need_address',
] as const;

function onSale(db: DbOrTx, promoCode: string) {
  return db.selectFrom('goods').where('status', '=', 1).where('promo_code', 'in', ['', promoCode]);
}

function matching(db: DbOrTx, filter: GoodsFilter) {
  let query = onSale(db, filter.promoCode);
  if (filter.group !== undefined) query = query.where('group_no', '=', filter.group);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.operatorType !== undefined) query = query.where('operator_type', '=', filter.operatorType);
  if (filter.keyword) query = query.where(containsText('name', filter.keyword));
  return query;
}

export async function pageGoods(
  db: DbOrTx,
  filter: GoodsFilter,
  sort: GoodsSort,
  page: { offset: number; limit: number },
) {
  let query = matching(db, filter).select(LIST_COLUMNS);
  if (sort === 'sales') query = query.orderBy('sales', 'desc');
  else if (sort === 'priceAsc') query = query.orderBy('price_fen', 'asc');
  else if (sort === 'priceDesc') query = query.orderBy('price_fen', 'desc');
  else query = query.orderBy('sort', 'asc');
  // id last, so equal keys keep one order and no item shows on two pages.
  const rows = await query.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  const count = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export function findGoods(db: DbOrTx, id: number, promoCode: string) {
  return onSale(db, promoCode).selectAll().where('id', '=', id).executeTakeFirst();
}

export function findGoodsByIds(db: DbOrTx, ids: readonly number[], promoCode: string) {
  return onSale(db, promoCode).selectAll().where('id', 'in', ids).execute();
}
