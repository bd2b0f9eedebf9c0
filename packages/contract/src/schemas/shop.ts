/** Shop entity schemas: vanity numbers, goods, landing pages, FAQ (API.md §1–2). */
import { z } from 'zod';
import { PATTERN_CODES } from '../domain/vanity-patterns.js';
import { dateTime, flag, money } from './common.js';

export const numberItem = z.object({
  id: z.number().int().positive(),
  number: z.string().regex(/^1\d{10}$/),
  operatorType: z.number().int().min(1).max(4),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  price: money,
  originalPrice: money,
  minConsume: money,
  contractMonths: z.number().int().min(0),
  patterns: z.array(z.enum(PATTERN_CODES)),
  level: z.number().int().min(1).max(5),
  status: z.number().int().min(0).max(3),
});
export type NumberItem = z.infer<typeof numberItem>;

export const numberListItem = numberItem.extend({
  highlight: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type NumberListItem = z.infer<typeof numberListItem>;

export const goodsItem = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  image: z.string(),
  images: z.array(z.string()).optional(),
  group: z.union([z.literal(1), z.literal(2)]),
  category: z.string(),
  operatorType: z.number().int().min(1).max(4),
  monthlyFee: money,
  flowText: z.string(),
  voiceText: z.string(),
  price: money,
  originalPrice: money,
  tags: z.array(z.string()),
  sales: z.number().int().min(0),
  /** null = unlimited; 0 = sold out (kept in lists, greyed). */
  stock: z.number().int().min(0).nullable(),
  needSmsCode: flag,
  needAddress: flag,
  detail: z.string().optional(),
});
export type GoodsItem = z.infer<typeof goodsItem>;

export const numberPackage = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  monthlyFee: money,
  flowText: z.string(),
  voiceText: z.string(),
  contractMonths: z.number().int().min(0),
  desc: z.string(),
  isDefault: flag,
});
export type NumberPackage = z.infer<typeof numberPackage>;

export const numberComment = z.object({
  id: z.number().int().positive(),
  /** The buyer's mobile, masked (138****5678). */
  maskedMobile: z.string(),
  star: z.number().int().min(1).max(5),
  content: z.string(),
  images: z.array(z.string()),
  /** Codes of REVIEW_TAGS, or a shop's own text (shown as it is). */
  tags: z.array(z.string()),
  /** The pattern codes of the number the buyer bought (its kind; the number itself is not shown). */
  patterns: z.array(z.enum(PATTERN_CODES)),
  createdAt: dateTime,
});
export type NumberComment = z.infer<typeof numberComment>;

export const pageBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('html'), html: z.string() }),
  z.object({ type: z.literal('goods'), goods: z.array(goodsItem) }),
  z.object({ type: z.literal('numbers'), numbers: z.array(numberItem) }),
]);

export const singlePage = z.object({
  pageCode: z.string(),
  title: z.string(),
  banner: z.string(),
  theme: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  ctaText: z.string(),
  ctaPath: z.string(),
  blocks: z.array(pageBlock),
  goods: z.array(goodsItem),
  popup: z.object({ switch: flag, title: z.string(), content: z.string() }),
});
export type SinglePage = z.infer<typeof singlePage>;

export const questionView = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: dateTime,
});
export type QuestionView = z.infer<typeof questionView>;

export const questionSummary = z.object({
  id: z.number().int().positive(),
  category: z.string(),
  title: z.string(),
  summary: z.string(),
  updatedAt: dateTime,
});
export type QuestionSummary = z.infer<typeof questionSummary>;

export const ipLocation = z.object({
  ip: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
});
export type IpLocation = z.infer<typeof ipLocation>;
