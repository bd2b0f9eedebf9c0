/** Shop browsing endpoints: vanity numbers, goods, landing pages, FAQ, analytics (API.md §2, §6). */
import { z } from 'zod';
import { isPatternCode } from '../domain/vanity-patterns.js';
import { reasonIssue } from '../reason-issue.js';
import { pageOf, pageQuery } from '../schemas/common.js';
import {
  goodsItem,
  ipLocation,
  numberComment,
  numberItem,
  numberListItem,
  numberPackage,
  questionSummary,
  questionView,
  singlePage,
} from '../schemas/shop.js';
import { defineEndpoint } from './define.js';
import { promoCode } from './shop.js';

const regionCode = z.string().regex(/^\d{6}$/, { error: reasonIssue('regionCodeInvalid') });
const yuanInt = z.coerce
  .number()
  .int({ error: reasonIssue('priceNotInteger') })
  .min(0, { error: reasonIssue('priceNegative') })
  .max(10_000_000);

export const listNumbers = defineEndpoint({
  method: 'GET',
  path: '/api/shop/numberList',
  input: z
    .object({
      promoCode: promoCode.optional(),
      provinceCode: regionCode.optional(),
      cityCode: regionCode.optional(),
      operatorType: z.coerce.number().int().min(1).max(4).optional(),
      segment: z
        .string()
        .regex(/^1\d{2}$/, { error: reasonIssue('segmentInvalid') })
        .optional(),
      pattern: z
        .string()
        .max(200)
        .refine((v) => v.split(',').every((c) => isPatternCode(c.trim())), { error: reasonIssue('patternInvalid') })
        .transform((v) => [...new Set(v.split(',').map((c) => c.trim()))])
        .optional(),
      keyword: z
        .string()
        .regex(/^\d{1,11}$/, { error: reasonIssue('digitsInvalid') })
        .optional(),
      position: z.enum(['any', 'tail']).default('any'),
      priceMin: yuanInt.optional(),
      priceMax: yuanInt.optional(),
      excludeDigits: z
        .string()
        .regex(/^\d(,\d)*$/, { error: reasonIssue('excludeDigitsInvalid') })
        .transform((v) => [...new Set(v.split(',').map(Number))])
        .optional(),
      sort: z.enum(['default', 'priceAsc', 'priceDesc']).default('default'),
      shuffle: z.coerce.number().int().min(0).max(1).default(0),
      /** Seed of a shuffled listing, so its pages stay stable; the server picks one when absent. */
      seed: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
      ...pageQuery,
    })
    .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
      error: reasonIssue('priceRangeInvalid'),
      path: ['priceMin'],
    }),
  data: pageOf(numberListItem).extend({ seed: z.number().int().optional() }),
  auth: 'none',
});

export const getNumberDetail = defineEndpoint({
  method: 'GET',
  path: '/api/shop/numberDetail',
  input: z.object({
    numberId: z.coerce.number().int().positive(),
    commentPage: z.coerce.number().int().min(1).default(1),
    commentPageSize: z.coerce.number().int().min(1).max(20).default(3),
  }),
  data: z.object({
    number: numberItem,
    packages: z.array(numberPackage),
    comments: pageOf(numberComment),
    needSmsCode: z.union([z.literal(0), z.literal(1)]),
  }),
  auth: 'none',
});

export const listGoods = defineEndpoint({
  method: 'GET',
  path: '/api/shop/goodsList',
  input: z.object({
    promoCode: promoCode.optional(),
    group: z.coerce.number().int().min(1).max(2).optional(),
    category: z.string().max(32).optional(),
    operatorType: z.coerce.number().int().min(1).max(4).optional(),
    keyword: z.string().max(30).optional(),
    sort: z.enum(['default', 'sales', 'priceAsc', 'priceDesc']).default('default'),
    goodsId: z.coerce.number().int().positive().optional(),
    ...pageQuery,
  }),
  data: pageOf(goodsItem),
  auth: 'none',
});

export const getIpLocation = defineEndpoint({
  method: 'GET',
  path: '/api/shop/base/ipLocation',
  input: z.object({}),
  data: ipLocation,
  auth: 'none',
});

export const reportPoint = defineEndpoint({
  method: 'POST',
  path: '/api/hk/pointReport',
  input: z.object({
    event: z.enum(['page_view', 'click', 'submit_order', 'pay_success']),
    page: z.string().max(256),
    pageCode: z.string().max(32).optional(),
    promoCode: promoCode.optional(),
    bd_vid: z.string().max(256).optional(),
    orderSn: z.string().max(40).optional(),
    extra: z.record(z.string(), z.unknown()).optional(),
  }),
  data: z.null(),
  auth: 'none',
});

export const getSinglePage = defineEndpoint({
  method: 'GET',
  path: '/api/shop/singlePageInfo',
  input: z.object({ pageCode: z.string().min(1).max(32), promoCode: promoCode.optional() }),
  data: singlePage,
  auth: 'none',
});

export const viewQuestion = defineEndpoint({
  method: 'GET',
  path: '/api/shop/sysQuestion/view',
  input: z
    .object({ id: z.coerce.number().int().positive().optional(), code: z.string().min(1).max(32).optional() })
    .refine((q) => (q.id === undefined) !== (q.code === undefined), {
      error: reasonIssue('idOrCodeRequired'),
      path: ['id'],
    }),
  data: questionView,
  auth: 'none',
});

export const listQuestions = defineEndpoint({
  method: 'GET',
  path: '/api/shop/sysQuestion/list',
  input: z.object({
    category: z.string().max(32).optional(),
    keyword: z.string().max(30).optional(),
    scope: z.enum(['shop', 'iot']).optional(),
    ...pageQuery,
  }),
  data: pageOf(questionSummary),
  auth: 'none',
});

export const listHotQuestions = defineEndpoint({
  method: 'GET',
  path: '/api/shop/customer/hotQuestionList',
  input: z.object({ scope: z.enum(['shop', 'iot']).default('shop') }),
  data: z.array(z.object({ id: z.number().int().positive(), title: z.string() })),
  auth: 'none',
});
