/**
 * Card buying and money (API.md §4): packages, recharge, recharge activities, auto-renew, pay-as-you-go,
 * the card's orders and balance ledger, and the pay password. Every create takes the client's `uuid`.
 */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { dateTime, flag, money, pageOf, pageQuery } from '../schemas/common.js';
import { balanceLog, balanceOrder, coupon, couponActivity, packageOption, packageOrder } from '../schemas/iot.js';
import { onlinePayType, payLaunch, payType } from '../schemas/order.js';
import { PAY_PASSWORD_RE } from '../validators.js';
import { defineEndpoint } from './define.js';
import { orderSn, smsCode, uuid } from './shop-order.js';

const payPassword = z.string().regex(PAY_PASSWORD_RE, { error: reasonIssue('payPasswordFormat') });
const positiveId = z.coerce.number().int().positive();
const effectType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const choosePackage = defineEndpoint({
  method: 'GET',
  path: '/api/iot/packageChoose',
  input: z.object({ packageType: z.coerce.number().int().min(1).max(3).optional() }),
  data: z.object({
    lamps: z.array(z.string()),
    /**
     * ADDED: the same purchases as facts, so the app words them in its own language: the masked buyer,
     * the package's name and how long ago (whole minutes).
     */
    lampBuys: z.array(z.object({ buyer: z.string(), packageName: z.string(), minutesAgo: z.number().int().min(0) })),
    needAuth: flag,
    list: z.array(packageOption),
  }),
  auth: 'card',
  module: 'package',
});

export const getPackageDetails = defineEndpoint({
  method: 'GET',
  path: '/api/iot/packageDetails',
  input: z.object({ packageId: positiveId.optional() }),
  data: z.object({
    /** null when no packageId was asked: the answer then carries only the card's coupons. */
    package: packageOption.nullable(),
    defaultEffectType: effectType,
    currentEndAt: dateTime.nullable(),
    balance: money,
    payTypes: z.array(payType),
    coupons: z.array(coupon),
    bestCouponId: z.number().int().nullable(),
    existPayPassword: flag,
  }),
  auth: 'card',
  module: 'package',
});

export const buyPackage = defineEndpoint({
  method: 'POST',
  path: '/api/iot/buyPackage',
  input: z.object({
    packageId: z.number().int().positive(),
    effectType,
    couponId: z.number().int().positive().optional(),
    payType,
    payPassword: payPassword.optional(),
    returnUrl: z.string().max(2000).optional(),
    uuid,
  }),
  data: payLaunch.extend({
    packageOrder: z.object({
      orderSn: z.string(),
      status: z.number().int(),
      startAt: dateTime.nullable(),
      endAt: dateTime.nullable(),
    }),
  }),
  auth: 'card',
  module: 'package',
});

export const chooseBalance = defineEndpoint({
  method: 'GET',
  path: '/api/iot/balanceChoose',
  input: z.object({}),
  data: z.object({
    rechargeNo: z.string(),
    balance: money,
    arrearsBalance: money,
    allowCustom: flag,
    customMin: z.number().int(),
    customMax: z.number().int(),
    payTypes: z.array(onlinePayType),
    list: z.array(z.object({ id: z.number().int(), amount: money, gift: money, tag: z.string() })),
  }),
  auth: 'card',
  module: 'balance',
});

export const createBalanceOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/createBalanceOrder',
  input: z
    .object({
      optionId: z.number().int().positive().optional(),
      amount: z.number().int().positive().optional(),
      /**
       * ADDED (一键缴费): pay exactly the card's arrears, as the holder saw them ("23.50"); refused when they
       * have changed since. Not bound by the custom amount's switch and range.
       */
      arrears: money.optional(),
      rechargeNo: z.string().min(1).max(32),
      payType: onlinePayType,
      returnUrl: z.string().max(2000).optional(),
      uuid,
    })
    .refine((b) => [b.optionId, b.amount, b.arrears].filter((v) => v !== undefined).length === 1, {
      error: reasonIssue('rechargeAmountRequired'),
      path: ['amount'],
    }),
  data: payLaunch,
  auth: 'card',
});

export const chooseCouponActivity = defineEndpoint({
  method: 'GET',
  path: '/api/iot/couponChoose',
  input: z.object({}),
  data: z.object({ needBuyCoupon: flag, list: z.array(couponActivity) }),
  auth: 'card',
  module: 'couponChoose',
});

