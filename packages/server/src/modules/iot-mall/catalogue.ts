/**
 * The mall's shelf (API.md §4 integralShopIndex, integralShopGoodsDetails, goodsShopStore): the goods of
 * the card's promoter and everyone's, with their SKUs and pickup stores. A layout that switches the mall
 * off answers 40001 (`requireModule` with the `integralShop` menu).
 */
import { fenToYuan, MallDeliveryType, type MallGoods, type MallGoodsSummary, type PickupStore } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import type { SimRow } from '../iot-core/repository.js';
import * as repo from './repository.js';

const parseImages = (json: string): string[] => {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export function toGoodsSummary(row: repo.GoodsRow): MallGoodsSummary {
  return {
    id: row.id,
    categoryId: row.category_id,
    name: row.name,
    image: row.image,
    points: row.points,
    cashPrice: fenToYuan(row.cash_fen),
    stock: row.stock,
    sales: row.sales,
    deliveryType: row.delivery_type,
  };
}

export function toGoods(row: repo.GoodsRow, skus: repo.SkuRow[]): MallGoods {
  const images = parseImages(row.images_json);
  return {
    ...toGoodsSummary(row),
    images: images.length > 0 ? images : [row.image].filter(Boolean),
    limitPerOrder: row.limit_per_order,
    limitPerCard: row.limit_per_card,
    freight: fenToYuan(row.delivery_type === MallDeliveryType.EXPRESS ? row.freight_fen : 0),
    skus: skus.map((s) => ({
      id: s.id,
      specText: s.spec_text,
      points: s.points,
      cashPrice: fenToYuan(s.cash_fen),
      stock: s.stock,
    })),
    detail: row.detail,
  };
}

export function toStore(row: repo.StoreRow): PickupStore {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    hours: row.hours,
    ...(row.lng !== null && row.lat !== null ? { lng: row.lng, lat: row.lat } : {}),
  };
}

/** A goods on the shelf of this card's promoter; else -1 商品不存在或已下架. */
export async function goodsForCard(db: DbOrTx, sim: SimRow, goodsId: number): Promise<repo.GoodsRow> {
  const goods = await repo.findGoods(db, goodsId);
  const onShelf = goods?.enabled === 1 && (goods.promo_code === '' || goods.promo_code === sim.promo_code);
  if (!goods || !onShelf) throw fail('goodsGone');
  return goods;
}

/** GET /api/iot/integralShopIndex. */
export async function getMallIndex(
  db: DbOrTx,
  sim: SimRow,
  input: { categoryId?: number | undefined; page: number; pageSize: number },
) {
  const first = input.page === 1;
  const [page, banners, categories] = await Promise.all([
    repo.pageGoods(db, sim.promo_code, input.categoryId, input.page, input.pageSize),
    first ? repo.listBanners(db, sim.promo_code) : [],
    first ? repo.listCategories(db, sim.promo_code) : [],
  ]);
  return {
    integral: sim.integral,
    banners,
    categories,
    list: page.rows.map(toGoodsSummary),
    total: page.total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** GET /api/iot/integralShopGoodsDetails. */
export async function getMallGoods(db: DbOrTx, sim: SimRow, goodsId: number) {
  const goods = await goodsForCard(db, sim, goodsId);
  const [skus, boughtCount] = await Promise.all([
    repo.listSkus(db, goods.id),
    repo.countBoughtPieces(db, sim.id, goods.id),
  ]);
  return { ...toGoods(goods, skus), boughtCount, integral: sim.integral };
}

/** GET /api/iot/goodsShopStore: the stores of a pickup goods (none for the other delivery types). */
export async function listGoodsStores(db: DbOrTx, sim: SimRow, goodsId: number): Promise<PickupStore[]> {
  const goods = await goodsForCard(db, sim, goodsId);
  if (goods.delivery_type !== MallDeliveryType.PICKUP) return [];
  return (await repo.listStores(db, goods.id)).map(toStore);
}
