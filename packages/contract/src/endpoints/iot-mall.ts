/**
 * Endpoints of the points mall (API.md §4 integralShop*, buyShopGoods, simAddress*, goodsShopStore,
 * shopOrder*, SCREENS §5.5): the catalogue, the card's delivery addresses, ordering with points (and
 * cash), and the mall's orders. Every create takes the client's `uuid`.
 */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { carousel, dateTime, money, pageOf, pageQuery } from '../schemas/common.js';
import {
  integralShopOrder,
  integralShopOrderDetails,
  mallGoods,
  mallGoodsSummary,
  pickupStore,
  simAddress,
} from '../schemas/iot-mall.js';
import { payLaunch, payType } from '../schemas/order.js';
import { PAY_PASSWORD_RE, PERSON_NAME_RE } from '../validators.js';
import { defineEndpoint } from './define.js';
import { mobile, orderSn, uuid } from './shop-order.js';

const queryId = z.coerce.number().int().positive();
const bodyId = z.number().int().positive();
const regionCode = z.string().regex(/^\d{6}$/, { error: reasonIssue('regionRequired') });

export const getMallIndex = defineEndpoint({
  method: 'GET',
  path: '/api/iot/integralShopIndex',
  input: z.object({ categoryId: queryId.optional(), ...pageQuery }),
  data: z.object({
    integral: z.number().int(),
    /** Page 1 only (later pages answer []). */
    banners: z.array(carousel),
    /** Page 1 only (later pages answer []). */
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    list: z.array(mallGoodsSummary),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  }),
  auth: 'card',
  module: 'integralShop',
});

export const getMallGoods = defineEndpoint({
  method: 'GET',
  path: '/api/iot/integralShopGoodsDetails',
  input: z.object({ goodsId: queryId }),
  data: mallGoods.extend({
    /** Pieces of this goods the card holds in orders that count against `limitPerCard`. */
    boughtCount: z.number().int(),
    /** The card's points now. */
    integral: z.number().int(),
  }),
  auth: 'card',
  module: 'integralShop',
});

export const buyMallGoods = defineEndpoint({
  method: 'POST',
  path: '/api/iot/buyShopGoods',
  input: z.object({
    goodsId: bodyId,
    skuId: bodyId.optional(),
    quantity: z
      .number()
      .int()
      .min(1, { error: reasonIssue('quantityMin') })
      .max(99, { error: reasonIssue('quantityMax') }),
    addressId: bodyId.optional(),
    storeId: bodyId.optional(),
    remark: z
      .string()
      .trim()
      .max(100, { error: reasonIssue('remarkTooLong') })
      .optional(),
    uuid,
  }),
  data: z.object({
    orderSn: z.string(),
    status: z.number().int(),
    points: z.number().int(),
    cashAmount: money,
    freight: money,
    payAmount: money,
    needPay: z.boolean(),
    expireAt: dateTime.nullable(),
  }),
  auth: 'card',
  module: 'integralShop',
});

export const listSimAddresses = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simAddressList',
  input: z.object({}),
  data: z.array(simAddress),
  auth: 'card',
});

export const saveSimAddress = defineEndpoint({
  method: 'POST',
  path: '/api/iot/setSimAddress',
  input: z.object({
    id: bodyId.optional(),
    name: z
      .string()
      .trim()
      .regex(PERSON_NAME_RE, { error: reasonIssue('consigneeInvalid') }),
    mobile,
    provinceCode: regionCode,
    cityCode: regionCode,
    countyCode: regionCode,
    detail: z
      .string()
      .trim()
      .min(5, { error: reasonIssue('addressTooShort') })
      .max(100, { error: reasonIssue('addressTooLong') }),
    isDefault: z.union([z.literal(0), z.literal(1)]).default(0),
  }),
  data: simAddress,
  auth: 'card',
});

export const deleteSimAddress = defineEndpoint({
  method: 'POST',
  path: '/api/iot/delSimAddress',
  input: z.object({ id: bodyId }),
  data: z.null(),
  auth: 'card',
});

export const setDefaultSimAddress = defineEndpoint({
  method: 'POST',
  path: '/api/iot/setDefaultSimAddress',
  input: z.object({ id: bodyId }),
  data: z.null(),
  auth: 'card',
});

export const listGoodsStores = defineEndpoint({
  method: 'GET',
  path: '/api/iot/goodsShopStore',
  input: z.object({ goodsId: queryId }),
  data: z.array(pickupStore),
  auth: 'card',
  module: 'integralShop',
});

export const listMallOrders = defineEndpoint({
  method: 'GET',
  path: '/api/iot/shopOrderList',
  input: z.object({ status: z.coerce.number().int().min(0).max(5).optional(), ...pageQuery }),
  data: pageOf(integralShopOrder),
  auth: 'card',
});

export const getMallOrder = defineEndpoint({
  method: 'GET',
  path: '/api/iot/shopOrderDetails',
  input: z.object({ orderSn }),
  data: integralShopOrderDetails,
  auth: 'card',
});

export const cancelMallOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/cancelShopOrder',
  input: z.object({ orderSn, reason: z.string().trim().max(100).optional() }),
  data: z.object({ status: z.literal(4) }),
  auth: 'card',
});

export const repayMallOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/repayShopOrder',
  input: z.object({
    orderSn,
    payType,
    payPassword: z
      .string()
      .regex(PAY_PASSWORD_RE, { error: reasonIssue('payPasswordFormat') })
      .optional(),
    returnUrl: z.string().max(2000).optional(),
  }),
  data: payLaunch,
  auth: 'card',
});

/** ADDED (SCREENS §5.5 "confirm receipt"): the holder confirms a shipped order arrived: 2 → 3. */
export const confirmMallOrder = defineEndpoint({
  method: 'POST',
  path: '/api/iot/confirmShopOrder',
  input: z.object({ orderSn }),
  data: z.object({ status: z.literal(3) }),
  auth: 'card',
});
