/** A complete SimInfo for tests (contract shape), overridable field by field. */
import type { Menu, SimInfo, SimLayout } from '@haoka/contract';

export function menuFixture(n: number, patch: Partial<Menu> = {}): Menu {
  return {
    key: `m${n}`,
    name: `服务${n}`,
    icon: '',
    path: `/pages/iot/index/package/index?n=${n}`,
    switch: 1,
    ...patch,
  };
}

export function layoutFixture(patch: Partial<SimLayout> = {}): SimLayout {
  return {
    name: '好卡物联',
    logo: '',
    refreshSwitch: 1,
    packageLamp: 0,
    kefuUrl: '',
    notice: '',
    maxMenuTimes: 10,
    menus: [menuFixture(1), menuFixture(2)],
    carousels: [],
    popup: { switch: 0, title: '', content: '' },
    tabBar: { switch: 0, middleBulge: 0, items: [] },
    user: {
      elements: [],
      carousels: [],
      maxMenuTimes: 10,
      service: { title: '', kefuUrl: '', mobile: '', qr: '' },
    },
    ...patch,
  };
}

export function simFixture(patch: Partial<SimInfo> = {}): SimInfo {
  return {
    simNo: '89860012345678901234',
    iccid: '89860012345678901234',
    imsi: '',
    imei: '',
    mobile: '138****0000',
    balance: '12.50',
    arrearsBalance: '0.00',
    integral: 120,
    couponCoin: 30,
    simStatus: 2,
    authStatus: 1,
    authPlatformStatus: 0,
    internetStatus: 1,
    onlineStatus: 1,
    cancelStatus: 0,
    replaceStatus: 0,
    totalFlow: 10240,
    useFlow: 2560,
    surplusFlow: 7680,
    surplusTime: 20,
    surplusUnit: 1,
    status: 1,
    endAt: '2026-12-31 23:59:59',
    lastRobinAt: '2026-01-05 08:00:00',
    createdAt: '2025-01-01 00:00:00',
    operatorType: 1,
    needBuyCoupon: 0,
    bindPhoneMode: 0,
    apn: '',
    promoCode: 'P1',
    needBuyPackage: 0,
    needAuth: 0,
    needPlatformAuth: 0,
    platformAuthType: 1,
    existPayPassword: 0,
    cardPasswordMode: 0,
    sourceType: 1,
    deviceNo: '',
    isInfiniteFlow: 0,
    rechargeTimes: 0,
    numbAuth: 1,
    breakRuleId: 0,
    breakTips: '',
    allowRemoveBreak: 0,
    device: null,
    viceSims: [],
    volumePackageId: 0,
    volume: null,
    simShopLayout: { domain: '' },
    vipOrder: null,
    accelerateOrder: null,
    simLayout: layoutFixture(),
    ...patch,
  };
}
