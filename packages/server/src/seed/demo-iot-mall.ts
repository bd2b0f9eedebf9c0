/**
 * Demo points mall (kind 'demo'): three categories, two banners and eight goods that cover every case
 * of SCREENS §5.5 — points only by express, points plus cash, a pickup goods with two stores, a goods
 * with colour/size SKUs, the last piece of a goods, virtual goods, a per-card limit and freight. The
 * device demo card (1200 points) can try them all. Pictures reuse the shop's demo tiles.
 */
import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { IotMallGoodsTable } from '../db/schema-iot-mall.js';
import type { Seeder } from './seeder.js';

const IMG = '/shop/static/goods';

const detail = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

type GoodsSeed = Pick<Insertable<IotMallGoodsTable>, 'name' | 'image' | 'points' | 'stock' | 'sales' | 'detail'> & {
  category: number;
  cash_fen?: number;
  freight_fen?: number;
  delivery_type?: number;
  limit_per_order?: number;
  limit_per_card?: number;
  skus?: { spec: string; points: number; cashFen?: number; stock: number }[];
  stores?: { name: string; address: string; phone: string; hours: string; lng: number; lat: number }[];
};

/** The demo goods, in shelf order (category by index of DEMO_MALL_CATEGORIES). */
export const DEMO_MALL_GOODS: GoodsSeed[] = [
  {
    category: 0,
    name: '定制快充数据线',
    image: `${IMG}/mall-cable.png`,
    points: 300,
    stock: 200,
    sales: 86,
    limit_per_card: 2,
    detail: detail(['Type-C 快充数据线，1 米，编织线身。', '积分兑换，全国包邮，每张卡限兑 2 件。']),
  },
  {
    category: 0,
    name: '车载手机支架',
    image: `${IMG}/mall-car-holder.png`,
    points: 500,
    cash_fen: 990,
    stock: 120,
    sales: 34,
    detail: detail([
      '500 积分 + ¥9.90 换购，出风口与吸盘两用。',
      '下单后 15 分钟内完成支付，超时订单自动取消并退回积分。',
    ]),
  },
  {
    category: 1,
    name: '定制文化衫',
    image: `${IMG}/mall-shirt.png`,
    points: 600,
    stock: 0,
    sales: 12,
    detail: detail(['纯棉文化衫，多种颜色与尺码可选。', '请按平时尺码选择，兑换后不支持更换尺码。']),
    skus: [
      { spec: '白色 M', points: 600, stock: 20 },
      { spec: '白色 L', points: 600, stock: 15 },
      { spec: '黑色 M', points: 600, stock: 10 },
      { spec: '黑色 XL', points: 680, stock: 5 },
    ],
  },
  {
    category: 1,
    name: '晴雨两用折叠伞（到店自提）',
    image: `${IMG}/mall-umbrella.png`,
    points: 200,
    stock: 60,
    sales: 21,
    delivery_type: 2,
    detail: detail(['兑换后凭提货码到所选门店领取，营业时间内均可自提。']),
    stores: [
      {
        name: '好卡营业厅（天河店）',
        address: '广东省广州市天河区天河路 385 号 1 楼',
        phone: '020-38880001',
        hours: '09:00-21:00',
        lng: 113.3245,
        lat: 23.1321,
      },
      {
        name: '好卡营业厅（南山店）',
        address: '广东省深圳市南山区科技园南区高新南一道 8 号',
        phone: '0755-86660002',
        hours: '10:00-20:00',
        lng: 113.9547,
        lat: 22.5384,
      },
    ],
  },
  {
    category: 0,
    name: '限量纪念徽章',
    image: `${IMG}/mall-badge.png`,
    points: 100,
    stock: 1,
    sales: 99,
    detail: detail(['周年限量纪念徽章，仅剩最后 1 枚。']),
  },
  {
    category: 2,
    name: '视频会员月卡',
    image: `${IMG}/mall-video.png`,
    points: 900,
    stock: 500,
    sales: 230,
    delivery_type: 3,
    limit_per_card: 1,
    detail: detail(['虚拟权益，兑换成功即发放，无需收货地址。', '每张卡限兑 1 次。']),
  },
  {
    category: 0,
    name: '5G 随身 WiFi',
    image: `${IMG}/mall-5g-wifi.png`,
    points: 3000,
    cash_fen: 9900,
    freight_fen: 800,
    stock: 30,
    sales: 7,
    limit_per_order: 1,
    detail: detail(['3000 积分 + ¥99.00，运费 ¥8.00。', '支持三网切换，插电即用。']),
  },
  {
    category: 2,
    name: '10 元话费券',
    image: `${IMG}/mall-phone-credit.png`,
    points: 1000,
    stock: 300,
    sales: 58,
    delivery_type: 3,
    detail: detail(['虚拟权益，兑换成功即发放。']),
  },
];

export const DEMO_MALL_CATEGORIES = ['数码周边', '生活好物', '虚拟权益'];

export const demoIotMall: Seeder = {
  name: 'demo-iot-mall',
  kind: 'demo',
  async run(tx: Tx) {
    const now = Date.now();
    const categoryIds: number[] = [];
    for (const [sort, name] of DEMO_MALL_CATEGORIES.entries()) {
      const { id } = await tx
        .insertInto('iot_mall_categories')
        .values({ promo_code: '', name, sort, enabled: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.push(Number(id));
    }
    await tx
      .insertInto('iot_mall_banners')
      .values([
        {
          promo_code: '',
          image: '/shop/static/iot/banner/task.png',
          path: '/pages-sub/iot/task/index',
          sort: 0,
          enabled: 1,
        },
        {
          promo_code: '',
          image: '/shop/static/iot/banner/vip.png',
          path: '/pages-sub/iot/vip/index',
          sort: 1,
          enabled: 1,
        },
      ])
      .execute();
    for (const [sort, seed] of DEMO_MALL_GOODS.entries()) {
      const { skus = [], stores = [] } = seed;
      const { id } = await tx
        .insertInto('iot_mall_goods')
        .values({
          promo_code: '',
          category_id: categoryIds[seed.category] ?? null,
          name: seed.name,
          image: seed.image,
          images_json: JSON.stringify([seed.image]),
          // With SKUs: the lowest price shows on the grid, and the goods' stock is the sum of theirs.
          points: skus.length > 0 ? Math.min(...skus.map((s) => s.points)) : seed.points,
          cash_fen: seed.cash_fen ?? 0,
          stock: skus.length > 0 ? skus.reduce((n, s) => n + s.stock, 0) : seed.stock,
          sales: seed.sales,
          delivery_type: seed.delivery_type ?? 1,
          limit_per_order: seed.limit_per_order ?? 5,
          limit_per_card: seed.limit_per_card ?? null,
          freight_fen: seed.freight_fen ?? 0,
          detail: seed.detail,
          sort,
          enabled: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const goodsId = Number(id);
      if (skus.length > 0) {
        await tx
          .insertInto('iot_mall_skus')
          .values(
            skus.map((s, i) => ({
              goods_id: goodsId,
              spec_text: s.spec,
              points: s.points,
              cash_fen: s.cashFen ?? 0,
              stock: s.stock,
              sort: i,
            })),
          )
          .execute();
      }
      if (stores.length > 0) {
        await tx
          .insertInto('iot_mall_stores')
          .values(stores.map((s, i) => ({ goods_id: goodsId, ...s, sort: i })))
          .execute();
      }
    }
  },
};
