/** Site configuration, dictionary and region schemas (SPEC §3, API.md §1–2). */
import { z } from 'zod';
import { carousel, flag } from './common.js';

export const payTypeOnline = z.enum(['wxpay', 'alipay']);

export const frontConfig = z.object({
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  logo: z.string(),
  indexCarousel: z.array(carousel),
  bottomTips: z.string(),
  ipcCode: z.string(),
  kefuUrl: z.string(),
  kefuQr: z.string(),
  kefuMobile: z.string(),
  followQr: z.string(),
  shopTemplate: z.union([z.literal(1), z.literal(2)]),
  fastNav: z.array(z.object({ name: z.string(), icon: z.string(), path: z.string() })),
  suggest: z.object({ title: z.string(), goodsIds: z.array(z.number().int()) }).nullable(),
  indexSearch: flag,
  indexFirstGroup: z.union([z.literal(1), z.literal(2)]),
  showInviteRegister: flag,
});
export type FrontConfig = z.infer<typeof frontConfig>;

/** A shop's front configuration where its promoter has none stored (a new promoter's form starts from it). */
export const DEFAULT_FRONT: FrontConfig = {
  title: '好卡商城',
  keywords: '',
  description: '',
  logo: '',
  indexCarousel: [],
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

export const shopMenuItem = z.object({ key: z.string(), name: z.string(), path: z.string(), switch: flag });
export type ShopMenuItem = z.infer<typeof shopMenuItem>;

export const baseConfig = z.object({
  front: frontConfig,
  promoCode: z.string(),
  promoName: z.string(),
  isAgent: flag,
  domain: z.string(),
  inviteCode: z.string(),
  douyinMpImId: z.string(),
  kuaishouMpImId: z.string(),
  showPaymentType: z.array(payTypeOnline),
  shopMenu: z.array(shopMenuItem),
});
export type BaseConfig = z.infer<typeof baseConfig>;

export const appUpdate = z.object({
  versionCode: z.number().int(),
  versionName: z.string(),
  notes: z.string(),
  url: z.string(),
  force: flag,
});

export const genericConfig = z.object({
  orderQueryMode: z.union([z.literal(1), z.literal(2)]),
  loginAvatar: z.string(),
  appUpdate: appUpdate.nullable(),
  smsCodeLength: z.number().int(),
  payTimeoutMinutes: z.object({ shop: z.number().int(), iot: z.number().int() }),
});
export type GenericConfig = z.infer<typeof genericConfig>;

export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
export const dictOption = z.object({
  label: z.string(),
  value: z.string(),
  key: z.string(),
  listClass: z.enum(LIST_CLASSES),
});
export type DictOption = z.infer<typeof dictOption>;

/** Dictionary types the app uses (API.md §1). */
export const DICT_TYPES = [
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
] as const;
export type DictType = (typeof DICT_TYPES)[number];

export interface RegionNode {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  children?: RegionNode[];
}
export const regionNode: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({
    code: z.string().regex(/^\d{6}$/),
    name: z.string(),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    children: z.array(regionNode).optional(),
  }),
);
