/** IoT card self-service schemas (SPEC §3 Sim info, SimLayout, VIP/accelerate orders; API.md §1). */
import { z } from 'zod';
import { SIM_STOP_REASONS } from '../domain/card-state.js';
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
  /**
   * `audience` (extension): 'all' cards (the default), or 'unverified' for a shop's real-name reminder:
   * never shown to a card already real-named (or under review); a card that must do its real-name sees it
   * as its 实名 prompt.
   */
  popup: z.object({
    switch: flag,
    title: z.string(),
    content: z.string(),
    audience: z.enum(['all', 'unverified']).optional(),
  }),
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
  /**
   * Extension: why the operator stopped the card, as its last sync said ('' none or not given); see
   * domain/card-state.ts.
   */
  stopReason: z.enum(SIM_STOP_REASONS),
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

/** A package the card can buy (API.md §1 PackageOption). */
export const packageOption = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 base, 2 add-on, 3 volume (pay as you go). */
  packageType: z.number().int().min(1).max(3),
  flow: flow,
  isInfiniteFlow: flag,
  duration: z.number().int(),
  /** 1 day, 2 month, 3 year (SPEC §9). */
  durationUnit: z.number().int().min(1).max(3),
  price: money,
  originalPrice: money,
  tags: z.array(z.string()),
  effectTypes: z.array(z.number().int().min(1).max(3)),
  stock: z.number().int().nullable(),
  limitTimes: z.number().int().nullable(),
  boughtTimes: z.number().int(),
  remark: z.string(),
  /** Volume packages: price per GB used. */
  gPrice: money.optional(),
});
export type PackageOption = z.infer<typeof packageOption>;

/** A coupon the card owns (API.md §1 Coupon); `usable`/`reason` are computed for one package. */
export const coupon = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 amount off, 2 discount (e.g. 9.5 = 95 %). */
  type: z.number().int().min(1).max(2),
  amount: money,
  discount: z.number().nullable(),
  threshold: money,
  scope: z.enum(['all', 'package']),
  packageIds: z.array(z.number().int()),
  /** 1 未使用, 2 锁定, 3 已使用, 4 已过期. */
  status: z.number().int().min(1).max(4),
  startAt: dateTime,
  endAt: dateTime,
  usable: z.boolean(),
  /** Why it is greyed, in zh-Hans. */
  reason: z.string().optional(),
  /** The same as a reason id (reasons.ts `coupon…`, read with the coupon as its data): clients show their own text. */
  unusableReason: z.string().optional(),
});
export type Coupon = z.infer<typeof coupon>;

/** A package order of the card (simPackageList). */
export const packageOrder = z.object({
  orderSn: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  packageType: z.number().int(),
  flow: flow,
  useFlow: flow,
  isInfiniteFlow: flag,
  duration: z.number().int(),
  durationUnit: z.number().int(),
  price: money,
  actualPayMoney: money,
  couponAmount: money,
  payType: z.string(),
  effectType: z.number().int().min(1).max(3),
  /** 0 待支付, 1 待生效, 2 生效中, 3 已失效, 4 已退款, 5 已取消. */
  status: z.number().int().min(0).max(5),
  startAt: dateTime.nullable(),
  endAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type PackageOrder = z.infer<typeof packageOrder>;

/** A recharge order of the card (simBalanceList). */
export const balanceOrder = z.object({
  orderSn: z.string(),
  amount: money,
  gift: money,
  payType: z.string(),
  /** 0 待支付, 1 已到账, 2 已关闭, 3 已退款. */
  status: z.number().int().min(0).max(3),
  rechargeNo: z.string(),
  paidAt: dateTime.nullable(),
  createdAt: dateTime,
  expireAt: dateTime.nullable(),
});
export type BalanceOrder = z.infer<typeof balanceOrder>;

/** A balance ledger line (simBalanceLogList); the lines of a card always sum to its balance. */
export const balanceLog = z.object({
  id: z.number().int(),
  /** 1 充值, 2 购买套餐, 3 退款, 4 后台调整, 5 按量扣费, 6 活动赠送. */
  type: z.number().int().min(1).max(6),
  /** Signed: "-9.90" for a debit. */
  amount: money,
  balanceAfter: money,
  orderSn: z.string(),
  remark: z.string(),
  createdAt: dateTime,
});
export type BalanceLog = z.infer<typeof balanceLog>;

/** A recharge activity: prepay once, receive coupons (and coupon coins) spread over months. */
export const couponActivity = z.object({
  id: z.number().int(),
  name: z.string(),
  payPrice: money,
  faceValue: money,
  months: z.number().int(),
  coupons: z.array(
    z.object({ name: z.string(), amount: money, count: z.number().int(), monthIndex: z.number().int() }),
  ),
  coinAmount: z.number().int(),
  stock: z.number().int().nullable(),
  limitTimes: z.number().int(),
  boughtTimes: z.number().int(),
  rules: z.string(),
});
export type CouponActivity = z.infer<typeof couponActivity>;

/** Operator real-name entry (simOfficialAuth / deviceOfficialAuth). */
export const officialAuthEntry = z.object({
  mode: z.enum(['redirect', 'ltAuth', 'qrcode', 'sms']),
  url: z.string().optional(),
  qrImage: z.string().optional(),
  smsText: z.string().optional(),
  tips: z.string(),
  operatorType: z.number().int(),
  authStatus: z.number().int().min(0).max(3),
});
export type OfficialAuthEntry = z.infer<typeof officialAuthEntry>;
