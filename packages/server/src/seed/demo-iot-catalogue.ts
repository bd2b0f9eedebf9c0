/**
 * Demo card catalogue (kind 'demo'): packages of every type and effect, recharge amounts with gifts,
 * two recharge activities, coupons for the plain demo card, and an opening ledger line for every demo
 * card that starts with a balance, so each card's ledger sums to its balance from the first day.
 */
import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { IotPackagesTable } from '../db/schema.js';
import { openPackages } from '../modules/iot-buy/opening-package.js';
import { DEMO_SIMS } from './demo-iot-cards.js';
import type { Seeder } from './seeder.js';

const GB = 1024;
const DAY_MS = 24 * 3600_000;

type PackageSeed = Pick<
  Insertable<IotPackagesTable>,
  'name' | 'package_type' | 'flow_mb' | 'duration' | 'duration_unit' | 'price_fen' | 'original_price_fen'
> &
  Partial<Insertable<IotPackagesTable>> & { effects?: number[]; tags?: string[] };

/** The demo packages, in shelf order; ids follow this order on a fresh database. */
export const DEMO_PACKAGES: PackageSeed[] = [
  {
    name: '月享30G',
    package_type: 1,
    flow_mb: 30 * GB,
    duration: 1,
    duration_unit: 2,
    price_fen: 2900,
    original_price_fen: 3900,
    tags: ['热销'],
    effects: [1, 2, 3],
    renewable: 1,
    // Bonus points once the operator takes the order (SCREENS §5.3).
    gift_integral: 30,
  },
  {
    name: '月享100G',
    package_type: 1,
    flow_mb: 100 * GB,
    duration: 1,
    duration_unit: 2,
    price_fen: 5900,
    original_price_fen: 7900,
    tags: ['推荐', '5G速率'],
    effects: [1, 2, 3],
    renewable: 1,
    gift_integral: 100,
  },
  {
    name: '季享300G',
    package_type: 1,
    flow_mb: 300 * GB,
    duration: 3,
    duration_unit: 2,
    price_fen: 14900,
    original_price_fen: 19900,
    effects: [1, 3],
    renewable: 1,
  },
  {
    name: '年享无限流量',
    package_type: 1,
    flow_mb: 0,
    is_infinite_flow: 1,
    duration: 1,
    duration_unit: 3,
    price_fen: 49900,
    original_price_fen: 69900,
    tags: ['不限量'],
    effects: [1, 3],
    limit_times: 1,
  },
  {
    name: '终身流量卡',
    package_type: 1,
    flow_mb: 200 * GB,
    duration: 20,
    duration_unit: 3,
    price_fen: 99900,
    original_price_fen: 199900,
    tags: ['限量'],
    effects: [1],
    stock: 50,
    limit_times: 1,
    remark: '20年有效，流量用完可购买加油包',
  },
  {
    name: '限时特惠50G',
    package_type: 1,
    flow_mb: 50 * GB,
    duration: 1,
    duration_unit: 2,
    price_fen: 990,
    original_price_fen: 4900,
    tags: ['限量', '每卡限购1次'],
    effects: [1, 2],
    stock: 20,
    limit_times: 1,
  },
  {
    name: '加油包5G',
    package_type: 2,
    flow_mb: 5 * GB,
    duration: 7,
    duration_unit: 1,
    price_fen: 500,
    original_price_fen: 800,
    effects: [1],
  },
  {
    name: '加油包20G',
    package_type: 2,
    flow_mb: 20 * GB,
    duration: 1,
    duration_unit: 2,
    price_fen: 1500,
    original_price_fen: 2000,
    effects: [1],
    limit_times: 3,
  },
  {
    name: '按量计费',
    package_type: 3,
    flow_mb: 0,
    duration: 0,
    duration_unit: 2,
    price_fen: 0,
    original_price_fen: 0,
    g_price_fen: 300,
    effects: [1],
    remark: '不限总量，按实际使用扣费，¥3.00/GB',
  },
];

/** Recharge amounts in fen with their gifts. */
const BALANCE_OPTIONS: [number, number, string][] = [
  [1000, 0, ''],
  [3000, 100, ''],
  [5000, 300, '推荐'],
  [10000, 800, ''],
  [20000, 2000, '超值'],
  [50000, 6000, ''],
];

