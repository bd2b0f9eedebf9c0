/** Test data of the VIP and acceleration screens (contract shapes). */
import type { AccelerateOrder, iotMemberApi, PayLaunch, VipOrder } from '@haoka/contract';
import type { AccelerateList } from './api/list-accelerate';
import type { VipList } from './api/list-vip';

const PRIVILEGES = {
  gi: '尊享4项会员特权',
  items: [
    { icon: 'service', title: '专属客服', desc: '7×24小时专属客服' },
    { icon: 'discount', title: '套餐折扣', desc: '订购套餐享会员优惠' },
    { icon: 'points', title: '积分加倍', desc: '签到积分翻倍' },
    { icon: 'gift', title: '生日礼包', desc: '生日当月领取礼包' },
  ],
};

export function vipProductFixture(patch: Partial<iotMemberApi.VipProduct> = {}): iotMemberApi.VipProduct {
  return {
    id: 1,
    vipName: '月度会员',
    logo: '',
    packagePrice: '9.90',
    originalPrice: '15.00',
    duration: 1,
    durationUnit: 2,
    privileges: PRIVILEGES,
    tag: '',
    ...patch,
  };
}

export const VIP_SHELF = [
  vipProductFixture(),
  vipProductFixture({
    id: 2,
    vipName: '季度会员',
    packagePrice: '25.00',
    originalPrice: '45.00',
    duration: 3,
    tag: '推荐',
    privileges: { gi: '季度专享', items: [{ icon: 'gift', title: '季度礼包', desc: '每季一份' }] },
  }),
  vipProductFixture({ id: 3, vipName: '年度会员', packagePrice: '88.00', originalPrice: '180.00', durationUnit: 3 }),
];

const orderCommon = {
  id: 7,
  simId: 1,
  uuid: '00000000-0000-4000-8000-000000000000',
  placeType: 2,
  actualPayMoney: '9.90',
  startAt: '2026-01-01 10:00:00',
  endAt: '2026-02-01 10:00:00',
  validTag: 1 as const,
  refundAt: null,
  refundRemark: '',
  refundType: 0,
  remark: '',
  status: 1,
  updatedAt: '2026-01-01 10:00:00',
  createdAt: '2026-01-01 10:00:00',
};

export function vipOrderFixture(patch: Partial<VipOrder> = {}): VipOrder {
  return {
    ...orderCommon,
    orderSn: 'VP20260101100000123456',
    vipId: 1,
    vipName: '月度会员',
    logo: '',
    packagePrice: '9.90',
    privileges: PRIVILEGES,
    ...patch,
  };
}

export function vipListFixture(patch: Partial<VipList> = {}): VipList {
  return {
    vipOrder: null,
    list: VIP_SHELF,
    payTypes: ['balance', 'wxpay', 'alipay'],
    balance: '50.00',
    existPayPassword: 1,
    nextStartAt: null,
    ...patch,
  };
}

export function accelerateProductFixture(
  patch: Partial<iotMemberApi.AccelerateProduct> = {},
): iotMemberApi.AccelerateProduct {
  return {
    id: 11,
    accelerateName: '加速周卡',
    speedCode: 'S300M',
    speedText: '最高300Mbps',
    duration: 7,
    durationUnit: 1,
    price: '9.90',
    originalPrice: '14.90',
    tag: '热销',
    ...patch,
  };
}

export function accelerateOrderFixture(patch: Partial<AccelerateOrder> = {}): AccelerateOrder {
  return {
    ...orderCommon,
    orderSn: 'AC20260101100000123456',
    accelerateId: 11,
    accelerateName: '加速周卡',
    speedCode: 'S300M',
    ...patch,
  };
}

export function accelerateListFixture(patch: Partial<AccelerateList> = {}): AccelerateList {
  return {
    accelerateOrder: null,
    list: [
      accelerateProductFixture({
        id: 10,
        accelerateName: '加速体验包',
        speedCode: 'S100M',
        duration: 1,
        price: '2.00',
        originalPrice: '3.00',
        tag: '',
      }),
      accelerateProductFixture(),
      accelerateProductFixture({
        id: 12,
        accelerateName: '极速月卡',
        speedCode: 'S1000M',
        duration: 30,
        price: '29.90',
        originalPrice: '49.90',
        tag: '5G极速',
      }),
    ],
    payTypes: ['balance', 'wxpay', 'alipay'],
    balance: '50.00',
    existPayPassword: 1,
    nextStartAt: null,
    ...patch,
  };
}

/** A PayLaunch answer of a create call. */
export function launchFixture(orderSn: string, patch: Partial<PayLaunch> = {}): PayLaunch {
  return {
    orderSn,
    payAmount: '9.90',
    payType: 'wxpay',
    payStatus: 1,
    paid: false,
    expireAt: '2026-01-01 10:15:00',
    payUrl: `https://pay.example.com/cashier?sn=${orderSn}`,
    ...patch,
  };
}
