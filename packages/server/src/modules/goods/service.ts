/** General goods: listing with filters and sort, one item with its detail (API.md §2 goodsList). */
import { fenToYuan, type GoodsItem, type Page } from '@haoka/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import type { GoodsTable } from '../../db/schema.js';
import * as repo from './repository.js';

type GoodsRow = Omit<GoodsTable, 'id' | 'detail' | 'promo_code' | 'sort' | 'status' | 'created_at' | 'updated_at'> & {
  id: number;
  detail?: string;
};

const stringList = z.array(z.string()).catch([]);

function jsonList(text: string): string[] {
  try {
    return stringList.parse(JSON.parse(text));
  } catch {
    return [];
  }
}

/** One row as the API shows it; `detail` only when the row carries it (single-item form). */
export function toGoodsItem(row: GoodsRow): GoodsItem {
  const item: GoodsItem = {
    id: row.id,
    name: row.name,
    image: row.image,
    images: jsonList(row.images_json),
    group: row.group_no === 1 ? 1 : 2,
    category: row.category,
    operatorType: row.operator_type,
    monthlyFee: fenToYuan(row.monthly_fee_fen),
    flowText: row.flow_text,
    voiceText: row.voice_text,
    price: fenToYuan(row.price_fen),
    originalPrice: fenToYuan(row.original_price_fen),
    tags: jsonList(row.tags_json),
    sales: row.sales,
    stock: row.stock,
    needSmsCode: row.need_sms_code ? 1 : 0,
    needAddress: row.need_address ? 1 : 0,
  };
  if (row.detail !== undefined) item.detail = row.detail;
  return item;
}

export interface GoodsQuery {
  group?: number | undefined;
  category?: string | undefined;
  operatorType?: number | undefined;
  keyword?: string | undefined;
  sort: repo.GoodsSort;
  goodsId?: number | undefined;
  page: number;
  pageSize: number;
}

/**
 * The on-sale goods of a shop. Sold-out items (stock 0) stay listed, greyed by the client. With
 * `goodsId` the answer is that one item with its detail, or an empty list; the list filters do not apply.
 */
export async function listGoods(db: DbOrTx, promoCode: string, query: GoodsQuery): Promise<Page<GoodsItem>> {
  if (query.goodsId !== undefined) {
    const row = await repo.findGoods(db, query.goodsId, promoCode);
    const list = row ? [toGoodsItem(row)] : [];
    return { list, total: list.length, page: 1, pageSize: query.pageSize };
  }
  const { rows, total } = await repo.pageGoods(
    db,
    {
      promoCode,
      group: query.group,
      category: query.category,
      operatorType: query.operatorType,
      keyword: query.keyword?.trim(),
    },
    query.sort,
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return { list: rows.map(toGoodsItem), total, page: query.page, pageSize: query.pageSize };
}

/** On-sale goods of a shop by id, in the order given, unknown or hidden ids left out (landing pages). */
export async function goodsByIds(
  db: DbOrTx,
  ids: readonly number[],
  promoCode: string,
  options: { withDetail: boolean },
): Promise<GoodsItem[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await repo.findGoodsByIds(db, ids, promoCode)).map((row) => [row.id, row]));
  const out: GoodsItem[] = [];
  for (const id of new Set(ids)) {
    const row = byId.get(id);
    if (!row) continue;
    out.push(toGoodsItem(options.withDetail ? row : { ...row, detail: undefined }));
  }
  return out;
}
