/**
 * Uploaded images on disk (API.md §6 POST /api/upload): outside the web root under UPLOAD_DIR, one file
 * per random key. Real-name photos (ID card sides, face) are personal data: they are sealed with
 * AES-256-GCM under the data key (the key name as associated data), and are only ever served through a
 * signed, expiring URL. Avatars are stored as they are and served without a signature.
 */
import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lookupHash } from '../../lib/personal-data.js';

export const UPLOAD_SCENES = ['realname', 'avatar'] as const;
export type UploadScene = (typeof UPLOAD_SCENES)[number];

export const isUploadScene = (value: unknown): value is UploadScene =>
  typeof value === 'string' && (UPLOAD_SCENES as readonly string[]).includes(value);

export const UPLOAD_FILE_PATH = '/api/upload/file';
/** How long a signed URL of a private file works. */
export const SIGNED_URL_TTL_MS = 3600_000;
/** `<32 hex>.<ext>`: what the contract's image key accepts, and nothing that could leave the directory. */
export const UPLOAD_KEY_RE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'jpg' | 'png' | 'webp';
}

/** The image type from the file's first bytes (never from the client's name or MIME type), else null. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

export const newUploadKey = (ext: ImageType['ext']) => `${randomBytes(16).toString('hex')}.${ext}`;

const SEAL_MAGIC = Buffer.from('HKU1');

export class UploadStore {
  constructor(
    private readonly dir: string,
    private readonly dataKey: Buffer,
  ) {}

  #path(scene: UploadScene, key: string): string {
    if (!UPLOAD_KEY_RE.test(key)) throw new Error('not an upload key');
    return join(this.dir, scene, key.slice(0, 2), key);
  }

  #seal(key: string, bytes: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.dataKey, iv);
    cipher.setAAD(Buffer.from(key));
    const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return Buffer.concat([SEAL_MAGIC, iv, cipher.getAuthTag(), body]);
  }

  #open(key: string, sealed: Buffer): Buffer {
    if (sealed.length < 32 || !sealed.subarray(0, 4).equals(SEAL_MAGIC)) throw new Error('not a sealed upload');
    const decipher = createDecipheriv('aes-256-gcm', this.dataKey, sealed.subarray(4, 16));
    decipher.setAAD(Buffer.from(key));
    decipher.setAuthTag(sealed.subarray(16, 32));
    return Buffer.concat([decipher.update(sealed.subarray(32)), decipher.final()]);
  }

  /** Writes the file (atomically: a temporary name, then a rename), readable by this process only. */
  async write(scene: UploadScene, key: string, bytes: Buffer): Promise<void> {
    const path = this.#path(scene, key);
    await mkdir(join(this.dir, scene, key.slice(0, 2)), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, scene === 'realname' ? this.#seal(key, bytes) : bytes, { mode: 0o600 });
    await rename(temporary, path);
  }

  async read(scene: UploadScene, key: string): Promise<Buffer> {
    const stored = await readFile(this.#path(scene, key));
    return scene === 'realname' ? this.#open(key, stored) : stored;
  }

  async remove(scene: UploadScene, key: string): Promise<void> {
    await rm(this.#path(scene, key), { force: true });
  }
}

const signatureOf = (key: string, exp: number) =>
  Buffer.from(lookupHash('upload-url', `${key}\n${exp}`), 'hex').toString('base64url');

/** The query of a signed URL: key, expiry (epoch seconds) and signature. */
export function signUpload(key: string, now = Date.now()): { key: string; exp: string; sig: string } {
  const exp = Math.floor((now + SIGNED_URL_TTL_MS) / 1000);
  return { key, exp: String(exp), sig: signatureOf(key, exp) };
}

/** Whether a signed URL's query is genuine and not expired. */
export function verifyUploadSignature(key: string, exp: string, sig: string, now = Date.now()): boolean {
  if (!/^\d{1,12}$/.test(exp)) return false;
  const expiresAt = Number(exp) * 1000;
  if (expiresAt <= now) return false;
  const expected = Buffer.from(signatureOf(key, Number(exp)));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
