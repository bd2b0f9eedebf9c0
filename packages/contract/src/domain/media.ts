/**
 * Images staff upload for the shop (banners, logos, goods pictures): the accepted types and the size
 * limit, shared by the server (which decides) and the console (which checks before sending).
 */

/**
 * The largest image the console uploads: 1 MB. Shop pages load these images on phones over mobile
 * data, and a banner or logo larger than this is an unoptimised photo that slows the shop's first
 * screen: staff are asked to compress it instead. It also keeps each row of table `media` (images live in
 * the database, so every instance serves them without file storage) and the upload's JSON body small.
 */
export const MEDIA_MAX_BYTES = 1024 * 1024;

/** The accepted image types, by the extension the served URL carries. */
export const MEDIA_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type MediaExt = keyof typeof MEDIA_TYPES;
export type MediaMime = (typeof MEDIA_TYPES)[MediaExt];

/** What a file picker accepts (the server still decides by the bytes). */
export const MEDIA_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type from the file's first bytes (its magic number), never from its name or claimed type;
 * null for anything else (SVG, text, PDF …).
 */
export function mediaTypeOf(bytes: Uint8Array): { ext: MediaExt; mime: MediaMime } | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: MEDIA_TYPES.png };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: MEDIA_TYPES.jpg };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { ext: 'gif', mime: MEDIA_TYPES.gif };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { ext: 'webp', mime: MEDIA_TYPES.webp };
  return null;
}

/** The path a stored image is served under: `/media/<sha256 hex>.<ext>`, same origin as the shop. */
export const MEDIA_PATH_RE = /^\/media\/([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

export const mediaPath = (sha256: string, ext: MediaExt) => `/media/${sha256}.${ext}`;
