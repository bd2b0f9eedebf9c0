/** Password hashing for every secret a person types (card, pay and staff passwords): argon2id. */
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's second recommended setting (19 MiB, 2 passes). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored?.startsWith('$argon2')) return false;
  return verify(stored, password).catch(() => false);
}
