/** Test data of the buying screens (contract shapes) and a clock helper for API DateTimes. */
import type { BalanceLog, BalanceOrder, CouponActivity, PackageOption, PackageOrder, PayLaunch } from '@haoka/contract';
import { vi } from 'vitest';
import type { BalanceChoice } from './api/choose-balance';
import type { IotOrder } from './api/get-iot-order';
import type { PackageDetails } from './api/get-package-details';

let day = 0;

/**
 * Each test gets its own day, so the 1000 ms throttles of simInfo and simRefresh never carry over
 * between tests; only Date is faked, timers run for real.
 */
export function freshDay(hour = 10): void {
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 0, day, hour, 0, 0));
}

/** An API DateTime (Asia/Shanghai) `ms` from now. */
export function apiTime(ms = 0): string {
  return new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function balanceChoiceFixture(patch: Partial<BalanceChoice> = {}): BalanceChoice {
  return {
    rechargeNo: '89860012345678901234',
    balance: '12.50',
    arrearsBalance: '0.00',
    allowCustom: 1,
    customMin: 1,
    customMax: 5000,
    payTypes: ['wxpay', 'alipay'],
    list: [
      { id: 11, amount: '50.00', gift: '0.00', tag: '' },
      { id: 12, amount: '100.00', gift: '10.00', tag: '热门' },
    ],
    ...patch,
  };
}

export function launchFixture(patch: Partial<PayLaunch> = {}): PayLaunch {
  return {
    orderSn: 'BL20260101100000123456',
    payAmount: '100.00',
    payType: 'wxpay',
    payStatus: 0,
    paid: false,
    expireAt: apiTime(15 * 60_000),
    payUrl: 'https://pay.example.com/h5?trade=1',
    ...patch,
  };
}

export function iotOrderFixture(patch: Partial<IotOrder> = {}): IotOrder {
  return {
    orderSn: 'BL20260101100000123456',
    kind: 'balance',
    title: '余额充值 ¥100.00',
    payAmount: '100.00',
    gift: '10.00',
    arrearsPaid: '0.00',
    couponAmount: '0.00',
    payType: 'alipay',
    payStatus: 0,
    orderStatus: 0,
    expireAt: apiTime(10 * 60_000),
    paidAt: null,
    createdAt: apiTime(-5 * 60_000),
    payTypes: ['wxpay', 'alipay'],
    ...patch,
  };
}

export function payStatusFixture(payStatus: number, orderSn = 'BL20260101100000123456') {
  return {
    orderSn,
    kind: 'balance' as const,
    payStatus,
    orderStatus: payStatus === 2 ? 1 : 0,
    payAmount: '100.00',
    paidAt: payStatus === 2 ? apiTime() : null,
    expireAt: apiTime(10 * 60_000),
  };
}

export function activityFixture(patch: Partial<CouponActivity> = {}): CouponActivity {
  return {
    id: 7,
    name: '充100得120话费券',
    payPrice: '100.00',
    faceValue: '120.00',
    months: 2,
    coupons: [
      { name: '套餐抵扣券', amount: '30.00', count: 2, monthIndex: 1 },
      { name: '套餐抵扣券', amount: '30.00', count: 2, monthIndex: 2 },
    ],
    coinAmount: 20,
    stock: 5,
    limitTimes: 1,
    boughtTimes: 0,
    rules: '<p>活动期间每卡限参与一次</p>',
    ...patch,
  };
}

export function packageOrderFixture(patch: Partial<PackageOrder> = {}): PackageOrder {
  return {
    orderSn: 'PK20260101100000000001',
    packageId: 3,
    packageName: '月享100G',
    packageType: 1,
    flow: 102400,
    useFlow: 25600,
    isInfiniteFlow: 0,
    duration: 1,
    durationUnit: 2,
    price: '39.00',
    actualPayMoney: '29.00',
    couponAmount: '10.00',
    payType: 'balance',
    effectType: 1,
    status: 2,
    startAt: '2026-01-01 00:00:00',
    endAt: '2026-01-31 23:59:59',
    createdAt: '2026-01-01 00:00:00',
    ...patch,
  };
}

export function balanceOrderFixture(patch: Partial<BalanceOrder> = {}): BalanceOrder {
  return {
    orderSn: 'BL20260101100000000001',
    amount: '100.00',
    gift: '10.00',
    payType: 'wxpay',
    status: 1,
    rechargeNo: '89860012345678901234',
    paidAt: '2026-01-01 10:01:00',
    createdAt: '2026-01-01 10:00:00',
    expireAt: '2026-01-01 10:15:00',
    ...patch,
  };
}

export function balanceLogFixture(patch: Partial<BalanceLog> = {}): BalanceLog {
  return {
    id: 1,
    type: 1,
    amount: '100.00',
    balanceAfter: '112.50',
    orderSn: 'BL20260101100000000001',
    remark: '余额充值',
    createdAt: '2026-01-01 10:01:00',
    ...patch,
  };
}

export function packageOptionFixture(patch: Partial<PackageOption> = {}): PackageOption {
  return {
    id: 3,
    name: '月享100G',
    packageType: 1,
    flow: 102400,
    isInfiniteFlow: 0,
    duration: 1,
    durationUnit: 2,
    price: '39.00',
    originalPrice: '59.00',
    tags: [],
    effectTypes: [1, 2, 3],
    stock: null,
    limitTimes: null,
    boughtTimes: 0,
    remark: '',
    ...patch,
  };
}

export const page = <T>(list: T[], total = list.length, pageNo = 1, pageSize = 10) => ({
  list,
  total,
  page: pageNo,
  pageSize,
});

/** A complete packageDetails answer for tests (contract shape), overridable field by field. */
export function packageDetailsFixture(patch: Partial<PackageDetails> = {}): PackageDetails {
  return {
    package: null,
    defaultEffectType: 1,
    currentEndAt: null,
    balance: '0.00',
    payTypes: ['balance', 'wxpay', 'alipay'],
    coupons: [],
    bestCouponId: null,
    existPayPassword: 1,
    ...patch,
  };
}
