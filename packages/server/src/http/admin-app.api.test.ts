/**
 * The staff console under /admin/ (issue 22 item 1): served from its own build with its own policy (no
 * inline script, never framed), `/admin` sends to `/admin/`, a missing build is a warning and no route,
 * and the shop's build never references the console's bundle.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN_DIST = join(PACKAGES, 'admin/dist');
const WEB_DIST = join(PACKAGES, 'web/dist');

const FIXTURE_INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Haoka</title>
    <script type="module" crossorigin src="/admin/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const adminDist = join(tmpdir(), `haoka-admin-${process.pid}-${Date.now()}`);
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(adminDist, 'assets'), { recursive: true });
  writeFileSync(join(adminDist, 'index.html'), FIXTURE_INDEX);
  writeFileSync(join(adminDist, 'assets/index-abc.js'), 'console.log(1);\n');
  t = await createTestApp({ demo: false, config: { adminDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(adminDist, { recursive: true, force: true });
});

function directives(header: unknown): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [String(name).toLowerCase(), sources] as const),
  );
}

/** Every file below `dir`. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

describe(`the staff console's static app on ${TEST_DB}`, () => {
  it('/admin sends to /admin/, which serves the built index with a policy of its own', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(bare.statusCode).toBeGreaterThanOrEqual(301);
    expect(bare.statusCode).toBeLessThanOrEqual(308);
    expect(bare.headers.location).toBe('/admin/');

    const index = await t.app.inject({ method: 'GET', url: '/admin/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.body).toBe(FIXTURE_INDEX);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    const csp = directives(index.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('serves its hashed assets cached for good, under the same policy', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(directives(asset.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('without a build, /admin/ is not served and the server says why', async () => {
    const lines: string[] = [];
    const bare = await createTestApp({
      demo: false,
      config: { adminDist: join(tmpdir(), 'haoka-admin-never-built'), logLevel: 'warn' },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/admin/' })).statusCode).toBe(404);
      expect(lines.some((line) => line.includes('staff console not built'))).toBe(true);
    } finally {
      await bare.close();
    }
  });

  it.skipIf(!existsSync(join(ADMIN_DIST, 'index.html')) || !existsSync(join(WEB_DIST, 'index.html')))(
    "the real builds: the console's index loads its own bundle, and no file of the shop's build names it",
    () => {
      const index = readFileSync(join(ADMIN_DIST, 'index.html'), 'utf8');
      const scripts = [...index.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) expect(src).toMatch(/^\/admin\/assets\//);
      expect(index).not.toMatch(/<script\b(?![^>]*\bsrc=)[^>]*>/);

      const adminAssets = readdirSync(join(ADMIN_DIST, 'assets'));
      for (const file of filesOf(WEB_DIST).filter((f) => /\.(html|js|css|json|webmanifest)$/.test(f))) {
        const text = readFileSync(file, 'utf8');
        expect(text, file).not.toContain('/admin/assets/');
        for (const asset of adminAssets) expect(text, file).not.toContain(asset);
      }
    },
  );
});
