import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getManifest } from 'workbox-build';
import { PRECACHE_GLOBS, SERVICE_WORKER_OPTIONS } from './service-worker';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The precache list workbox-build makes with these options from a build laid out as the real one. */
async function precacheOf(files: string[]) {
  const dist = mkdtempSync(join(tmpdir(), 'haoka-sw-globs-'));
  dirs.push(dist);
  for (const file of files) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), file);
  }
  const { manifestEntries } = await getManifest({
    globDirectory: dist,
    globPatterns: PRECACHE_GLOBS,
    dontCacheBustURLsMatching: SERVICE_WORKER_OPTIONS.injectManifest?.dontCacheBustURLsMatching,
  });
  return new Map((manifestEntries ?? []).map((entry) => [entry.url, entry.revision]));
}

describe("the service worker's place in the build", () => {
  it('is built from src/service-worker/sw.ts, registered by the page itself, with no manifest to install', () => {
    expect(SERVICE_WORKER_OPTIONS).toMatchObject({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
    });
  });

  it('precaches the page, every hashed file and the shell pictures; hashed files without a revision', async () => {
    const precache = await precacheOf([
      'index.html',
      'assets/index-Ab12.js',
      'assets/initial-Cd34.js',
      'assets/index-Ef56.css',
      'assets/en-Gh78.js',
      'static/logo.png',
      'static/tabbar/home.png',
      'static/operator/1.png',
      'static/error-block/empty.svg',
      'static/iot/tab/home.png',
    ]);
    expect([...precache.keys()].sort()).toEqual([
      'assets/en-Gh78.js',
      'assets/index-Ab12.js',
      'assets/index-Ef56.css',
      'assets/initial-Cd34.js',
      'index.html',
      'static/error-block/empty.svg',
      'static/iot/tab/home.png',
      'static/logo.png',
      'static/operator/1.png',
      'static/tabbar/home.png',
    ]);
    expect(precache.get('assets/index-Ab12.js')).toBeNull();
    // The page's name does not change with its content: its revision does.
    expect(precache.get('index.html')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('leaves out the worker itself, the compressed copies, the region files and the demo pictures', async () => {
    const precache = await precacheOf([
      'index.html',
      'index.html.br',
      'assets/index-Ab12.js.gz',
      'sw.js',
      '.vite/manifest.json',
      'provinces/11.json',
      'static/goods/sim-1.png',
      'static/iot/menu/vip.png',
      'static/iot/task/demo-video.mp4',
    ]);
    expect([...precache.keys()]).toEqual(['index.html']);
  });
});
