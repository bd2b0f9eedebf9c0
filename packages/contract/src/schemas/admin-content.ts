/**
 * Schemas of the console's content pages (endpoints/admin-content.ts): image upload, promoters with their
 * branding, and card-home layouts.
 */
import { z } from 'zod';
import { MEDIA_MAX_BYTES, MEDIA_TYPES } from '../domain/media.js';
import { MOBILE_RE } from '../validators.js';
import { flag } from './common.js';
import { simLayout } from './iot.js';
import { frontConfig, payTypeOnline, shopMenuItem } from './site.js';

/**
 * An image upload: the file's name (for the audit line only: the type comes from the bytes) and its
 * content in base64. The bound is loose (a third over MEDIA_MAX_BYTES, plus slack) so a file a little
 * too large is refused with `imageTooLarge` rather than a generic range error.
 */
export const mediaUploadInput = z.object({
  fileName: z.string().trim().min(1).max(200),
  contentBase64: z
    .string()
    .min(1)
    .max(Math.ceil((MEDIA_MAX_BYTES * 4) / 3) * 2)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

/** A stored image: its same-origin URL (`/media/<sha256>.<ext>`), type and size in bytes. */
export const mediaUploaded = z.object({
  url: z.string(),
  mime: z.enum(Object.values(MEDIA_TYPES) as [string, ...string[]]),
  bytes: z.number().int().min(1).max(MEDIA_MAX_BYTES),
});
export type MediaUploaded = z.infer<typeof mediaUploaded>;

const epochMs = z.number().int().min(0);

/** A promoter's or a layout's code: 1–32 letters, digits, `_` or `-`. */
export const CONTENT_CODE_RE = /^[0-9A-Za-z_-]{1,32}$/;
export const contentCode = z.string().trim().regex(CONTENT_CODE_RE);

/**
 * A promoter's settings as the CLI's `promoter add|update --file` and the console's promoter form give
 * them: every field optional (what is not given keeps its stored value), unknown fields refused. `front`
 * fields are merged over the stored front config; `isDefault: 1` makes it the shop of visits without a
 * promoter code (another promoter becomes the default to stop being one).
 */
export const promoterSettings = z.strictObject({
  name: z.string().min(1).max(64).optional(),
  isAgent: flag.optional(),
  parentCode: z.string().regex(CONTENT_CODE_RE).nullable().optional(),
  ownerMobile: z.string().regex(MOBILE_RE).nullable().optional(),
  domain: z.string().max(128).optional(),
  inviteCode: z.string().max(32).optional(),
  douyinMpImId: z.string().max(64).optional(),
  kuaishouMpImId: z.string().max(64).optional(),
  enabled: flag.optional(),
  isDefault: z.literal(1).optional(),
  front: frontConfig.partial().strict().optional(),
  shopMenu: z.array(shopMenuItem).optional(),
  showPaymentType: z.array(payTypeOnline).min(1).optional(),
});
export type PromoterSettings = z.infer<typeof promoterSettings>;

/** The promoters table's filter: a code or name keyword. */
export const promoterFilters = { keyword: z.string().trim().max(64).optional() };

/** One row of the promoters table. */
export const adminPromoterRow = z.object({
  code: z.string(),
  name: z.string(),
  isAgent: flag,
  parentCode: z.string().nullable(),
  domain: z.string(),
  enabled: flag,
  isDefault: flag,
  updatedAt: epochMs,
});
export type AdminPromoterRow = z.infer<typeof adminPromoterRow>;

/** A promoter with all its settings (the front config merged over the defaults, as the shop gets it). */
export const adminPromoter = z.object({
  code: z.string(),
  isDefault: flag,
  updatedAt: epochMs,
  settings: promoterSettings.omit({ isDefault: true }).required().extend({ front: frontConfig }),
});
export type AdminPromoter = z.infer<typeof adminPromoter>;

/** What a save did: created the promoter or layout, changed it, or found nothing to change. */
export const contentSaveResult = z.enum(['created', 'updated', 'unchanged']);
export type ContentSaveResult = z.infer<typeof contentSaveResult>;

/** A stored card-page layout: given only in part, the rest from the built-in defaults. */
export const simLayoutPartial = simLayout.partial().strict();
export type SimLayoutPartial = z.infer<typeof simLayoutPartial>;

/** One row of the layouts table. */
export const adminLayoutRow = z.object({
  code: z.string(),
  /** The layout's shown name (its `name`, else the default's). */
  name: z.string(),
  /** How many cards use it. */
  cards: z.number().int().min(0),
  updatedAt: epochMs,
});
export type AdminLayoutRow = z.infer<typeof adminLayoutRow>;

/** A layout: what is stored, and the SimLayout cards get (stored fields over the defaults). */
export const adminLayout = z.object({
  code: z.string(),
  stored: simLayoutPartial,
  layout: simLayout,
  /** Null for a code with no stored layout yet (its cards get the defaults). */
  updatedAt: epochMs.nullable(),
});
export type AdminLayout = z.infer<typeof adminLayout>;
