#!/usr/bin/env node
/**
 * `npm run bench`: prints each performance figure next to its budget (ARCHITECTURE.md "Budgets").
 * Figures land here as their features do; a figure whose feature is not built yet says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// `npm run bench -- search` runs the search bench alone.
if (process.argv[2] === 'search') {
  await import('./search.mjs');
  process.exit(0);
}
const DIST = join(ROOT, 'packages/web/dist');

/** gzip size of the JS and CSS the first screen loads: the entry and its static imports. */
function firstScreenBytes() {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('no build: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const files = new Set();
  const visit = (chunk) => {
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  visit(entry);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css, files: files.size };
}

const rows = [];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
try {
  const { js, css, files } = firstScreenBytes();
  rows.push({
    figure: 'first screen JS+CSS (gzip)',
    value: `${kb(js + css)} (JS ${kb(js)}, CSS ${kb(css)}, ${files} files)`,
    budget: '≤ 120 KB',
    verdict: js + css <= 120 * 1024 ? 'ok' : 'MISSED',
    how: 'entry chunk and its static imports from the build manifest, gzip -9, one measurement',
  });
} catch (error) {
  rows.push({
    figure: 'first screen JS+CSS (gzip)',
    value: String(error.message),
    budget: '≤ 120 KB',
    verdict: '-',
    how: '',
  });
}
rows.push({
  figure: 'numberList over 1,000,000 numbers',
  value: 'npm run bench -- search',
  budget: 'p95 ≤ 20 ms, p99 ≤ 50 ms, throughput ratio ≥ 0.5',
  verdict: '-',
  how: 'takes minutes on a first run (generates the data set)',
});
for (const figure of ['Lighthouse mobile performance', '100 concurrent reservations of one number']) {
  rows.push({
    figure,
    value: 'not measured yet',
    budget: 'see ARCHITECTURE.md',
    verdict: '-',
    how: 'lands with its feature',
  });
}

const cols = ['figure', 'value', 'budget', 'verdict', 'how'];
const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => String(r[c]).length))]));
const line = (r) => cols.map((c) => String(r[c]).padEnd(width[c])).join(' | ');
console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
console.log(cols.map((c) => '-'.repeat(width[c])).join('-|-'));
for (const r of rows) console.log(line(r));
