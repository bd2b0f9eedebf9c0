/**
 * Personal data at rest (ARCHITECTURE.md "Personal data"): ID numbers are encrypted with AES-256-GCM
 * under a key kept outside the database, and an HMAC serves equality lookups ("5 cards per ID").
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export interface DataKeys {
  /** 32 bytes: AES-256-GCM key. */
  encryption: Buffer;
  /** HMAC key for lookups. */
  lookup: Buffer;
}

let keys: DataKeys | null = null;

export function setDataKeys(k: DataKeys): void {
  if (k.encryption.length !== 32) throw new Error('the data encryption key must be 32 bytes');
  keys = k;
}

function current(): DataKeys {
  if (!keys) throw new Error('data keys are not configured');
  return keys;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptPersonal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current().encryption, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function decryptPersonal(sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', current().encryption, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Keyed hash for equality lookups; `purpose` separates the uses of one key. */
export function lookupHash(purpose: string, value: string): string {
  return createHmac('sha256', current().lookup).update(`${purpose}\u0000${value}`).digest('hex');
}
