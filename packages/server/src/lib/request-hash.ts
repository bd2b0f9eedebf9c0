/**
 * The fingerprint of a create request (API.md §0 "Idempotency"): a repeat with the same `uuid` must carry
 * the same payload. Fields that do not change what is bought (the uuid itself, a secret, where the
 * browser returns to) are left out.
 */
import { createHash } from 'node:crypto';

export function requestHash(input: object, ignore: readonly string[] = []): string {
  const skip = new Set(['uuid', ...ignore]);
  const entries = Object.entries(input)
    .filter(([key, value]) => !skip.has(key) && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify(Object.fromEntries(entries)))
    .digest('hex');
}
