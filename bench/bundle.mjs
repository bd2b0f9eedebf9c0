/**
 * `npm run bench -- bundle`: gzip size of the JS and CSS each first screen loads, from the real build's
 * manifest (packages/web/dist/.vite/manifest.json), next to the React runtime floor.
 *
 * A screen loads the entry chunk with its static imports, its route's lazy page chunk (looked up by its
 * source path in the route table, src/app/routes.ts) with that chunk's static imports, and the active
 * locale's catalogue with its files of the sections the page registers (the largest of the five locales
 * is counted). Chunks a page imports dynamically later
 * (dialogs, charts) are not part of its first screen. The measurement is e2e/first-screen.ts, which the
 * size check (e2e/first-screen-size.spec.ts) shares; Node strips its types.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSize as gzip, measureFirstScreens, SCREENS } from '../e2e/first-screen.ts';
import { DATA, kbFmt, ROOT, verdict } from './lib.mjs';

const DIST = join(ROOT, 'packages/web/dist');
const BUDGET = 120 * 1024;

export { SCREENS };

/** Checks that the route table still maps each screen's path to the page module measured here. */
function checkRouteTable() {
  const table = readFileSync(join(ROOT, 'packages/web/src/app/routes.ts'), 'utf8');
  for (const s of SCREENS) {
    const page = s.source.replace(/^src\//, '../').replace(/\.tsx$/, '');
    const re = new RegExp(`path: '${s.route}',[^}]*?import\\('${page.replaceAll('/', '\\/')}'\\)`, 's');
    if (!re.test(table)) throw new Error(`routes.ts no longer loads ${s.source} for ${s.route}`);
  }
}

/**
 * The React runtime floor: gzip of the smallest React app (createRoot(...).render of one element) built by
 * the web package's own Vite in production mode, so it is minified exactly as the shop's chunks are.
 */
export async function reactFloor() {
  const require = createRequire(join(ROOT, 'packages/web/package.json'));
  const { build } = await import(pathToFileURL(require.resolve('vite')).href);
  const dir = join(DATA, 'react-floor');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'main.js'),
    [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.getElementById('root')).render(createElement('div', null, 'floor'));",
      '',
    ].join('\n'),
  );
  // Vite's build sets process.env.NODE_ENV; the bench's servers started later must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: { write: false, rollupOptions: { input: join(dir, 'main.js') } },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((o) => o.type === 'chunk');
  return chunks.reduce((sum, c) => sum + gzip(Buffer.from(c.code)), 0);
}

export async function run() {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('no web build: run `npm run build` first');
  checkRouteTable();
  const floor = await reactFloor();
  const rows = [];
  for (const screen of measureFirstScreens(DIST)) {
    const { js, css, total, files: count } = screen;
    rows.push({
      figure: `first screen JS+CSS gzip: ${screen.name}`,
      value: `${kbFmt(total)} (JS ${kbFmt(js)}, CSS ${kbFmt(css)}; ${(total / floor).toFixed(1)}× React floor)`,
      budget: '≤ 120 KB',
      verdict: verdict(total <= BUDGET),
      how: `entry + ${screen.source} with their static imports + the ${screen.locale} catalogue and sections (${count} files), build manifest, gzip -9; 1 measurement (deterministic)`,
    });
  }
  // Not JS or CSS files, but what every page downloads first: the HTML with the landing pages'
  // prerendered first views (20 of them), their inline rules and two inline scripts.
  rows.push({
    figure: 'index.html with the first views (gzip)',
    value: kbFmt(gzip(readFileSync(join(DIST, 'index.html')))),
    budget: '',
    verdict: '-',
    how: 'packages/web/dist/index.html, gzip -9 (the server sends its Brotli file, smaller)',
  });
  rows.push({
    figure: 'React runtime floor (gzip)',
    value: kbFmt(floor),
    budget: '',
    verdict: '-',
    how: "react + react-dom/client app rendering one element, built by the web package's Vite (production), gzip -9",
  });
  return rows;
}
