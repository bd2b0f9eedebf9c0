/**
 * Writes antd-mobile's four ErrorBlock pictures (default, disconnected, empty, busy) as SVG files under
 * packages/web/public/static/error-block/, for the shop's own ErrorBlock (components/error-block.tsx): as
 * files the browser loads them only when a page shows an error or an empty state, instead of their 38 KB
 * of drawing code riding in every first screen's JavaScript (docs/performance.md). Rerun after an
 * antd-mobile upgrade: node scripts/error-block-images.mjs
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { rolldown } from 'rolldown';

const require = createRequire(import.meta.url);
const out = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/public/static/error-block');
const source = require.resolve('antd-mobile/es/components/error-block/images/index.js');

const bundle = await rolldown({ input: source, external: ['react'], logLevel: 'silent' });
const { output } = await bundle.generate({ format: 'cjs' });
// Beside the repository's node_modules, so the bundle's `react` import resolves.
const dir = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/.cache/error-block');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'images.cjs'), output[0].code);
const images = require(join(dir, 'images.cjs'));
rmSync(dir, { recursive: true });

mkdirSync(out, { recursive: true });
for (const name of ['default', 'disconnected', 'empty', 'busy']) {
  const svg = renderToStaticMarkup(images[`${name}Image`]);
  writeFileSync(join(out, `${name}.svg`), `${svg}\n`);
  console.log(`${name}.svg ${svg.length} bytes`);
}
