/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, HMAC-SHA-1, 30-second steps, 6 digits):
 * the staff console's second factor, read by any authenticator app from an `otpauth://` URI. Written on
 * node:crypto rather than a dependency: it is these few lines, proven by the RFC's test vectors.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_MS = 30_000;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after are accepted too, for clocks a little apart. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The 30-second step of a time. */
export function totpStep(epochMs: number): number {
  return Math.floor(epochMs / TOTP_STEP_MS);
}

/** The HOTP code of one counter value (RFC 4226 §5.3, dynamic truncation). */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator shows at `epochMs` for a base32 secret. */
export function totpCode(secret: string, epochMs: number): string {
  return hotp(base32Decode(secret), totpStep(epochMs));
}

/**
 * The step whose code `code` is, within the window around `epochMs` and after `lastStep` (a code already
 * used is refused: no replay); null when none matches.
 */
export function matchTotp(secret: string, code: string, epochMs: number, lastStep = 0): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(epochMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** The `otpauth://` URI an authenticator app reads (as a QR code or pasted). */
export function totpUri(secret: string, account: string, issuer = 'Haoka'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_MS / 1000),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
