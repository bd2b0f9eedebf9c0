/** Scalars and building blocks shared by entity schemas (API.md §0–1). */
import { z } from 'zod';
import { MONEY_RE } from '../domain/money.js';

/** Yuan with two decimals, e.g. "29.90". */
export const money = z.string().regex(MONEY_RE);
/** "YYYY-MM-DD HH:mm:ss" in Asia/Shanghai. */
export const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
export const flag = z.union([z.literal(0), z.literal(1)]);
export const id = z.number().int().positive();

/** Query integer: query strings arrive as text. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

/** Carousel item: `path` is an internal route or an http URL. */
export const carousel = z.object({ image: z.string(), path: z.string() });
export type Carousel = z.infer<typeof carousel>;
