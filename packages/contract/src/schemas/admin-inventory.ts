/**
 * Schemas of the staff console's number inventory (endpoints/admin-inventory.ts): the shop's search filters
 * plus the status, the table's row with its pattern tags, the bulk actions and the import job. Money is yuan
 * with two decimals, as in the shop; times are epoch milliseconds.
 */
import { z } from 'zod';
import { isPatternCode, PATTERN_CODES } from '../domain/vanity-patterns.js';
import { reasonIssue } from '../reason-issue.js';
import { money } from './common.js';

const epochMs = z.number().int().min(0);
const yuanInt = z.coerce.number().int().min(0).max(10_000_000);

/**
 * The inventory's filters, shared by the table, the bulk actions on a whole filter and the export. The same
 * as the shop's search (NUMBERS.md), served by the same index, plus the status; the table sees every
 * promoter's numbers. Comma lists stay strings on the wire (query strings and JSON alike).
 */
export const inventoryFilters = {
  /** 0 off sale, 1 on sale, 2 locked (by an order or by staff), 3 sold; absent = every status. */
  status: z.coerce.number().int().min(0).max(3).optional(),
  operatorType: z.coerce.number().int().min(1).max(4).optional(),
  provinceCode: z
    .string()
    .regex(/^\d{6}$/, { error: reasonIssue('regionCodeInvalid') })
    .optional(),
  cityCode: z
    .string()
    .regex(/^\d{6}$/, { error: reasonIssue('regionCodeInvalid') })
    .optional(),
  segment: z
    .string()
    .regex(/^1\d{2}$/, { error: reasonIssue('segmentInvalid') })
    .optional(),
  /** Pattern codes, comma separated: any of them. */
  pattern: z
    .string()
    .max(200)
    .refine((v) => v.split(',').every((c) => isPatternCode(c.trim())), { error: reasonIssue('patternInvalid') })
    .transform((v) => [...new Set(v.split(',').map((c) => c.trim()))] as (typeof PATTERN_CODES)[number][])
    .optional(),
  keyword: z
    .string()
    .regex(/^\d{1,11}$/, { error: reasonIssue('digitsInvalid') })
    .optional(),
  position: z.enum(['any', 'tail']).default('any'),
  priceMin: yuanInt.optional(),
  priceMax: yuanInt.optional(),
  /** Digits, comma separated: numbers holding any of them anywhere are left out. */
  excludeDigits: z
    .string()
    .regex(/^\d(,\d)*$/, { error: reasonIssue('excludeDigitsInvalid') })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .optional(),
  sort: z.enum(['default', 'priceAsc', 'priceDesc']).default('default'),
};
export const inventoryFilter = z
  .object(inventoryFilters)
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    error: reasonIssue('priceRangeInvalid'),
    path: ['priceMin'],
  });
export type InventoryFilter = z.infer<typeof inventoryFilter>;
/** The filter as the console sends it (comma lists as strings). */
export type InventoryFilterInput = z.input<typeof inventoryFilter>;

/** One row of the inventory table. */
export const adminNumber = z.object({
  id: z.number().int(),
  number: z.string(),
  operatorType: z.number().int(),
  provinceName: z.string(),
  cityName: z.string(),
  price: money,
  originalPrice: money,
  minConsume: money,
  contractMonths: z.number().int(),
  /** 0 off sale, 1 on sale, 2 locked, 3 sold. */
  status: z.number().int().min(0).max(3),
  /** Locked by staff (status 2 without an order): staff may unlock it. */
  staffLocked: z.boolean(),
  /** The pending order holding it (status 2 by an order). */
  lockOrderSn: z.string().nullable(),
  level: z.number().int().min(1).max(5),
  patterns: z.array(z.enum(PATTERN_CODES)),
  promoCode: z.string(),
  updatedAt: epochMs,
});
export type AdminNumber = z.infer<typeof adminNumber>;

/** At most this many ids in one selection. */
export const INVENTORY_SELECTION_MAX = 1000;

/** What a bulk action applies to: the selected rows, or every number the filter matches. */
export const inventoryScope = z.union([
  z.object({ ids: z.array(z.number().int().min(1)).min(1).max(INVENTORY_SELECTION_MAX) }),
  z.object({ filter: inventoryFilter }),
]);
export type InventoryScope = z.infer<typeof inventoryScope>;

/**
 * A bulk change. `price` sets the price (and raises the original price to it where it was lower); `status`
 * puts numbers off (0) or on (1) sale; `lock` holds numbers on sale or off sale for staff (status 2 with no
 * order: the lock sweep never frees it), `unlock` puts staff-locked numbers back on sale. A number locked by
 * an order or sold is never changed.
 */
export const inventoryChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price'),
    price: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, { error: reasonIssue('inventoryPriceInvalid') }),
  }),
  z.object({ kind: z.literal('status'), status: z.union([z.literal(0), z.literal(1)]) }),
  z.object({ kind: z.literal('lock') }),
  z.object({ kind: z.literal('unlock') }),
]);
export type InventoryChange = z.infer<typeof inventoryChange>;

/** A bulk preview or result: numbers in scope, and those the change applies to (the rest are skipped). */
export const inventoryBulkCount = z.object({
  matched: z.number().int().min(0),
  changeable: z.number().int().min(0),
});

export const inventoryBulkResult = z.object({
  matched: z.number().int().min(0),
  changed: z.number().int().min(0),
});

/** One refused line of an import: its line (CSV) or row (XLSX) and why. */
export const importRowError = z.object({ line: z.number().int().min(1), message: z.string() });

/** A batch job of the console (an inventory import), polled by the page until it is done or failed. */
export const adminImportJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** queued → running → done | failed. */
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int().min(0),
  total: z.number().int().min(0),
  result: z
    .object({
      imported: z.number().int().min(0),
      rejected: z.array(importRowError),
      /** Why the whole job failed (a file-level problem). */
      error: z.string().optional(),
    })
    .nullable(),
  /** Why it failed as a whole: `jobInterrupted` (the server restarted while it ran), `operationFailed`. */
  reason: z.string().nullable(),
  staff: z.string(),
  at: epochMs,
});
export type AdminImportJob = z.infer<typeof adminImportJob>;
