import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractFingerprint } from './contract-fingerprint';

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('contractFingerprint', () => {
  const base = { 'schemas/site.ts': 'export const a = 1;', 'index.ts': "export * from './schemas/site.js';" };

  it('is the same for the same sources, and a positive integer other than 1', () => {
    const a = contractFingerprint(tree(base));
    expect(contractFingerprint(tree(base))).toBe(a);
    expect(Number.isInteger(a) && a > 1 && a < 2 ** 31).toBe(true);
  });

  it('changes when a schema changes or a file moves, not when a test changes', () => {
    const a = contractFingerprint(tree(base));
    expect(contractFingerprint(tree({ ...base, 'schemas/site.ts': 'export const a = 2;' }))).not.toBe(a);
    expect(
      contractFingerprint(tree({ 'schemas/other.ts': base['schemas/site.ts'], 'index.ts': base['index.ts'] })),
    ).not.toBe(a);
    expect(contractFingerprint(tree({ ...base, 'schemas/site.test.ts': 'it()' }))).toBe(a);
  });

  it("reads the real contract's sources", () => {
    const src = fileURLToPath(new URL('../../contract/src', import.meta.url));
    expect(contractFingerprint(src)).toBeGreaterThan(1);
  });
});
