/**
 * Card passwords (cardPasswordMode 1): argon2id, like pay passwords. Rows written before argon2 was a
 * dependency hold `scrypt$N$r$p$salt$hash` (base64url); they are still read, and `needsRehash` tells the
 * login to store an argon2 hash in their place after the next right password.
 */
import { scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../lib/argon2.js';

export function hashCardPassword(password: string): Promise<string> {
  return hashPassword(password);
}

/** True for a stored value in the old scrypt format. */
export function needsRehash(stored: string | null): boolean {
  return (stored ?? '').startsWith('scrypt$');
}

function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, expectedHash] = stored.split('$');
  if (!salt || !expectedHash) return Promise.resolve(false);
  const expected = Buffer.from(expectedHash, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 };
  return new Promise((resolve) => {
    scrypt(password, Buffer.from(salt, 'base64url'), expected.length, options, (error, key) =>
      resolve(!error && key.length === expected.length && timingSafeEqual(key, expected)),
    );
  });
}

/** False for a wrong password and for a stored value it cannot read. */
export async function verifyCardPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  if (needsRehash(stored)) return verifyScrypt(password, stored);
  return verifyPassword(password, stored);
}
