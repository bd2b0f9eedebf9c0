/**
 * Endpoints of VIP and acceleration (API.md §4 vipList, createVipOrder, accelerateList,
 * createAccelerateOrder, accelerateOrderList; SCREENS §5.6). Every create takes the client's `uuid`.
 */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { dateTime, flag, money, pageOf, pageQuery } from '../schemas/common.js';
import { accelerateOrder, vipOrder } from '../schemas/iot.js';
import { onlinePayType, payLaunch, payType } from '../schemas/order.js';
import { PAY_PASSWORD_RE } from '../validators.js';
import { defineEndpoint } from './define.js';
import { orderSn, uuid } from './shop-order.js';

const payPassword = z.string().regex(PAY_PASSWORD_RE, { error: reasonIssue('payPasswordFormat') });
const returnUrl = z.string().max(2000);

/** The operator speed profiles an acceleration pass can apply, with their top speed in Mbps. */
export const SPEED_CODES = ['S100M', 'S300M', 'S1000M'] as const;
export type SpeedCode = (typeof SPEED_CODES)[number];
export const SPEED_MBPS: Record<SpeedCode, number> = { S100M: 100, S300M: 300, S1000M: 1000 };

/** VIP / acceleration order states (SCREENS §6 vip_order_status). */
export const MemberOrderStatus = {
  UNPAID: 0,
  ACTIVE: 1,
  QUEUED: 2,
  EXPIRED: 3,
  REFUNDED: 4,
  CANCELLED: 5,
} as const;

/** How a refunded order was paid back: 1 原路退回, 2 退回余额. */
export const MemberRefundType = { ORIGINAL: 1, BALANCE: 2 } as const;

const privileges = z.object({
  /** The headline gift (e.g. 开通即送100积分). */
  gi: z.string(),
  items: z.array(z.object({ icon: z.string(), title: z.string(), desc: z.string() })),
});

export const vipProduct = z.object({
  id: z.number().int(),
  vipName: z.string(),
  logo: z.string(),
  packagePrice: money,
  originalPrice: money,
  duration: z.number().int(),
  /** 1 day, 2 month, 3 year. */
  durationUnit: z.number().int().min(1).max(3),
  privileges,
  tag: z.string(),
});
export type VipProduct = z.infer<typeof vipProduct>;

export const accelerateProduct = z.object({
  id: z.number().int(),
  accelerateName: z.string(),
  speedCode: z.enum(SPEED_CODES),
  speedText: z.string(),
  duration: z.number().int(),
  durationUnit: z.number().int().min(1).max(3),
  price: money,
  originalPrice: money,
  tag: z.string(),
});
export type AccelerateProduct = z.infer<typeof accelerateProduct>;

/** What both product lists carry besides the products: how the card can pay, and when a new one starts. */
const buyingFacts = {
  payTypes: z.array(payType),
  /** The card's balance (for 余额支付). */
  balance: money,
  existPayPassword: flag,
  /** When a pass bought now would start: the end of the last valid or queued one; null = at once. */
  nextStartAt: dateTime.nullable(),
};

export const listVip = defineEndpoint({
  method: 'GET',
  path: '/api/iot/vipList',
  input: z.object({}),
  data: z.object({
    /** The current valid membership, else the next queued one, else null. */
    vipOrder: vipOrder.nullable(),
    list: z.array(vipProduct),
    ...buyingFacts,
  }),
  auth: 'card',
});

export const createVipOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/createVipOrder',
  input: z.object({
    vipId: z.number().int().positive(),
    payType,
    payPassword: payPassword.optional(),
    returnUrl: returnUrl.optional(),
    uuid,
  }),
  data: payLaunch.extend({ vipOrder }),
  auth: 'card',
});

export const listAccelerate = defineEndpoint({
  method: 'GET',
  path: '/api/iot/accelerateList',
  input: z.object({}),
  data: z.object({
    accelerateOrder: accelerateOrder.nullable(),
    list: z.array(accelerateProduct),
    ...buyingFacts,
  }),
  auth: 'card',
});

export const createAccelerateOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/createAccelerateOrder',
  input: z.object({
    accelerateId: z.number().int().positive(),
    payType,
    payPassword: payPassword.optional(),
    returnUrl: returnUrl.optional(),
    uuid,
  }),
  data: payLaunch.extend({ accelerateOrder }),
  auth: 'card',
});

export const listAccelerateOrders = defineEndpoint({
  method: 'GET',
  path: '/api/iot/accelerateOrderList',
  input: z.object({ ...pageQuery, status: z.coerce.number().int().min(0).max(5).optional() }),
  data: pageOf(accelerateOrder),
  auth: 'card',
});

/**
 * ADDED: launch the online payment of this card's unpaid VIP or acceleration order again (重新支付 on
 * its pay page); `payType` defaults to the one it was launched with.
 */
export const payMemberOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/payMemberOrder',
  input: z.object({ orderSn, payType: onlinePayType.optional(), returnUrl: returnUrl.optional() }),
  data: payLaunch,
  auth: 'card',
});
