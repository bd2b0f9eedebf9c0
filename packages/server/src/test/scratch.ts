/** Scratch folders for test files: one fresh temporary folder, removed when the test file ends. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh folder under the system's temporary directory; call it at a test file's top level. */
export function scratchDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `haoka-${label}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