async function insertCatalogue(tx: Tx, now: number) {
  for (const [i, seed] of DEMO_PACKAGES.entries()) {
    const { effects, tags, ...row } = seed;
    await tx
      .insertInto('iot_packages')
      .values({
        promo_code: '',
        operator_type: null,
        is_infinite_flow: 0,
        g_price_fen: 0,
        stock: null,
        limit_times: null,
        renewable: 0,
        gift_integral: 0,
        remark: '',
        status: 1,
        ...row,
        tags_json: JSON.stringify(tags ?? []),
        effect_types_json: JSON.stringify(effects ?? [1]),
        sort: i + 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await tx
    .insertInto('iot_balance_options')
    .values(
      BALANCE_OPTIONS.map(([amount_fen, gift_fen, tag], i) => ({
        promo_code: '',
        amount_fen,
        gift_fen,
        tag,
        sort: i + 1,
        enabled: 1,
      })),
    )
    .execute();
  const monthly = (amountFen: number, months: number, thresholdFen = 0) =>
    Array.from({ length: months }, (_, i) => ({
      name: `¥${amountFen / 100}套餐券`,
      amountFen,
      thresholdFen,
      count: 1,
      monthIndex: i + 1,
      validDays: 31,
    }));
  await tx
    .insertInto('iot_coupon_activities')
    .values([
      {
        promo_code: '',
        name: '新卡首充礼包',
        pay_price_fen: 3000,
        months: 3,
        coupons_json: JSON.stringify(monthly(1000, 3)),
        coin_amount: 10,
        stock: null,
        limit_times: 1,
        rules:
          '<p>1. 每张卡限参与1次，支付后立即发放首月优惠券，之后每月发放1张。</p><p>2. 优惠券可用于购买任意套餐，有效期31天。</p><p>3. 赠送的券币可在兑换中心兑换优惠券。</p>',
        sort: 1,
        enabled: 1,
      },
      {
        promo_code: '',
        name: '季度畅享包',
        pay_price_fen: 6000,
        months: 3,
        coupons_json: JSON.stringify(monthly(2500, 3, 2900)),
        coin_amount: 30,
        stock: 100,
        limit_times: 2,
        rules: '<p>1. 每月发放1张¥25套餐券（满¥29可用），共3个月。</p><p>2. 每张卡限参与2次。</p>',
        sort: 2,
        enabled: 1,
      },
    ])
    .execute();
}

/** Coupons for the plain card and the device: a threshold one, a free one, a discount, a package-only one. */
async function insertDemoCoupons(tx: Tx, now: number) {
  const pkg100 = await tx.selectFrom('iot_packages').select('id').where('name', '=', '月享100G').executeTakeFirst();
  const cards = await tx
    .selectFrom('sims')
    .select('id')
    .where('sim_no', 'in', [DEMO_SIMS.normal, DEMO_SIMS.device])
    .execute();
  for (const card of cards) await insertCardCoupons(tx, card.id, pkg100?.id, now);
}

async function insertCardCoupons(tx: Tx, simId: number, pkg100: number | undefined, now: number) {
  const coupon = (name: string, values: { type?: number; amount?: number; discount?: number; threshold?: number }) => ({
    sim_id: simId,
    name,
    type: values.type ?? 1,
    amount_fen: values.amount ?? 0,
    discount: values.discount ?? null,
    threshold_fen: values.threshold ?? 0,
    scope: 'all',
    package_ids_json: '[]',
    status: 1,
    start_at: now - DAY_MS,
    end_at: now + 30 * DAY_MS,
    order_sn: null,
    source: 'gift',
    created_at: now,
    updated_at: now,
  });
  await tx
    .insertInto('iot_coupons')
    .values([
      coupon('¥10套餐券', { amount: 1000, threshold: 2900 }),
      coupon('¥5无门槛券', { amount: 500 }),
      coupon('9.5折券', { type: 2, discount: 9.5, threshold: 1000 }),
      {
        ...coupon('¥20月享100G专享券', { amount: 2000, threshold: 5900 }),
        scope: 'package',
        package_ids_json: JSON.stringify(pkg100 ? [pkg100] : []),
      },
      { ...coupon('¥3新人券', { amount: 300 }), status: 4, end_at: now - DAY_MS },
    ])
    .execute();
}

/**
 * Every card holding a balance, points or coupon coins and no ledger line for it yet gets one opening line
 * (后台调整, 期初) equal to what it holds, so each ledger sums to its balance from the first day.
 */
export async function openLedgers(tx: Tx, now = Date.now()) {
  const cards = await tx.selectFrom('sims').select(['id', 'balance_fen', 'integral', 'coupon_coin']).execute();
  const hasLines = async (table: 'iot_balance_logs' | 'iot_integral_logs' | 'iot_coin_logs', simId: number) =>
    Boolean(await tx.selectFrom(table).select('id').where('sim_id', '=', simId).executeTakeFirst());
  for (const card of cards) {
    if (card.balance_fen !== 0 && !(await hasLines('iot_balance_logs', card.id))) {
      await tx
        .insertInto('iot_balance_logs')
        .values({
          sim_id: card.id,
          type: 4,
          amount_fen: card.balance_fen,
          balance_after_fen: card.balance_fen,
          order_sn: '',
          remark: '期初余额',
          created_at: now,
        })
        .execute();
    }
    if (card.integral !== 0 && !(await hasLines('iot_integral_logs', card.id))) {
      await tx
        .insertInto('iot_integral_logs')
        .values({
          sim_id: card.id,
          type: 7,
          points: card.integral,
          integral_after: card.integral,
          order_sn: '',
          remark: '期初积分',
          created_at: now,
        })
        .execute();
    }
    if (card.coupon_coin !== 0 && !(await hasLines('iot_coin_logs', card.id))) {
      await tx
        .insertInto('iot_coin_logs')
        .values({
          sim_id: card.id,
          type: 4,
          coin: card.coupon_coin,
          coin_after: card.coupon_coin,
          order_sn: '',
          remark: '期初券币',
          created_at: now,
        })
        .execute();
    }
  }
}

export const demoIotCatalogue: Seeder = {
  name: 'demo-iot-catalogue',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    await insertCatalogue(tx, now);
    await insertDemoCoupons(tx, now);
    await openLedgers(tx, now);
    await openPackages(tx, now);
  },
};
