/**
 * The size check: each landing page's first-screen JS+CSS (gzip -9, from the build's manifest; see
 * first-screen.ts) stays within its budget. Sizes are deterministic for a build, so this is a byte
 * count, not a timing. ARCHITECTURE.md's budget is 120 KB for every landing page: home, the number
 * search and the card login are held to it; until issue 24 brings the card home there, its limit is the
 * figure it reached (docs/performance.md) rounded up with 2 KB to spare, so that nothing grows back
 * meanwhile. Issue 24 lowers every limit to 120 KB.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSize, measureFirstScreens, SCREENS } from './first-screen';

const DIST = join(resolve(import.meta.dirname, '..'), 'packages/web/dist');
const KB = 1024;

/** The budget, and the card home's limit until issue 24 brings it there (reached, rounded up, plus 2 KB). */
const LIMIT_KB: Record<(typeof SCREENS)[number]['name'], number> = {
  home: 120,
  'number search': 120,
  'IoT login': 120,
  'IoT home': 132,
};

/**
 * index.html carries the landing pages' prerendered first views (20: four pages in five locales, web
 * build/first-view.ts), their inline rules and two small scripts; every page of the shop downloads it
 * before anything else; each view also lists the files its page loads (so that they download beside the
entry). The limit is the size reached (10.4 KB) with about 1.5 KB to spare.
 */
const LIMIT_HTML_KB = 12;

/**
 * The files each landing page loads (entry, page and their static imports, stylesheets and one catalogue
 * included): each is a request and a `<link>` the page's import appends on the main thread. The shop's
 * landing pages share their pages' modules in one `shop-landing` file (web/build/chunks.ts); these are
 * the counts reached, so that the split does not creep back. (The card's landing pages load more: the
 * shared modules only they use are files by the card landing pages that load them, `common-login-card`,
 * `common-login` and `common-card` (web/build/chunks.ts `commonGroupOf`), scripts and stylesheets, which
 * the shop's home does not load; and the card's texts in the active locale are files of their own.)
 */
const LIMIT_FILES: Record<(typeof SCREENS)[number]['name'], number> = {
  home: 13,
  'number search': 13,
  'IoT login': 19,
  'IoT home': 26,
};

describe('first-screen bytes of the landing pages', () => {
  const sizes = measureFirstScreens(DIST);

  it.each(SCREENS.map((s) => s.name))('%s stays within its limit', (name) => {
    const size = sizes.find((s) => s.name === name);
    expect(size, name).toBeDefined();
    const kb = (size?.total ?? 0) / KB;
    expect(kb, `${name}: ${kb.toFixed(1)} KB (${size?.files} files, ${size?.locale} catalogue)`).toBeLessThanOrEqual(
      LIMIT_KB[name],
    );
  });

  it.each(SCREENS.map((s) => s.name))('%s loads no more files than it did', (name) => {
    const size = sizes.find((s) => s.name === name);
    expect(size?.files, name).toBeLessThanOrEqual(LIMIT_FILES[name]);
  });

  it('index.html, with the first views, stays within its limit', () => {
    const kb = gzipSize(readFileSync(join(DIST, 'index.html'))) / KB;
    expect(kb, `index.html: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(LIMIT_HTML_KB);
  });
});
