/** Fixtures of the IoT 我的 tests (contract shapes), overridable field by field. */
import type { Coupon, VipOrder } from '@haoka/contract';

export function vipOrderFixture(patch: Partial<VipOrder> = {}): VipOrder {
  return {
    id: 1,
    simId: 1,
    vipId: 2,
    uuid: '6f1c2a9e-3b7d-4c1e-9a52-1d2e3f4a5b6c',
    orderSn: 'VP20260101100000123456',
    placeType: 2,
    actualPayMoney: '19.90',
    vipName: '黄金会员',
    logo: '/static/vip/gold.png',
    packagePrice: '19.90',
    privileges: {
      gi: '每月赠送5G流量',
      items: [
        { icon: '/static/vip/p1.png', title: '流量加赠', desc: '每月5G' },
        { icon: 'service', title: '专属客服', desc: '优先接入' },
        { icon: '', title: '积分翻倍', desc: '签到双倍' },
        { icon: '/static/vip/p4.png', title: '加速特权', desc: '免费加速' },
        { icon: '/static/vip/p5.png', title: '生日礼包', desc: '生日当月' },
      ],
    },
    startAt: '2026-01-01 10:00:00',
    endAt: '2026-02-01 10:00:00',
    validTag: 1,
    refundAt: null,
    refundRemark: '',
    refundType: 0,
    remark: '',
    status: 1,
    updatedAt: '2026-01-01 10:00:00',
    createdAt: '2026-01-01 10:00:00',
    ...patch,
  };
}

export function couponFixture(patch: Partial<Coupon> = {}): Coupon {
  return {
    id: 1,
    name: '满29减10',
    type: 1,
    amount: '10.00',
    discount: null,
    threshold: '29.00',
    scope: 'all',
    packageIds: [],
    status: 1,
    startAt: '2026-01-01 00:00:00',
    endAt: '2026-12-31 23:59:59',
    usable: true,
    ...patch,
  };
}
