/**
 * Schemas of the console's content pages (endpoints/admin-content.ts): image upload, promoters with their
 * branding, and card-home layouts.
 */
import { z } from 'zod';
import { MEDIA_MAX_BYTES, MEDIA_TYPES } from '../domain/media.js';

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
