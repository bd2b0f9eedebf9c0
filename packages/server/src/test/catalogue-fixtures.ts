/** Catalogue rows that API tests insert directly (goods, landing pages, questions, numbers), with defaults. */
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { GoodsTable, NumbersTable, QuestionsTable, SinglePagesTable } from '../db/schema.js';
import { deriveNumber } from '../modules/numbers/number-row.js';

export async function insertGoods(db: Db, init: Partial<Insertable<GoodsTable>> & { name: string }): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('goods')
    .values({
      promo_code: '',
      image: '/shop/static/goods/sim-1.png',
      images_json: '["/shop/static/goods/sim-1.png"]',
      group_no: 2,
      category: 'card',
      operator_type: 1,
      monthly_fee_fen: 1900,
      flow_text: '10G',
      voice_text: '100分钟',
      price_fen: 0,
      original_price_fen: 0,
      tags_json: '[]',
      sales: 0,
      stock: null,
      need_sms_code: 0,
      need_address: 1,
      detail: '<p>测试商品</p>',
      sort: 0,
      status: 1,
      created_at: now,
      updated_at: now,
      ...init,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSinglePage(
  db: Db,
  init: Partial<Insertable<SinglePagesTable>> & { page_code: string },
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('single_pages')
    .values({
      promo_code: '',
      title: `页面 ${init.page_code}`,
      banner: '',
      theme: '#123456',
      cta_text: '立即办理',
      cta_path: '',
      blocks_json: '[]',
      goods_ids_json: '[]',
      popup_json: '{"switch":0,"title":"","content":""}',
      enabled: 1,
      created_at: now,
      updated_at: now,
      ...init,
    })
    .execute();
}

export async function insertQuestion(
  db: Db,
  init: Partial<Insertable<QuestionsTable>> & { title: string },
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('questions')
    .values({
      code: null,
      category: 'order',
      scope: 'shop',
      summary: '',
      content: '<p>内容</p>',
      hot: 0,
      sort: 0,
      enabled: 1,
      created_at: now,
      updated_at: now,
      ...init,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A number with its derived columns computed as the importer does (`deriveNumber`); replaces a demo row of that number. */
export async function insertNumber(
  db: Db,
  init: Partial<Insertable<NumbersTable>> & { number: string; operator_type: number },
): Promise<number> {
  const now = Date.now();
  await db.deleteFrom('numbers').where('number', '=', init.number).execute();
  // The operator is the caller's (some tests sell a number under another operator than its segment's).
  const derived = deriveNumber(init.number);
  if ('error' in derived) throw new Error(`${init.number}: ${derived.error}`);
  const row = await db
    .insertInto('numbers')
    .values({
      ...derived,
      province_code: '440000',
      city_code: '440300',
      price_fen: 10000,
      original_price_fen: 20000,
      min_consume_fen: 5900,
      contract_months: 12,
      status: 1,
      promo_code: '',
      lock_order_sn: null,
      lock_expire_at: null,
      version: now,
      created_at: now,
      updated_at: now,
      ...init,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
