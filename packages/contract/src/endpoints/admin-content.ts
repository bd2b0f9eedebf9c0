/**
 * The console's content pages (BACKOFFICE.md, issue 23 item 3): image upload, promoters with their
 * branding and home carousel, and card-home layouts (SimLayouts). Reading needs `content.read`, writing
 * `content.write` (operator, owner). Part of `adminApi` (endpoints/admin.ts).
 */
import { mediaUploaded, mediaUploadInput } from '../schemas/admin-content.js';
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
