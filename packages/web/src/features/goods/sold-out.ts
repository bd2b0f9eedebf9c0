/** Goods stock rule (API.md GoodsItem): null is unlimited, 0 is sold out. */
import type { GoodsItem } from '@haoka/contract';

export function isSoldOut(item: Pick<GoodsItem, 'stock'>): boolean {
  return item.stock === 0;
}
