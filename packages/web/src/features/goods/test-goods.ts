/** A goods item for the tests of the goods screens. */
import type { GoodsItem } from '@haoka/contract';

export function goodsFixture(patch: Partial<GoodsItem> = {}): GoodsItem {
  return {
    id: 7,
    name: '移动花卡·宝藏版 29元套餐',
    image: '/shop/static/goods/sim-1.png',
    images: ['/shop/static/goods/sim-1.png'],
    group: 2,
    category: 'card',
    operatorType: 1,
    monthlyFee: '29.00',
    flowText: '135G通用流量',
    voiceText: '100分钟国内通话',
    price: '0.00',
    originalPrice: '50.00',
    tags: ['首月免费', '长期套餐'],
    sales: 12860,
    stock: null,
    needSmsCode: 1,
    needAddress: 1,
    ...patch,
  };
}
