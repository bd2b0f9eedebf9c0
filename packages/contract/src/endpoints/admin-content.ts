/**
 * The console's content pages (BACKOFFICE.md, issue 23 item 3): image upload, promoters with their
 * branding and home carousel, and card-home layouts (SimLayouts). Reading needs `content.read`, writing
 * `content.write` (operator, owner). Part of `adminApi` (endpoints/admin.ts).
 */
import { z } from 'zod';
import { adminPageQuery } from '../schemas/admin.js';
import {
  adminLayout,
  adminLayoutRow,
  adminPromoter,
  adminPromoterRow,
  contentCode,
  contentSaveResult,
  mediaUploaded,
  mediaUploadInput,
  promoterFilters,
  promoterSettings,
  simLayoutPartial,
} from '../schemas/admin-content.js';
import { pageOf } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

/**
 * Stores an image (PNG, JPEG, GIF or WebP by its magic bytes, at most MEDIA_MAX_BYTES) and answers the
 * URL it is served under. The same bytes uploaded twice are stored once and answer the same URL.
 * Refusals: `imageType`, `imageTooLarge`.
 */
export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/api/admin/media/upload',
  input: mediaUploadInput,
  data: mediaUploaded,
  auth: 'staff',
  permission: 'content.write',
});

/** Promoters (shops) by code or name keyword, the default first, then by code. */
export const listPromoters = defineEndpoint({
  method: 'GET',
  path: '/api/admin/promoters/list',
  input: z.object({ ...adminPageQuery, ...promoterFilters }),
  data: pageOf(adminPromoterRow),
  auth: 'staff',
  permission: 'content.read',
});

/** One promoter with all its settings. Refusal: `promoterNotFound`. */
export const getPromoter = defineEndpoint({
  method: 'GET',
  path: '/api/admin/promoters/get',
  input: z.object({ code: contentCode }),
  data: adminPromoter,
  auth: 'staff',
  permission: 'content.read',
});

/**
 * Creates (`create: true`) or changes a promoter with the given settings, the same way as the CLI's
 * `promoter add|update`, audited (`promoter.create` / `promoter.update`) with the changed fields. The
 * shop of this instance shows it at once; other instances within CONFIG_CACHE_SECONDS. Refusals:
 * `promoterExists`, `promoterNotFound`, `promoterParentInvalid`, `promoterDomainTaken`,
 * `promoterDefaultClosed`.
 */
export const savePromoter = defineEndpoint({
  method: 'POST',
  path: '/api/admin/promoters/save',
  input: z.object({ code: contentCode, create: z.boolean(), settings: promoterSettings }),
  data: z.object({ result: contentSaveResult, promoter: adminPromoter }),
  auth: 'staff',
  permission: 'content.write',
});

/** Card-page layouts (SimLayouts) by code keyword, with how many cards use each. */
export const listLayouts = defineEndpoint({
  method: 'GET',
  path: '/api/admin/layouts/list',
  input: z.object({ ...adminPageQuery, keyword: z.string().trim().max(32).optional() }),
  data: pageOf(adminLayoutRow),
  auth: 'staff',
  permission: 'content.read',
});

/** One layout: what is stored and the merged SimLayout cards get (the defaults for an unknown code). */
export const getLayout = defineEndpoint({
  method: 'GET',
  path: '/api/admin/layouts/get',
  input: z.object({ code: contentCode }),
  data: adminLayout,
  auth: 'staff',
  permission: 'content.read',
});

/**
 * Stores a layout (replacing what was stored under the code), the same way as the CLI's `layout set`,
 * audited (`layout.save`) with the changed fields. Cards show it on their next card-home load.
 */
export const saveLayout = defineEndpoint({
  method: 'POST',
  path: '/api/admin/layouts/save',
  input: z.object({ code: contentCode, layout: simLayoutPartial }),
  data: z.object({ result: contentSaveResult, layout: adminLayout }),
  auth: 'staff',
  permission: 'content.write',
});
