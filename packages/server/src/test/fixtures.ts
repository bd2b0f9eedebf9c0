/** Rows that API tests insert directly, with defaults for every required column. */
import type { Db } from '../db/database.js';
import type { PromotersTable } from '../db/schema.js';

export type PromoterInit = Partial<Omit<PromotersTable, 'id'>> & { code: string };

export async function insertPromoter(db: Db, init: PromoterInit): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('promoters')
    .values({
      name: `店铺 ${init.code}`,
      is_agent: 0,
      parent_code: null,
      owner_mobile: null,
      domain: '',
      invite_code: '',
      douyin_mp_im_id: '',
      kuaishou_mp_im_id: '',
      front_json: JSON.stringify({ title: `标题 ${init.code}` }),
      shop_menu_json: '[]',
      show_payment_type_json: '["wxpay"]',
      enabled: 1,
      is_default: 0,
      created_at: now,
      updated_at: now,
      ...init,
    })
    .execute();
}