export const createCouponOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/createCouponOrder',
  input: z.object({
    activityId: z.number().int().positive(),
    payType: onlinePayType,
    returnUrl: z.string().max(2000).optional(),
    uuid,
  }),
  data: payLaunch,
  auth: 'card',
});

/**
 * ADDED: launch (or re-launch) the online payment of an unpaid order of this card — a package,
 * recharge or recharge-activity order — from its cashier or from a 待支付 row of the order lists.
 */
export const payIotOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/payOrder',
  input: z.object({ orderSn, payType: onlinePayType, returnUrl: z.string().max(2000).optional() }),
  data: payLaunch,
  auth: 'card',
});

/** ADDED: what the IoT cashiers show of one unpaid or paid order of this card. */
export const getIotOrder = defineEndpoint({
  method: 'GET',
  path: '/api/iot/orderInfo',
  input: z.object({ orderSn }),
  data: z.object({
    orderSn: z.string(),
    kind: z.enum(['package', 'balance', 'coupon']),
    title: z.string(),
    payAmount: money,
    /** Recharge: the gift credited with it; package: the coupon taken off. */
    gift: money,
    /** Extension. Recharge: what of the amount paid the card's arrears (settled first); else 0.00. */
    arrearsPaid: money,
    couponAmount: money,
    payType: z.string(),
    payStatus: z.number().int().min(0).max(5),
    orderStatus: z.number().int(),
    expireAt: dateTime.nullable(),
    paidAt: dateTime.nullable(),
    createdAt: dateTime,
    payTypes: z.array(onlinePayType),
  }),
  auth: 'card',
});

export const getRenewPackageOption = defineEndpoint({
  method: 'GET',
  path: '/api/iot/renewPackageOption',
  input: z.object({}),
  data: z.object({
    currentPackageId: z.number().int(),
    renewAt: dateTime.nullable(),
    list: z.array(packageOption),
  }),
  auth: 'card',
  module: 'setRenew',
});

export const updateRenewPackage = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simUpdateRenewPackage',
  input: z.object({ packageId: z.number().int().min(0) }),
  data: z.object({ currentPackageId: z.number().int(), renewAt: dateTime.nullable() }),
  auth: 'card',
  module: 'setRenew',
});

export const closeVolumePackage = defineEndpoint({
  method: 'POST',
  path: '/api/iot/closeVolumePackage',
  input: z.object({ volumePackageId: z.number().int().positive().optional() }),
  data: z.object({ volumePackageId: z.literal(0), settledMoney: money }),
  auth: 'card',
});

const statusList = z
  .string()
  .regex(/^[0-5](,[0-5])*$/, { error: reasonIssue('statusFilterInvalid') })
  .transform((s) => [...new Set(s.split(',').map(Number))]);

export const listSimPackages = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simPackageList',
  input: z.object({ ...pageQuery, status: statusList.optional() }),
  data: pageOf(packageOrder),
  auth: 'card',
});

export const listSimBalanceOrders = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simBalanceList',
  input: z.object({ ...pageQuery, status: z.coerce.number().int().min(0).max(3).optional() }),
  data: pageOf(balanceOrder),
  auth: 'card',
});

export const listSimBalanceLogs = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simBalanceLogList',
  input: z.object({ ...pageQuery, type: z.coerce.number().int().min(1).max(6).optional() }),
  data: pageOf(balanceLog),
  auth: 'card',
});

export const updatePayPassword = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simUpdatePayPass',
  input: z
    .object({
      type: z.enum(['set', 'update', 'verify', 'reset']),
      password: payPassword.optional(),
      oldPassword: payPassword.optional(),
      code: smsCode.optional(),
      ticket: z.string().min(16).max(128).optional(),
    })
    .superRefine((b, ctx) => {
      const need = (field: 'password' | 'oldPassword' | 'code' | 'ticket', message: string) => {
        if (b[field] === undefined) ctx.addIssue({ code: 'custom', message, path: [field] });
      };
      if (b.type !== 'verify') need('password', reasonIssue('payPasswordFormat'));
      if (b.type === 'update') need('oldPassword', reasonIssue('oldPayPasswordRequired'));
      if (b.type === 'verify') need('code', reasonIssue('smsCodeFormat'));
      if (b.type === 'reset') need('ticket', reasonIssue('verifyTicketExpired'));
    }),
  data: z.union([z.object({ existPayPassword: z.literal(1) }), z.object({ ticket: z.string() })]),
  auth: 'card',
});

/** ADDED: IoT logout (SPEC §4) also drops the card from the server session. */
export const logoutSim = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simLogout',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});
