/** Shop buying endpoints: SMS codes, order-query login, orders, payment (API.md §2, §6). */
import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, REVIEW_TAGS } from '../domain/reviews.js';
import { reasonIssue } from '../reason-issue.js';
import { dateTime, flag, money, pageOf, pageQuery } from '../schemas/common.js';
import { logistics, ORDER_SN_RE, onlinePayType, payLaunch, shopOrder } from '../schemas/order.js';
import { isIdCard, MOBILE_RE, SMS_CODE_RE } from '../validators.js';
import { defineEndpoint } from './define.js';
import { promoCode } from './shop.js';

export const mobile = z.string().regex(MOBILE_RE, { error: reasonIssue('mobileInvalid') });
export const smsCode = z.string().regex(SMS_CODE_RE, { error: reasonIssue('smsCodeFormat') });
export const orderSn = z.string().regex(ORDER_SN_RE, { error: reasonIssue('orderSnInvalid') });
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, {
  error: reasonIssue('requestIdInvalid'),
});
const regionCode = z.string().regex(/^\d{6}$/, { error: reasonIssue('regionRequired') });

export const sendShopCode = defineEndpoint({
  method: 'POST',
  path: '/api/hk/sendCode',
  input: z.object({ mobile, scene: z.enum(['login', 'order']) }),
  data: z.object({ expireIn: z.number().int(), resendIn: z.number().int() }),
  auth: 'none',
});

export const sendSimCode = defineEndpoint({
  method: 'POST',
  path: '/api/sms/send',
  input: z.object({ scene: z.enum(['bindMobile', 'payPassword']), mobile: mobile.optional() }),
  data: z.object({ expireIn: z.number().int(), resendIn: z.number().int(), maskedMobile: z.string() }),
  auth: 'card',
});

export const shopLogin = defineEndpoint({
  method: 'POST',
  path: '/api/shop/login',
  input: z.object({
    mobile,
    code: smsCode.optional(),
    idCardLast6: z
      .string()
      .regex(/^\d{5}[\dXx]$/, { error: reasonIssue('idCardLast6Required') })
      .optional(),
    agreeProtocol: z.literal(1, { error: reasonIssue('agreeProtocol') }),
  }),
  data: z.object({
    sessionId: z.string(),
    user: z.object({ mobile: z.string(), nickname: z.string(), avatar: z.string() }),
    isAgent: flag,
  }),
  auth: 'none',
});

export const shopLogout = defineEndpoint({
  method: 'POST',
  path: '/api/shop/logout',
  input: z.object({}),
  data: z.null(),
  auth: 'none',
});

export const protocolDoc = z.object({
  title: z.string(),
  content: z.string(),
  version: z.string(),
  updatedAt: dateTime,
});

export const getLoginProtocol = defineEndpoint({
  method: 'GET',
  path: '/api/site/loginProtocol',
  input: z.object({}),
  data: protocolDoc,
  auth: 'none',
});

export const createShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/order/create',
  input: z
    .object({
      orderType: z.union([z.literal(1), z.literal(2)]),
      numberId: z.number().int().positive().optional(),
      packageId: z.number().int().positive().optional(),
      goodsId: z.number().int().positive().optional(),
      contactName: z
        .string()
        .trim()
        .regex(/^[\p{Script=Han}·A-Za-z][\p{Script=Han}·A-Za-z ]{0,18}[\p{Script=Han}·A-Za-z]$/u, {
          error: reasonIssue('nameInvalid'),
        }),
      idCard: z.string().refine((v) => isIdCard(v), { error: reasonIssue('idCardInvalid') }),
      contactMobile: mobile,
      smsCode: smsCode.optional(),
      provinceCode: regionCode,
      cityCode: regionCode,
      countyCode: regionCode,
      addressDetail: z
        .string()
        .trim()
        .min(5, { error: reasonIssue('addressTooShort') })
        .max(100, { error: reasonIssue('addressTooLong') }),
      agreeProtocol: z.literal(1, { error: reasonIssue('agreeProtocol') }),
      promoCode: promoCode.optional(),
      pageCode: z.string().max(32).optional(),
      bd_vid: z.string().max(256).optional(),
      uuid,
    })
    .refine((b) => (b.orderType === 1 ? b.numberId !== undefined : b.goodsId !== undefined), {
      error: reasonIssue('numberOrGoodsRequired'),
      path: ['orderType'],
    }),
  data: z.object({
    orderSn: z.string(),
    orderStatus: z.number().int(),
    payAmount: money,
    needPay: z.boolean(),
    expireAt: dateTime.nullable(),
  }),
  auth: 'none',
});

