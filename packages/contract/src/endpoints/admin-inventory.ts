/**
 * The console's number inventory (BACKOFFICE.md module 4, issue 23 item 1): the shop's search with the
 * status and pattern tags, bulk price / status / lock changes on a selection or a whole filter (with a
 * preview count), and the CSV / XLSX import run as a job. Part of `adminApi` (endpoints/admin.ts). The XLSX
 * export is a raw route (`GET /api/admin/inventory/export`, the table's filters, permission
 * `inventory.read`): a file, not an envelope.
 */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { adminPageQuery } from '../schemas/admin.js';
import {
  adminImportJob,
  adminNumber,
  inventoryBulkCount,
  inventoryBulkResult,
  inventoryChange,
  inventoryFilters,
  inventoryScope,
} from '../schemas/admin-inventory.js';
import { pageOf } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

export const INVENTORY_EXPORT_PATH = '/api/admin/inventory/export';
/** At most this many rows in one import file (the upload is JSON text of about 1 MB). */
export const INVENTORY_IMPORT_MAX_ROWS = 10_000;
/** At most this many characters of file content (CSV text, or XLSX as base64). */
export const INVENTORY_IMPORT_MAX_CHARS = 1_000_000;
/** At most this many rows in one export (a whole filter beyond it is cut). */
export const INVENTORY_EXPORT_MAX_ROWS = 100_000;

export const listInventory = defineEndpoint({
  method: 'GET',
  path: '/api/admin/inventory/list',
  input: z
    .object({ ...adminPageQuery, ...inventoryFilters })
    .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
      error: reasonIssue('priceRangeInvalid'),
      path: ['priceMin'],
    }),
  data: pageOf(adminNumber),
  auth: 'staff',
  permission: 'inventory.read',
});

/** How many numbers a bulk change would touch: in scope, and changeable by it. */
export const previewInventoryChange = defineEndpoint({
  method: 'POST',
  path: '/api/admin/inventory/preview',
  input: z.object({ scope: inventoryScope, change: inventoryChange }),
  data: inventoryBulkCount,
  auth: 'staff',
  permission: 'inventory.read',
});

/** Applies a bulk change after the console's confirmation; one audit line with the scope and the count. */
export const applyInventoryChange = defineEndpoint({
  method: 'POST',
  path: '/api/admin/inventory/apply',
  input: z.object({ scope: inventoryScope, change: inventoryChange }),
  data: inventoryBulkResult,
  auth: 'staff',
  permission: 'inventory.write',
});

/**
 * Starts an import of a CSV (text) or XLSX (base64) file with the CLI importer's columns; answers the queued
 * job at once and runs it in this process. The page polls `inventoryJob` for progress and per-row errors.
 */
export const startInventoryImport = defineEndpoint({
  method: 'POST',
  path: '/api/admin/inventory/import',
  input: z.object({
    fileName: z.string().trim().min(1).max(200),
    format: z.enum(['csv', 'xlsx']),
    content: z.string().min(1).max(INVENTORY_IMPORT_MAX_CHARS),
  }),
  data: adminImportJob,
  auth: 'staff',
  permission: 'inventory.write',
});

export const inventoryJob = defineEndpoint({
  method: 'GET',
  path: '/api/admin/inventory/job',
  input: z.object({ id: z.coerce.number().int().min(1) }),
  data: adminImportJob,
  auth: 'staff',
  permission: 'inventory.read',
});
