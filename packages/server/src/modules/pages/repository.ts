/** Queries for landing pages (single pages) and the vanity numbers their blocks show. */
import type { DbOrTx } from '../../db/database.js';

/** An enabled page for a shop: promo_code '' (every shop) or this code. */
export function findSinglePage(db: DbOrTx, pageCode: string, promoCode: string) {
  return db
    .selectFrom('single_pages')
    .selectAll()
    .where('page_code', '=', pageCode)
    .where('enabled', '=', 1)
    .where('promo_code', 'in', ['', promoCode])
    .executeTakeFirst();
}

/** Numbers on sale (status 1) for a shop, among `ids`. */
export function findNumbersOnSale(db: DbOrTx, ids: readonly number[], promoCode: string) {
  return db
    .selectFrom('numbers')
    .select([
      'id',
      'number',
      'operator_type',
      'province_code',
      'city_code',
      'price_fen',
      'original_price_fen',
      'min_consume_fen',
      'contract_months',
      'status',
      'level',
      'pattern_mask',
    ])
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .where('promo_code', 'in', ['', promoCode])
    .execute();
}
