/**
 * Every dynamic import of the shop's code waits for the texts its modules register (`withTexts`,
 * src/i18n/index.ts): in the build a lazy section's strings load from a file of their own, and a
 * component that rendered before them would show its keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src', import.meta.url).pathname;

/** Imports that do not go through `withTexts`, and why. */
const LET_THROUGH: Record<string, string> = {
  'app/routes.ts': 'the pages, which app/async-page.tsx loads through withTexts',
  'i18n/index.ts': "the locales' catalogues",
  'i18n/load-reasons.ts': 'the reasons section itself, which registers once loaded',
  'platform/feedback.ts': "antd-mobile's Toast and Dialog, no feature of the shop",
  'main.tsx':
    "the service worker's registration, which waits for its own section (app/service-worker.tsx), and the overlays' focus, which has no texts",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.includes('/test/') ? [path] : [];
  });
}

describe("the shop's dynamic imports", () => {
  it('each waits for its texts, or is one of the few let through', () => {
    const bare: string[] = [];
    for (const path of sources(SRC)) {
      const file = relative(SRC, path);
      if (LET_THROUGH[file]) continue;
      const code = readFileSync(path, 'utf8');
      for (const match of code.matchAll(/(?<!typeof |withTexts\()import\(/g)) {
        bare.push(`${file}:${code.slice(0, match.index).split('\n').length}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('the ones let through still import dynamically (the list is kept true)', () => {
    for (const file of Object.keys(LET_THROUGH)) {
      expect(readFileSync(join(SRC, file), 'utf8'), file).toMatch(/(?<!typeof )import\(/);
    }
  });
});
