import { describe, expect, it } from 'vitest';
import { baseConfig, DICT_TYPES, dictOption, genericConfig, LIST_CLASSES, regionNode } from './site.js';

const front = {
  title: 't',
  keywords: '',
  description: '',
  logo: '',
  indexCarousel: [{ image: '/a.png', path: '/pages/index' }],
  bottomTips: '',
  ipcCode: '',
  kefuUrl: '',
  kefuQr: '',
  kefuMobile: '',
  followQr: '',
  shopTemplate: 1,
  fastNav: [],
  suggest: null,
  indexSearch: 1,
  indexFirstGroup: 1,
  showInviteRegister: 0,
};
const base = {
  front,
  promoCode: 'demo',
  promoName: 'Demo',
  isAgent: 0,
  domain: '',
  inviteCode: '',
  douyinMpImId: '',
  kuaishouMpImId: '',
  showPaymentType: ['wxpay', 'alipay'],
  shopMenu: [{ key: 'k', name: 'n', path: '/p', switch: 1 }],
};

describe('site schemas', () => {
  it('DICT_TYPES is the API.md §1 list', () => {
    expect([...DICT_TYPES]).toEqual([
      'sim_status',
      'auth_status',
      'operator_type',
      'shop_order_status',
      'pay_status',
      'package_order_status',
      'balance_order_status',
      'vip_order_status',
      'integral_order_status',
      'coupon_status',
      'number_status',
      'number_pattern',
      'number_segment',
      'goods_category',
      'question_category',
      'balance_log_type',
      'integral_log_type',
      'coin_log_type',
      'effect_type',
    ]);
  });

  it('baseConfig accepts the documented shape', () => {
    expect(baseConfig.safeParse(base).success).toBe(true);
  });

  it.each([
    ['shopTemplate 3', { ...base, front: { ...front, shopTemplate: 3 } }],
    ['indexFirstGroup 0', { ...base, front: { ...front, indexFirstGroup: 0 } }],
    ['isAgent 2', { ...base, isAgent: 2 }],
    ['payment type balance', { ...base, showPaymentType: ['balance'] }],
    ['missing front', { ...base, front: undefined }],
  ])('baseConfig rejects %s', (_label, value) => {
    expect(baseConfig.safeParse(value).success).toBe(false);
  });

  it('genericConfig accepts appUpdate null or an object, and orderQueryMode 1|2 only', () => {
    const g = {
      orderQueryMode: 2,
      loginAvatar: '',
      appUpdate: null,
      smsCodeLength: 6,
      payTimeoutMinutes: { shop: 30, iot: 15 },
    };
    expect(genericConfig.safeParse(g).success).toBe(true);
    expect(
      genericConfig.safeParse({
        ...g,
        appUpdate: { versionCode: 121, versionName: '1.2.1', notes: '', url: 'https://x', force: 0 },
      }).success,
    ).toBe(true);
    expect(genericConfig.safeParse({ ...g, orderQueryMode: 3 }).success).toBe(false);
  });

  it('dictOption allows the six list classes only', () => {
    expect(LIST_CLASSES).toEqual(['default', 'primary', 'success', 'info', 'warning', 'danger']);
    for (const listClass of LIST_CLASSES) {
      expect(dictOption.safeParse({ label: 'l', value: '1', key: '1', listClass }).success).toBe(true);
    }
    expect(dictOption.safeParse({ label: 'l', value: '1', key: '1', listClass: 'error' }).success).toBe(false);
    expect(dictOption.safeParse({ label: 'l', value: 1, key: '1', listClass: 'info' }).success).toBe(false);
  });

  it('regionNode nests and checks 6-digit codes', () => {
    const tree = {
      code: '110000',
      name: '北京市',
      level: 1,
      children: [
        { code: '110100', name: '市辖区', level: 2, children: [{ code: '110101', name: '东城区', level: 3 }] },
      ],
    };
    expect(regionNode.safeParse(tree).success).toBe(true);
    expect(regionNode.safeParse({ ...tree, children: [{ code: '1101', name: 'x', level: 2 }] }).success).toBe(false);
    expect(regionNode.safeParse({ ...tree, level: 4 }).success).toBe(false);
  });
});
