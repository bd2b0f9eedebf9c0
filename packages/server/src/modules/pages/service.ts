/**
 * Landing pages (精选, API.md §2 singlePageInfo): a page stores its blocks with goods and number ids;
 * the answer carries the items themselves, leaving out any that are off sale or not for this shop.
 */
import { type NumberItem, type SinglePage, singlePage } from '@haoka/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { goodsByIds } from '../goods/service.js';
import { toNumberItem } from '../numbers/service.js';
import * as repo from './repository.js';

const ids = z.array(z.number().int().positive());

/** A block as stored in blocks_json: goods and numbers by id. */
const storedBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('html'), html: z.string() }),
  z.object({ type: z.literal('goods'), goodsIds: ids }),
  z.object({ type: z.literal('numbers'), numberIds: ids }),
]);
type StoredBlock = z.infer<typeof storedBlock>;

const DEFAULT_THEME = '#07c160';
const popup = singlePage.shape.popup.catch({ switch: 0, title: '', content: '' });
const theme = singlePage.shape.theme.catch(DEFAULT_THEME);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The stored blocks that parse; a malformed one is left out rather than failing the page. */
function storedBlocks(text: string): StoredBlock[] {
  const value = safeJson(text);
  if (!Array.isArray(value)) return [];
  return value.flatMap((block) => {
    const parsed = storedBlock.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
}

async function numbersByIds(db: DbOrTx, wanted: readonly number[], promoCode: string): Promise<NumberItem[]> {
  if (wanted.length === 0) return [];
  const byId = new Map((await repo.findNumbersOnSale(db, wanted, promoCode)).map((row) => [row.id, row]));
  return [...new Set(wanted)].flatMap((id) => {
    const row = byId.get(id);
    return row ? [toNumberItem(row)] : [];
  });
}

export async function getSinglePage(db: DbOrTx, pageCode: string, promoCode: string): Promise<SinglePage> {
  const row = await repo.findSinglePage(db, pageCode, promoCode);
  if (!row) throw fail('pageGone');

  const blocks: SinglePage['blocks'] = [];
  for (const block of storedBlocks(row.blocks_json)) {
    if (block.type === 'html') blocks.push(block);
    else if (block.type === 'goods')
      blocks.push({ type: 'goods', goods: await goodsByIds(db, block.goodsIds, promoCode, { withDetail: false }) });
    else blocks.push({ type: 'numbers', numbers: await numbersByIds(db, block.numberIds, promoCode) });
  }
  // The page's own goods carry their detail: the single-product page shows the order form inline.
  const goods = await goodsByIds(db, ids.catch([]).parse(safeJson(row.goods_ids_json)), promoCode, {
    withDetail: true,
  });
  return {
    pageCode: row.page_code,
    title: row.title,
    banner: row.banner,
    theme: theme.parse(row.theme),
    ctaText: row.cta_text,
    ctaPath: row.cta_path,
    blocks,
    goods,
    popup: popup.parse(safeJson(row.popup_json)),
  };
}
