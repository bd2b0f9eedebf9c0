/** Demo landing pages: `summer` (a campaign with goods and numbers) and `card1` (one product). */
import type { Tx } from '../db/database.js';
import type { Seeder } from './seeder.js';

const IMG = '/shop/static/goods';

export const SUMMER_GOODS = ['移动流量王卡 39元', '联通阳光卡 29元', '广电192号段 198G流量卡', '电信长期流量卡 19元'];
export const CARD1_GOODS = '移动花卡·宝藏版 29元套餐';
/** Vanity numbers the summer page shows, picked from the demo inventory when it is there. */
const SUMMER_NUMBERS = 6;

async function goodsIds(tx: Tx, names: readonly string[]): Promise<number[]> {
  const rows = await tx.selectFrom('goods').select(['id', 'name']).where('name', 'in', names).execute();
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return names.flatMap((name) => {
    const id = byName.get(name);
    return id === undefined ? [] : [id];
  });
}

export const demoPages: Seeder = {
  name: 'demo-pages',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    const summerGoods = await goodsIds(tx, SUMMER_GOODS);
    const card1Goods = await goodsIds(tx, [CARD1_GOODS]);
    const numberIds = (
      await tx
        .selectFrom('numbers')
        .select('id')
        .where('status', '=', 1)
        .where('promo_code', '=', '')
        .orderBy('level', 'desc')
        .orderBy('price_fen', 'asc')
        .orderBy('id')
        .limit(SUMMER_NUMBERS)
        .execute()
    ).map((r) => r.id);

    const summerBlocks = [
      {
        type: 'html',
        html: '<h3>夏日流量狂欢节</h3><p>7月1日–8月31日，活动期间办理任意流量卡，<strong>首月免月租</strong>，全国包邮到家。</p>',
      },
      { type: 'goods', goodsIds: summerGoods },
      ...(numberIds.length > 0
        ? [
            { type: 'html', html: '<h3>精选靓号</h3><p>好号不等人，预存话费全额到账。</p>' },
            { type: 'numbers', numberIds },
          ]
        : []),
      {
        type: 'html',
        html: '<h3>活动规则</h3><ol><li>每个身份证限参与一次</li><li>需本人实名办理，16–60周岁</li><li>活动最终解释权归本店所有</li></ol>',
      },
    ];
    const card1Blocks = [
      {
        type: 'html',
        html: '<p>月租29元，135G通用流量+30G定向流量，首月免费。<strong>0元领卡，全国包邮</strong>。</p>',
      },
    ];

    await tx
      .insertInto('single_pages')
      .values([
        {
          page_code: 'summer',
          promo_code: '',
          title: '夏日流量狂欢节',
          banner: `${IMG}/banner-summer.png`,
          theme: '#ff6a00',
          cta_text: '立即领取',
          cta_path: '',
          blocks_json: JSON.stringify(summerBlocks),
          goods_ids_json: JSON.stringify(summerGoods),
          popup_json: JSON.stringify({
            switch: 1,
            title: '限时福利',
            content: '活动期间办理任意流量卡，首月免月租！名额有限，先到先得。',
          }),
          enabled: 1,
          created_at: now,
          updated_at: now,
        },
        {
          page_code: 'card1',
          promo_code: '',
          title: '移动花卡·宝藏版',
          banner: `${IMG}/banner-card1.png`,
          theme: '#0085d0',
          cta_text: '立即办理',
          cta_path: '',
          blocks_json: JSON.stringify(card1Blocks),
          goods_ids_json: JSON.stringify(card1Goods),
          popup_json: JSON.stringify({ switch: 0, title: '', content: '' }),
          enabled: 1,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
  },
};
