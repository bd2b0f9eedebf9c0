/** Rows that API tests insert directly, with defaults for every required column. */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PromotersTable, ShopOrdersTable } from '../db/schema.js';
import type { IotMallGoodsTable } from '../db/schema-iot-mall.js';
import { validIdCard } from './id-cards.js';

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

export type ShopOrderInit = Partial<Insertable<ShopOrdersTable>> & { order_sn: string };

/** A shop order row (a goods order, unpaid, no ID number) with `init` over the defaults. */
export function shopOrderRow(init: ShopOrderInit): Insertable<ShopOrdersTable> {
  const now = Date.now();
  return {
    order_type: 2,
    number_id: null,
    package_id: null,
    goods_id: null,
    title: '测试号卡',
    number: null,
    package_name: null,
    goods_image: '',
    operator_type: 1,
    contact_name: '张三',
    contact_mobile: '13800000000',
    id_card_enc: '',
    id_card_hmac: '',
    id_card_masked: '',
    id_card_last6_hmac: '',
    province_code: '440000',
    city_code: '440300',
    county_code: '440305',
    address_detail: '科技园南区1栋101',
    pay_amount_fen: 0,
    pay_type: '',
    order_status: 0,
    pay_status: 0,
    expire_at: null,
    paid_at: null,
    trade_no: null,
    tracking_no: '',
    express_company: '',
    shipped_at: null,
    cancel_reason: '',
    order_session_id: 'c'.repeat(32),
    promo_code: '',
    page_code: '',
    bd_vid: '',
    uuid: randomUUID(),
    request_hash: '0'.repeat(64),
    created_at: now,
    updated_at: now,
    ...init,
  };
}

export type MallGoodsInit = Partial<Insertable<IotMallGoodsTable>>;

let mallGoodsSerial = 0;

/** A points-mall goods row of its own (express, 100 points, 10 in stock) with `init` over the defaults. */
export function mallGoodsRow(init: MallGoodsInit = {}): Insertable<IotMallGoodsTable> {
  const now = Date.now();
  mallGoodsSerial += 1;
  return {
    promo_code: '',
    category_id: null,
    name: `测试商品${mallGoodsSerial}`,
    image: '/shop/static/goods/sim-1.png',
    images_json: '[]',
    points: 100,
    cash_fen: 0,
    stock: 10,
    sales: 0,
    delivery_type: 1,
    limit_per_order: 5,
    limit_per_card: null,
    freight_fen: 0,
    detail: '<p>测试</p>',
    sort: 100,
    enabled: 1,
    created_at: now,
    updated_at: now,
    ...init,
  };
}

/** Shop number orders of this database need no SMS code (the `number_order` setting). */
export async function skipOrderSmsCode(db: Db): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: 'number_order', value_json: '{"needSmsCode":0}', updated_at: Date.now() })
    .execute();
}

/** The newest number on sale that has a price: a shop order of it has something to pay. */
export function pricedNumber(db: Db) {
  return db
    .selectFrom('numbers')
    .selectAll()
    .where('status', '=', 1)
    .where('price_fen', '>', 0)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

let numberOrderSerial = 0;

/** A number's sale status (0 off sale, 1 on sale, 2 locked by a pending order, 3 sold), as `{status}`. */
export function numberStatusRow(db: Db, numberId: number) {
  return db.selectFrom('numbers').select('status').where('id', '=', numberId).executeTakeFirstOrThrow();
}

/** The shop's order form for a number, filled as a buyer would: a new ID number and uuid each time. */
export function numberOrderForm(numberId: number) {
  numberOrderSerial += 1;
  return {
    orderType: 1,
    numberId,
    contactName: '李四',
    idCard: validIdCard('19880808', 100 + numberOrderSerial),
    contactMobile: '13700137000',
    provinceCode: '440000',
    cityCode: '440300',
    countyCode: '440305',
    addressDetail: '深南大道 1000 号',
    agreeProtocol: 1,
    uuid: randomUUID(),
  } as const;
}