export const listShopOrders = defineEndpoint({
  method: 'GET',
  path: '/api/shop/order/list',
  input: z.object({ status: z.coerce.number().int().min(0).max(7).optional(), ...pageQuery }),
  data: pageOf(shopOrder),
  auth: 'shopper',
});

export const getShopOrder = defineEndpoint({
  method: 'GET',
  path: '/api/shop/order/detail',
  input: z.object({ orderSn }),
  data: shopOrder.extend({ payTypes: z.array(onlinePayType) }),
  auth: 'none',
});

export const payShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/order/pay',
  input: z.object({ orderSn, payType: onlinePayType, returnUrl: z.string().max(1024).optional() }),
  data: payLaunch,
  auth: 'none',
});

/** The buyer of a completed number order reviews it, once (design.md "Number reviews"). */
export const reviewShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/order/comment',
  input: z.object({
    orderSn,
    star: z
      .number()
      .int()
      .min(1, { error: reasonIssue('reviewStarRequired') })
      .max(5, { error: reasonIssue('reviewStarRequired') }),
    content: z
      .string()
      .trim()
      .min(REVIEW_CONTENT_MIN, { error: reasonIssue('reviewTooShort') })
      .max(REVIEW_CONTENT_MAX, { error: reasonIssue('reviewTooLong') }),
    tags: z
      .array(z.enum(REVIEW_TAGS))
      .max(REVIEW_TAGS.length)
      .default([])
      .transform((tags) => [...new Set(tags)]),
  }),
  data: z.object({ id: z.number().int().positive() }),
  auth: 'shopper',
});

export const cancelShopOrder = defineEndpoint({
  method: 'POST',
  path: '/api/shop/order/cancel',
  input: z.object({ orderSn, reason: z.string().max(100).optional() }),
  data: z.object({ orderStatus: z.literal(5) }),
  auth: 'none',
});

export const getShopOrderLogistics = defineEndpoint({
  method: 'GET',
  path: '/api/shop/order/logistics',
  input: z.object({ orderSn }),
  data: logistics,
  auth: 'none',
});

export const getPayStatus = defineEndpoint({
  method: 'GET',
  path: '/api/pay/status',
  input: z.object({ orderSn }),
  data: z.object({
    orderSn: z.string(),
    kind: z.enum(['shop', 'package', 'balance', 'coupon', 'vip', 'accelerate', 'integral']),
    payStatus: z.number().int().min(0).max(5),
    orderStatus: z.number().int(),
    payAmount: money,
    paidAt: dateTime.nullable(),
    expireAt: dateTime.nullable(),
  }),
  auth: 'none',
});

/** Local development and tests only: exists while the outbox SMS gateway is active. */
export const getSmsOutbox = defineEndpoint({
  method: 'GET',
  path: '/api/dev/sms-outbox',
  input: z.object({ mobile }),
  data: z.object({
    list: z.array(z.object({ mobile: z.string(), scene: z.string(), code: z.string(), createdAt: dateTime })),
    /** The notices (`notify`: card alerts, renewal reminders) it "sent" to the mobile, newest first. */
    notices: z.array(
      z.object({
        mobile: z.string(),
        template: z.string(),
        params: z.record(z.string(), z.string()),
        createdAt: dateTime,
      }),
    ),
  }),
  auth: 'none',
});
