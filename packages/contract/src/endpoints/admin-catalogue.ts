/**
 * The console's catalogue and content (BACKOFFICE.md, issue 23 item 3): staff create, edit and retire what
 * the shop and the card pages sell and show, one table per kind (schemas/admin-catalogue.ts). Retiring is
 * disabling: rows that orders reference are never deleted. Part of `adminApi` (endpoints/admin.ts).
 */
import { z } from 'zod';
import { adminPageQuery } from '../schemas/admin.js';
import {
  CATALOGUE_KINDS,
  catalogueEntry,
  catalogueItem,
  catalogueMallCategory,
  catalogueRow,
} from '../schemas/admin-catalogue.js';
import { pageOf } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

const kind = z.enum(CATALOGUE_KINDS);
const id = z.coerce.number().int().min(1);

/** A kind's items, newest sort first; `keyword` matches the title (and the code where the kind has one). */
export const listCatalogue = defineEndpoint({
  method: 'GET',
  path: '/api/admin/catalogue/list',
  input: z.object({
    kind,
    /** Only this promoter's items ('' = the catalogue every promoter shows); absent = all. */
    promoCode: z
      .string()
      .regex(/^[0-9A-Za-z_-]{0,32}$/)
      .optional(),
    keyword: z.string().trim().max(64).optional(),
    enabled: z.coerce.number().int().min(0).max(1).optional(),
    ...adminPageQuery,
  }),
  data: pageOf(catalogueRow),
  auth: 'staff',
  permission: 'content.read',
});

/** One item as the form edits it, and where the shop shows it. Unknown id: `catalogueItemGone`. */
export const getCatalogueItem = defineEndpoint({
  method: 'GET',
  path: '/api/admin/catalogue/item',
  input: z.object({ kind, id }),
  data: catalogueEntry,
  auth: 'staff',
  permission: 'content.read',
});

/**
 * Creates (without `id`) or updates (with `id`; the kind must match) one item, audited in the same
 * transaction (`catalogue.create` / `catalogue.update`). A natural key in use by another item is refused
 * with `catalogueKeyTaken` (`data.field`); an unknown promoter with `cataloguePromoterUnknown`.
 */
export const saveCatalogueItem = defineEndpoint({
  method: 'POST',
  path: '/api/admin/catalogue/save',
  input: z.object({ id: z.number().int().min(1).optional(), item: catalogueItem }),
  data: z.object({ id: z.number().int() }),
  auth: 'staff',
  permission: 'content.write',
});

/** Puts an item on (1) or retires it (0) from the shop; audited (`catalogue.enable` / `catalogue.disable`). */
export const setCatalogueEnabled = defineEndpoint({
  method: 'POST',
  path: '/api/admin/catalogue/enabled',
  input: z.object({ kind, id: z.number().int().min(1), enabled: z.union([z.literal(0), z.literal(1)]) }),
  data: z.null(),
  auth: 'staff',
  permission: 'content.write',
});

/** The points mall's categories in shelf order (every promoter's), for the mall goods form. */
export const listMallCategories = defineEndpoint({
  method: 'GET',
  path: '/api/admin/catalogue/mall-categories',
  input: z.object({}),
  data: z.array(catalogueMallCategory),
  auth: 'staff',
  permission: 'content.read',
});
