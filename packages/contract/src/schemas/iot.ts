/** IoT card self-service schemas (SPEC §3 Sim info, SimLayout, VIP/accelerate orders; API.md §1). */
import { z } from 'zod';
import { dateTime, flag, money } from './common.js';

const flow = z.number();

export const menu = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string(),
  path: z.string(),
  switch: flag,
  group: z.string().optional(),
  badge: z.string().optional(),
});
export type Menu = z.infer<typeof menu>;

export const iotCarousel = z.object({ image: z.string(), path: z.string() });

export const simLayout = z.object({
  name: z.string(),
  logo: z.string(),
  refreshSwitch: flag,
  packageLamp: flag,
  kefuUrl: z.string(),
  notice: z.string(),
  maxMenuTimes: z.number().int().min(0),
  menus: z.array(menu),
  carousels: z.array(iotCarousel),
  popup: z.object({ switch: flag, title: z.string(), content: z.string() }),
  tabBar: z.object({
    switch: flag,
    middleBulge: flag,
    items: z.array(
      z.object({ text: z.string(), icon: z.string(), selectedIcon: z.string(), path: z.string(), switch: flag }),
    ),
  }),
  user: z.object({
    elements: z.array(menu),
    carousels: z.array(iotCarousel),
    maxMenuTimes: z.number().int().min(0),
    service: z.object({ title: z.string(), kefuUrl: z.string(), mobile: z.string(), qr: z.string() }),
  }),
});
export type SimLayout = z.infer<typeof simLayout>;

export const deviceInfo = z.object({
  deviceNo: z.string(),
  model: z.string(),
  /** 0 open, 1 WPA2-PSK, 2 WPA/WPA2. */
  wifiEncrypt: z.number().int().min(0).max(2),
  connCount: z.number().int().min(0),
  maxConnCount: z.number().int().min(0),
  battery: z.number().int().min(0).max(100).nullable(),
  signal: z.number().int().min(0).max(5),
  showWifi: flag,
  switchWifi: flag,
  wifiName: z.string(),
  wifiPass: z.string(),
  showWifi5G: flag,
  switchWifi5G: flag,
  wifiName5G: z.string(),
  wifiPass5G: z.string(),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

export const viceSim = z.object({
  simNo: z.string(),
  iccid: z.string(),
  operatorType: z.number().int().min(1).max(4),
  authStatus: z.number().int().min(0).max(3),
  isCurrent: flag,
  signal: z.number().int().min(0).max(5),
});
export type ViceSim = z.infer<typeof viceSim>;

const orderCommon = {
  id: z.number().int(),
  simId: z.number().int(),
  uuid: z.string(),
  orderSn: z.string(),
  /** 1 online, 2 balance, 3 gift. */
  placeType: z.number().int().min(1).max(3),
  actualPayMoney: money,
  startAt: dateTime.nullable(),
  endAt: dateTime.nullable(),
  validTag: flag,
  refundAt: dateTime.nullable(),
  refundRemark: z.string(),
  refundType: z.number().int().min(0).max(2),
  remark: z.string(),
  status: z.number().int().min(0).max(5),
  updatedAt: dateTime,
  createdAt: dateTime,
};

export const vipOrder = z.object({
  ...orderCommon,
  vipId: z.number().int(),
  vipName: z.string(),
  logo: z.string(),
  packagePrice: money,
  privileges: z.object({
    gi: z.string(),
    items: z.array(z.object({ icon: z.string(), title: z.string(), desc: z.string() })),
  }),
});
export type VipOrder = z.infer<typeof vipOrder>;

export const accelerateOrder = z.object({
  ...orderCommon,
  accelerateId: z.number().int(),
  accelerateName: z.string(),
  speedCode: z.string(),
});
export type AccelerateOrder = z.infer<typeof accelerateOrder>;

export const simInfo = z.object({
  simNo: z.string(),
  iccid: z.string(),
  imsi: z.string(),
  imei: z.string(),
  /** '' when unbound; masked 138****0000. */
  mobile: z.string(),
  balance: money,
  arrearsBalance: money,
  integral: z.number().int(),
  couponCoin: z.number().int(),
  /** 1 待激活, 2 正常, 3 停机, 4 已销户. */
  simStatus: z.number().int().min(1).max(4),
  authStatus: z.number().int().min(0).max(3),
  authPlatformStatus: z.number().int().min(0).max(3),
  internetStatus: flag,
  onlineStatus: flag,
  cancelStatus: z.number().int().min(0).max(2),
  replaceStatus: z.number().int().min(0).max(2),
  totalFlow: flow,
  useFlow: flow,
  surplusFlow: flow,
  surplusTime: z.number().int(),
  surplusUnit: z.number().int().min(1).max(3),
  status: flag,
  endAt: dateTime.nullable(),
  lastRobinAt: dateTime.nullable(),
  createdAt: dateTime,
  /** The true operator; the client shows 99 for a device (sourceType 2). */
  operatorType: z.number().int().min(1).max(4),
  needBuyCoupon: flag,
  bindPhoneMode: z.number().int().min(0).max(2),
  apn: z.string(),
  promoCode: z.string(),
  needBuyPackage: flag,
  needAuth: flag,
  needPlatformAuth: flag,
  platformAuthType: z.number().int().min(1).max(3),
  existPayPassword: flag,
  cardPasswordMode: flag,
  sourceType: z.number().int().min(1).max(2),
  deviceNo: z.string(),
  isInfiniteFlow: flag,
  rechargeTimes: z.number().int(),
  numbAuth: z.number().int(),
  breakRuleId: z.number().int(),
  breakTips: z.string(),
  allowRemoveBreak: flag,
  device: deviceInfo.nullable(),
  viceSims: z.array(viceSim),
  volumePackageId: z.number().int(),
  volume: z.object({ useFlow: flow, totalMoney: money, gPrice: money }).nullable(),
  simShopLayout: z.object({ domain: z.string() }),
  vipOrder: vipOrder.nullable(),
  accelerateOrder: accelerateOrder.nullable(),
  simLayout: simLayout,
});
export type SimInfo = z.infer<typeof simInfo>;
