/**
 * The contract's fingerprint: a number from the SHA-256 of its source files (tests left out), by path and
 * content. The build gives it to the app as `import.meta.env.HAOKA_CONTRACT_FINGERPRINT`, the version of
 * the stores that keep server answers (src/stores/persist.ts): a deploy whose contract changed drops the
 * stored answers once, and one that did not keeps them. Deterministic for a source tree.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SOURCE = /\.ts$/;
const TEST = /\.test\.ts$/;

/** The fingerprint of the contract sources under `srcDir`: a positive 31-bit integer. */
export function contractFingerprint(srcDir: string): number {
  const files = (readdirSync(srcDir, { recursive: true }) as string[])
    .map((file) => join(srcDir, file))
    .filter((file) => SOURCE.test(file) && !TEST.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(srcDir, file).replaceAll('\\', '/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  // Never 1, the version of a store written before answers were versioned and of the unbuilt app.
  return (hash.digest().readUInt32BE(0) >>> 1) | 2;
}
