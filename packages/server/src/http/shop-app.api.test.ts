/**
 * The shop's static app under /shop/ and its caching (ADR 0024): the page, the service worker script
 * and a web manifest are asked again on every visit (`no-cache`, revalidated), so a deploy is seen at
 * once; hashed files are cached for good; other files for an hour. The pre-compressed copies the build
 * writes (.br, .gz) come with the same headers as the file, and all of them with the security headers.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

const webDist = join(tmpdir(), `haoka-shop-app-${process.pid}-${Date.now()}`);
let t: TestApp;

/** Writes a file and its .br and .gz copies, as scripts/precompress.mjs does. */
function writeWithCopies(path: string, text: string): void {
  const file = join(webDist, path);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  mkdirSync(join(webDist, 'static'), { recursive: true });
  writeWithCopies('index.html', '<!doctype html><html><head><title>x</title></head><body></body></html>\n');
  writeWithCopies('sw.js', `self.addEventListener('fetch', () => {}); // ${'x'.repeat(600)}\n`);
  writeWithCopies('manifest.webmanifest', '{"name":"x"}\n');
  writeWithCopies('assets/index-abc.js', 'console.log(1);\n');
  writeFileSync(join(webDist, 'static/logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ demo: false, config: { webDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const ENCODINGS = [undefined, 'gzip', 'br'] as const;

async function get(url: string, encoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
  expect(res.headers['x-content-type-options'], url).toBe('nosniff');
  expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
  return res;
}

describe(`the shop's static app on ${TEST_DB}`, () => {
  it.each(ENCODINGS)('the page and the service worker are revalidated on every visit (%s)', async (encoding) => {
    for (const url of ['/shop/', '/shop/index.html', '/shop/sw.js', '/shop/manifest.webmanifest']) {
      const res = await get(url, encoding);
      expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
    }
    const worker = await get('/shop/sw.js', encoding);
    expect(worker.headers['content-type']).toMatch(/javascript/);
  });

  it.each(ENCODINGS)('hashed files are cached for good, other files for an hour (%s)', async (encoding) => {
    const asset = await get('/shop/assets/index-abc.js', encoding);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await get('/shop/static/logo.png');
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
  });
});
