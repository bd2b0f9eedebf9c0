/**
 * Demo VIP and acceleration (kind 'demo'): three VIP products (月度 / 季度 / 年度会员) with three privileges,
 * three acceleration passes (1 day S100M, 7 days S300M, 30 days S1000M), and a month of VIP given to the
 * 5G device when it was opened, so one card shows a running membership and the others the offer.
 */

import { randomUUID } from 'node:crypto';
import { DurationUnit, PayStatus } from '@haoka/contract';
import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { IotAccelerateProductsTable, IotVipProductsTable } from '../db/schema-iot-membership.js';
import { newOrderSn } from '../lib/order-sn.js';
import { addDuration } from '../modules/iot-buy/schedule.js';
import { DEMO_SIMS } from './demo-iot-cards.js';
import type { Seeder } from './seeder.js';

const DAY_MS = 24 * 3600_000;

/**
 * Privileges are what the VIP page shows; `icon` is a short code the web maps to an icon. 积分加倍
 * (`points`) is honoured by the server (sign-in and task points count twice, see
 * modules/iot-member/privileges.ts); 专属客服 and 优先发货 are promises the shop keeps by hand.
 */
const PRIVILEGES = {
  gi: '尊享3项会员特权',
  items: [
    { icon: 'points', title: '积分加倍', desc: '会员期内签到与任务积分翻倍' },
    { icon: 'service', title: '专属客服', desc: '7×24小时专属客服，优先接入' },
    { icon: 'gift', title: '优先发货', desc: '积分商城订单优先安排发货' },
  ],
};

/** Every promoter's, enabled. */
const SHELF = { promo_code: '', enabled: 1 };
type Shelf = 'created_at' | 'updated_at' | 'promo_code' | 'enabled';
type VipSeed = Omit<Insertable<IotVipProductsTable>, Shelf | 'privileges_json'>;
type AccelerateSeed = Omit<Insertable<IotAccelerateProductsTable>, Shelf | 'operator_type'>;

export const DEMO_VIP_PRODUCTS: VipSeed[] = [
  {
    vip_name: '月度会员',
    logo: '/shop/static/iot/menu/vip.png',
    price_fen: 990,
    original_price_fen: 1500,
    duration: 1,
    duration_unit: DurationUnit.MONTH,
    tag: '',
    sort: 1,
  },
  {
    vip_name: '季度会员',
    logo: '/shop/static/iot/menu/vip.png',
    price_fen: 2500,
    original_price_fen: 4500,
    duration: 3,
    duration_unit: DurationUnit.MONTH,
    tag: '推荐',
    sort: 2,
  },
  {
    vip_name: '年度会员',
    logo: '/shop/static/iot/menu/vip.png',
    price_fen: 8800,
    original_price_fen: 18000,
    duration: 1,
    duration_unit: DurationUnit.YEAR,
    tag: '超值',
    sort: 3,
  },
];

export const DEMO_ACCELERATE_PRODUCTS: AccelerateSeed[] = [
  {
    accelerate_name: '加速体验包',
    speed_code: 'S100M',
    speed_text: '最高100Mbps',
    price_fen: 200,
    original_price_fen: 300,
    duration: 1,
    duration_unit: DurationUnit.DAY,
    tag: '',
    sort: 1,
  },
  {
    accelerate_name: '加速周卡',
    speed_code: 'S300M',
    speed_text: '最高300Mbps',
    price_fen: 990,
    original_price_fen: 1490,
    duration: 7,
    duration_unit: DurationUnit.DAY,
    tag: '热销',
    sort: 2,
  },
  {
    accelerate_name: '极速月卡',
    speed_code: 'S1000M',
    speed_text: '最高1000Mbps',
    price_fen: 2990,
    original_price_fen: 4990,
    duration: 30,
    duration_unit: DurationUnit.DAY,
    tag: '5G极速',
    sort: 3,
  },
];

async function giftVip(tx: Tx, simNo: string, product: VipSeed & { id: number }, now: number) {
  const sim = await tx.selectFrom('sims').select('id').where('sim_no', '=', simNo).executeTakeFirst();
  if (!sim) return;
  const startAt = now - 10 * DAY_MS;
  await tx
    .insertInto('iot_member_orders')
    .values({
      order_sn: newOrderSn('vip', startAt),
      kind: 'vip',
      sim_id: sim.id,
      product_id: product.id,
      name: product.vip_name,
      logo: product.logo ?? '',
      privileges_json: JSON.stringify(PRIVILEGES),
      speed_code: '',
      price_fen: product.price_fen,
      pay_amount_fen: 0,
      duration: product.duration,
      duration_unit: product.duration_unit,
      place_type: 3,
      pay_type: 'gift',
      status: 1,
      pay_status: PayStatus.PAID,
      start_at: startAt,
      end_at: addDuration(startAt, product.duration, product.duration_unit),
      expire_at: null,
      paid_at: startAt,
      trade_no: null,
      applied_at: null,
      cleared_at: null,
      refund_at: null,
      refund_type: 0,
      refund_remark: '',
      remark: '开卡赠送',
      uuid: randomUUID(),
      request_hash: '',
      created_at: startAt,
      updated_at: now,
    })
    .execute();
}

export const demoIotMembership: Seeder = {
  name: 'demo-iot-membership',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    const vips: (VipSeed & { id: number })[] = [];
    for (const product of DEMO_VIP_PRODUCTS) {
      const { id } = await tx
        .insertInto('iot_vip_products')
        .values({
          ...product,
          ...SHELF,
          privileges_json: JSON.stringify(PRIVILEGES),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      vips.push({ ...product, id: Number(id) });
    }
    for (const product of DEMO_ACCELERATE_PRODUCTS) {
      await tx
        .insertInto('iot_accelerate_products')
        .values({ ...product, ...SHELF, operator_type: null, created_at: now, updated_at: now })
        .execute();
    }
    const monthly = vips[0];
    if (monthly) await giftVip(tx, DEMO_SIMS.device, monthly, now);
  },
};
